"""Reading a backup document's fields in a section's check: the JSON type the format
promises, and what the database column takes — its length, its number range, a real point
in time. A value PostgreSQL would refuse (a name longer than the column, a number beyond a
small integer) is refused here, on every database, before anything is written."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.dateparse import parse_date, parse_datetime

from league.core.sections import Fault, Place
from league.core.text import squeeze


def need(data: Any, key: str, kind: type | tuple[type, ...], place: Place) -> Any:
    """``data[key]`` of type ``kind`` (a bool is no number unless ``kind`` says bool)."""
    if not isinstance(data, Mapping):
        raise Fault(place, "backup_not_object")
    if key not in data:
        raise Fault(place, "backup_field_missing", {"key": key})
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise Fault(place, "backup_field_type", {"key": key})
    return value


def opt(data: Any, key: str, kind: type | tuple[type, ...], place: Place) -> Any:
    """``data[key]`` of type ``kind``, or None where it is missing or null."""
    if not isinstance(data, Mapping):
        raise Fault(place, "backup_not_object")
    if data.get(key) is None:
        return None
    return need(data, key, kind, place)


def _field(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    found = model._meta.get_field(name)
    assert isinstance(found, models.Field)
    return found


def column_range(model: type[models.Model], name: str) -> tuple[int, int]:
    """The numbers a model's integer column holds on every database (PostgreSQL's bounds:
    a small integer ends at 32767)."""
    low, high = BaseDatabaseOperations.integer_field_ranges[_field(model, name).get_internal_type()]
    return int(low), int(high)


def max_length(model: type[models.Model], name: str) -> int:
    length = _field(model, name).max_length
    assert isinstance(length, int)
    return length


def fits(value: int, place: Place, key: str, model: type[models.Model], column: str) -> int:
    low, high = column_range(model, column)
    if not low <= value <= high:
        raise Fault(place, "backup_field_range", {"key": key, "min": low, "max": high})
    return value


def number(
    data: Any,
    key: str,
    place: Place,
    model: type[models.Model],
    column: str | None = None,
    *,
    optional: bool = False,
) -> Any:
    """A whole number that fits the model's ``column`` (default: ``key``); None for a
    missing one where ``optional``."""
    value = (opt if optional else need)(data, key, int, place)
    if value is None:
        return None
    return fits(value, place, key, model, column or key)


def positive(data: Any, key: str, place: Place) -> int:
    """A number 1 … 32767 (a league's numbering: the small columns it lands in)."""
    value: int = need(data, key, int, place)
    if not 1 <= value <= 32767:
        raise Fault(place, "backup_field_invalid", {"key": key})
    return value


def text(
    data: Any,
    key: str,
    place: Place,
    model: type[models.Model],
    column: str | None = None,
    *,
    optional: bool = False,
) -> str:
    """A text that fits the model's column (spaces left as they are); "" for a missing one
    where ``optional``."""
    value = (opt if optional else need)(data, key, str, place)
    if value is None:
        return ""
    longest = max_length(model, column or key)
    if len(value) > longest:
        raise Fault(place, "backup_field_too_long", {"key": key, "max": longest})
    return str(value)


def squeezed(
    data: Any, key: str, place: Place, model: type[models.Model], column: str | None = None
) -> str:
    """A name, spaces squeezed: not empty and not longer than its column."""
    value = squeeze(need(data, key, str, place))
    if not value or len(value) > max_length(model, column or key):
        raise Fault(place, "backup_field_empty_or_long", {"key": key})
    return value


def when(value: Any, place: Place, key: str) -> dt.datetime | None:
    """A point in time in ISO form (None stays None)."""
    if value is None:
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
        if parsed is not None and parsed.tzinfo is not None:
            parsed.astimezone(dt.UTC)  # year 9999 in a time zone east of UTC: no instant
    except (ValueError, OverflowError):  # well-formed but impossible ("2026-13-45T…")
        parsed = None
    if parsed is None:
        raise Fault(place, "backup_field_not_time", {"key": key})
    return parsed


def day(data: Any, key: str, place: Place, *, optional: bool = False) -> dt.date | None:
    """A date in ISO form ("2026-11-21")."""
    value = (opt if optional else need)(data, key, str, place)
    if value is None:
        return None
    try:
        parsed = parse_date(value)
    except ValueError:
        parsed = None
    if parsed is None:
        raise Fault(place, "backup_date_invalid")
    return parsed


def flag(data: Any, key: str, place: Place, *, optional: bool = False) -> bool:
    """A true/false field (a missing optional one is false)."""
    return bool((opt if optional else need)(data, key, bool, place))
