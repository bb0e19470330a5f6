"""Steps every app's views share around forms."""

from __future__ import annotations

from django import forms

from league.core.errors import ServiceError


def form_error_from_service(
    form: forms.BaseForm, error: ServiceError, field: str | None = None
) -> None:
    """Show a service's refusal on the form: on ``field`` (or the error's own field if the form has it), else as a non-field error."""  # noqa: E501
    target = field or error.field
    form.add_error(target if target in form.fields else None, error.message)
