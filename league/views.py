"""Thin views: read the request, call scoring/selectors/services, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.forms import GameForm
from league.presenters import result_summary


def calculator(request: HttpRequest) -> HttpResponse:
    """The first page: score any game without saving anything."""
    bound = "kind" in request.GET
    form = GameForm(request.GET if bound else None)
    summary = None
    if bound and form.is_valid():
        summary = result_summary(form.cleaned_data["record"])
    partial = request.headers.get("HX-Request") == "true"
    template = "calculator/_result.html" if partial else "calculator/page.html"
    return render(request, template, {"form": form, "summary": summary})
