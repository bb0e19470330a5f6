"""How averages read (the Rangliste's Rundenschnitt, a club season's Schnitt): an exact
average rounded half away from zero, 2 places."""

from __future__ import annotations

from fractions import Fraction

from django.utils.formats import number_format

from scoring.rangliste import round_half_away


def average_text(value: Fraction) -> str:
    """An average as shown: 2 decimals in the active locale ("10,00", "-4,11")."""
    return number_format(round_half_away(value), 2)


def average_number(value: Fraction) -> float:
    """The API's and the exports' number: rounded half away from zero to 2 places."""
    return float(round_half_away(value))
