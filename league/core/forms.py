"""Shared view steps for a write: a service's refusal shown on the form that asked for it
(``form_error_from_service``), and the two shapes of a write view — a form bound, the service
called, a success message and a redirect, or the page again with the refused form
(``form_action``); a button without a form, whose refusal is a message (``button_action``).

Where a view needs its own steps around the call, ``on_form`` (the refusal onto the form)
and ``with_message`` (the refusal as an error message) run one service call and answer an
``Attempt``, so that a page spells out no try and except of its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

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


@dataclass(frozen=True)
class Attempt(Generic[T]):
    """One service call's outcome: done (``ok``, its answer in ``value``) or refused."""

    result: T | None = None
    error: ServiceError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def value(self) -> T:
        """The service's answer; only asked after ``ok``."""
        if self.error is not None:
            raise self.error
        return cast(T, self.result)  # T itself may be None: no narrowing here


def attempt(write: Callable[[], T]) -> Attempt[T]:
    """``write()`` (a service call) as an ``Attempt``: its refusal kept, not raised."""
    try:
        return Attempt(result=write())
    except ServiceError as err:
        return Attempt(error=err)


def on_form(
    form: forms.BaseForm,
    write: Callable[[], T],
    field: str | None = None,
    *,
    else_message: HttpRequest | None = None,
) -> Attempt[T]:
    """``write()``; a refusal is shown on ``form`` (on ``field`` if given and the form has
    it, else on the error's own field, else above the form). With ``else_message`` (the
    request), a refusal naming none of the form's fields is an error message instead."""
    done = attempt(write)
    err = done.error
    if err is not None:
        if else_message is not None and err.field not in form.fields:
            messages.error(else_message, err.message)
        else:
            form_error_from_service(form, err, field)
    return done


def with_message(
    request: HttpRequest, write: Callable[[], T], success: Success[T] = None
) -> Attempt[T]:
    """``write()``; a refusal becomes an error message, success the ``success`` message."""
    done = attempt(write)
    if done.error is not None:
        messages.error(request, done.error.message)
    else:
        _succeeded(request, success, done.value)
    return done


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
        cleaned = form.cleaned_data
        done = on_form(form, lambda: write(cleaned), field)
        if done.ok:
            _succeeded(request, success, done.value)
            return redirect(to(done.value) if callable(to) else to)
    return again()


def button_action(
    request: HttpRequest, write: Callable[[], T], *, success: Success[T], to: Any
) -> HttpResponse:
    """A write without a form (a button): ``write()``; its refusal as an error message,
    else the ``success`` message; either way a redirect to ``to`` (what ``redirect`` takes)."""
    with_message(request, write, success)
    return redirect(to)
