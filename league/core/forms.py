"""Shared view steps for a write: a service's refusal shown on the form that asked for it
(``form_error_from_service``), and the two shapes of a write view — a form bound, the service
called, a success message and a redirect, or the page again with the refused form
(``form_action``); a button without a form, whose refusal is a message (``button_action``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from league.core.errors import ServiceError

T = TypeVar("T")

#: What a successful write says: a text, one built from the service's answer, or nothing.
Success = str | Callable[[T], str] | None


def form_error_from_service(
    form: forms.BaseForm, error: ServiceError, field: str | None = None
) -> None:
    """Show a service's refusal on the form: on ``field`` (or the error's own field if the form has it), else as a non-field error."""  # noqa: E501
    target = field if field and field in form.fields else None
    if target is None and error.field and error.field in form.fields:
        target = error.field
    form.add_error(target, error.message)


def _succeeded(request: HttpRequest, success: Success[T], result: T) -> None:
    text = success(result) if callable(success) else success
    if text:
        messages.success(request, text)


def form_action(
    request: HttpRequest,
    form: forms.BaseForm,
    write: Callable[[Mapping[str, Any]], T],
    *,
    success: Success[T],
    to: Any,
    again: Callable[[], HttpResponse],
    field: str | None = None,
) -> HttpResponse:
    """A bound form's write: if the form is valid, ``write(cleaned_data)`` (the service
    call); done, the ``success`` message and a redirect to ``to`` (what ``redirect`` takes,
    or a function of the service's answer giving it). Invalid or refused (the refusal on
    the form, on ``field`` if given): ``again()``, the page with the bound form."""
    if form.is_valid():
        try:
            result = write(form.cleaned_data)
        except ServiceError as err:
            form_error_from_service(form, err, field)
        else:
            _succeeded(request, success, result)
            return redirect(to(result) if callable(to) else to)
    return again()


def button_action(
    request: HttpRequest, write: Callable[[], T], *, success: Success[T], to: Any
) -> HttpResponse:
    """A write without a form (a button): ``write()``; its refusal as an error message,
    else the ``success`` message; either way a redirect to ``to`` (what ``redirect`` takes)."""
    try:
        result = write()
    except ServiceError as err:
        messages.error(request, err.message)
    else:
        _succeeded(request, success, result)
    return redirect(to)
