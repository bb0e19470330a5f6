"""Ask before a destructive or round-wide action — without JavaScript.

A button posts its form as usual; the view calls ``ask_first`` and, unless the post
carries ``confirmed=1``, answers with a page that repeats the question and the same fields
as a form with "Ja" and "Abbrechen". Only the second post acts.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRMED = "confirmed"


def ask_first(
    request: HttpRequest,
    *,
    question: str,
    detail: str = "",
    yes: str,
    back: str,
) -> HttpResponse | None:
    """None when the post is confirmed (go ahead); otherwise the page that asks."""
    if request.POST.get(CONFIRMED) == "1":
        return None
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", CONFIRMED)
        for value in values
    ]
    return render(
        request,
        "core/confirm.html",
        {
            "question": question,
            "detail": detail,
            "yes": yes,
            "back": back,
            "action": request.path,
            "fields": fields,
        },
    )
