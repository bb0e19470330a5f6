"""A list's history, from the audit log."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.lists.history import change_lines
from league.lists.selectors import spielliste_changes
from league.lists.views.reading import aliases, read_list


def liste_history(request: HttpRequest, pk: int) -> HttpResponse:
    liste, access = read_list(request, pk)
    return render(
        request,
        "lists/history.html",
        {
            "liste": liste,
            "changes": change_lines(spielliste_changes(liste=liste)[:500], aliases(liste, access)),
            "sees_accounts": access.sees_accounts,
        },
    )
