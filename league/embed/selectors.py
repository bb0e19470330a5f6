"""What a widget reads beyond the full pages' selectors (which it reuses): a club's next
evenings."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from league.clubs.models import Club
from league.evenings.models import ClubEvening

NEXT = 3  # next evenings or Spieltage a widget names


@dataclass(frozen=True)
class NextEvening:
    pk: int
    date: datetime.date
    note: str


def next_evenings(*, club: Club, today: datetime.date, count: int = NEXT) -> list[NextEvening]:
    """The club's evenings from ``today`` on, soonest first (one query)."""
    rows = (
        ClubEvening.objects.filter(club=club, date__gte=today)
        .order_by("date", "pk")
        .values_list("pk", "date", "note")[:count]
    )
    return [NextEvening(pk, day, note) for pk, day, note in rows]
