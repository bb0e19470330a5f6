"""Sensible bounds for a date someone types: an event's day (tournament, club evening).

A date input takes any year up to 9999; "9999-12-31" is a typing slip, not a tournament.
Events are kept back to 1950 (old results typed in) and planned up to ten years ahead.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.utils import timezone

from league.core.errors import ServiceError

FIRST_DAY = dt.date(1950, 1, 1)
YEARS_AHEAD = 10


def last_day() -> dt.date:
    today = timezone.localdate()
    return today.replace(year=today.year + YEARS_AHEAD, day=min(today.day, 28))


def check_event_date(day: dt.date, field: str = "date") -> None:
    """Refuse a day outside FIRST_DAY .. ten years from today (``date_out_of_range``)."""
    last = last_day()
    if not FIRST_DAY <= day <= last:
        raise ServiceError(
            "date_out_of_range",
            {"first": FIRST_DAY.strftime("%d.%m.%Y"), "last": last.strftime("%d.%m.%Y")},
            field=field,
        )


def validate_event_date(day: dt.date) -> None:
    """``check_event_date`` as a form field's validator (the same text on the form)."""
    try:
        check_event_date(day)
    except ServiceError as err:
        raise ValidationError(err.message) from None
