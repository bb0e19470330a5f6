"""The calculator: score any game by the TSR, nothing stored."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.lists.forms import GameForm
from league.lists.presenters import result_summary


def calculator(request: HttpRequest) -> HttpResponse:
    """The first page: score any game without saving anything."""
    bound = "kind" in request.GET
    form = GameForm(request.GET if bound else None)
    summary = None
    if bound and form.is_valid():
        summary = result_summary(form.cleaned_data["record"])
    partial = request.headers.get("HX-Request") == "true"
    template = "lists/calculator/_result.html" if partial else "lists/calculator/page.html"
    return render(request, template, {"form": form, "summary": summary})
