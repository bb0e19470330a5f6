"""Query parameters of the API read strictly, as the schema says them: a flag is ``true`` or
``false`` (``1``/``0`` too), anything else is 400 ``invalid_value`` — never silently false."""

from __future__ import annotations

from django.http import HttpRequest

from league.core.errors import ServiceError

FLAGS = {"true": True, "1": True, "false": False, "0": False}


def flag(request: HttpRequest, name: str) -> bool:
    """``?name=true|false|1|0`` (absent: false; empty is no flag: 400, as the schema says)."""
    raw = request.GET.get(name)
    if raw is None:
        return False
    value = FLAGS.get(raw.lower())
    if value is None:
        raise ServiceError("invalid_value", {"name": name, "detail": "true, false"}, field=name)
    return value


def flag_or_false(request: HttpRequest, name: str) -> bool:
    """The same flag where no refusal can be answered yet (an ETag computed before the view):
    an invalid value counts as false here and is refused by the view itself."""
    try:
        return flag(request, name)
    except ServiceError:
        return False
