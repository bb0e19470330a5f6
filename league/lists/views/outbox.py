"""The entry forms' answers to a phone's outbox (static/js/outbox.js): the same POST as the
form's (same writer, CSRF, idempotency key in the form's ``key``), asked with ``Accept:
application/json``, is answered in JSON — 201 with the stored game's number and the list's
version, or a coded refusal in api.md's error object — so the script never reads a page.

A save sent from the outbox later (``X-Outbox: later``, its page long left) leaves no
message for the next page; a save the page follows does, as the form's redirect would.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, JsonResponse

from league.core.errors import ConflictError, ServiceError
from league.core.params import int_param
from league.lists.presenters import list_rows
from league.lists.selectors import ListeSnapshot


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def json_stored(request: HttpRequest, number: int, version: int, said: str) -> JsonResponse:
    """A game stored (or, its key known, stored before): its number and the version."""
    if request.headers.get("X-Outbox") != "later":
        messages.success(request, said)
    return JsonResponse({"number": number, "version": version, "message": said}, status=201)


def json_refused(
    request: HttpRequest,
    snap: ListeSnapshot,
    err: ServiceError | None,
    form: forms.BaseForm | None,
) -> JsonResponse:
    """A refusal: 409 when the list changed meanwhile, else 422 (the save itself); with
    what the list now has at the game the phone meant (its ``game`` field)."""
    if err is None:
        errors = form.errors.get_json_data() if form is not None else {}
        text = " ".join(e["message"] for found in errors.values() for e in found)
        err = ServiceError("request_invalid")
        error: dict[str, Any] = {"code": err.code, "field": None, "message": text or err.message}
    else:
        error = {"code": err.code, "field": err.field or None, "message": err.message}
    error["game"] = err.game
    body: dict[str, Any] = {"error": error, "version": snap.liste.version, "now": ""}
    number = int_param(request.POST.get("game"), 0)
    for row in list_rows(snap):
        if row.number == number and not (row.is_penalty or row.is_redeal):
            points = " · ".join(
                f"{name} {cell.points:+d}" if cell.points else f"{name} 0"
                for name, cell in zip(snap.seat_names, row.cells, strict=False)
                if cell.points is not None
            )
            body["now"] = f"{row.kind_label}: {points}"
    return JsonResponse(body, status=409 if isinstance(err, ConflictError) else 422)
