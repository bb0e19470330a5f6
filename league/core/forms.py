"""Form helpers shared by every app's views (input and output only, no rule)."""

from __future__ import annotations

from django import forms

from league.core.errors import ServiceError


def form_error_from_service(
    form: forms.BaseForm, error: ServiceError, field: str | None = None
) -> None:
    """Show a service's refusal on the form: on ``field`` (or the error's own field if the form has it), else as a non-field error."""  # noqa: E501
    if field is None or field not in form.fields:
        field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)
