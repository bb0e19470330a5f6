"""How ranking figures read: an exact average rounded half away from zero, 2 places."""

from __future__ import annotations

from fractions import Fraction

from django.utils.formats import number_format

from scoring.rangliste import round_half_away


def average_text(value: Fraction) -> str:
    """``value`` as shown: whole numbers as they are, others with 2 decimals (locale)."""
    if value.denominator == 1:
        return str(value.numerator)
    return number_format(round_half_away(value), 2)


def average_number(value: Fraction) -> float:
    """The API's and the exports' number: rounded half away from zero to 2 places."""
    return float(round_half_away(value))
