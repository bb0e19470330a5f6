"""Query parameters of the API read strictly, as the schema says them: a flag is ``true`` or
``false`` (``1``/``0`` too), a day ``YYYY-MM-DD``, a number in its range; anything else is
400 ``invalid_value`` — never silently false, today or none."""

from __future__ import annotations

import datetime

from django.http import HttpRequest

from league.core.errors import ServiceError
from league.core.params import int_param

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
    return bool(FLAGS.get((request.GET.get(name) or "").lower(), False))


def day(request: HttpRequest, name: str, *, blank: bool = False) -> datetime.date | None:
    """``?name=YYYY-MM-DD`` (years 1900 … 2999); absent: None; empty: None where ``blank``
    (a filter left open), else like any garbled value 400 ``invalid_value``."""
    raw = request.GET.get(name)
    if raw is None or (blank and raw == ""):
        return None
    try:
        value = datetime.date.fromisoformat(raw)
    except ValueError:
        value = None
    if value is None or len(raw) != 10 or not 1900 <= value.year <= 2999:
        raise ServiceError("invalid_value", {"name": name, "detail": "YYYY-MM-DD"}, field=name)
    return value


def number(
    request: HttpRequest, name: str, *, low: int, high: int, blank: bool = False
) -> int | None:
    """``?name=N``, plain digits from ``low`` to ``high``; absent: None; empty: None where
    ``blank``, else like any garbled or out-of-range value 400 ``invalid_value``."""
    raw = request.GET.get(name)
    if raw is None or (blank and raw == ""):
        return None
    value = int_param(raw, -1, digits=len(str(high)))
    if not low <= value <= high:
        raise ServiceError("invalid_value", {"name": name, "detail": f"{low} … {high}"}, field=name)
    return value
