"""A round's playing time (TSR 8.5.1, 10.1.5; round.md "Length").

The TSR gives each table 100 minutes, 125 at a 5-player table (``scoring.round.
ROUND_MINUTES``). An unofficial event may set its own time instead; an official DDV event
plays the TSR's.

**Decision** (round.md is silent on an event's own time): the time an unofficial event
sets is a 4-player table's; a 5-player table gets a quarter more, as in the TSR (100 →
125), rounded down to whole minutes (90 → 112).

**Decision** (the bounds; neither the TSR nor the specs set any): an event's own time is
30 to 240 minutes (``OWN_ROUND_MINUTES``): a time outside is taken for a typing slip
(half an hour is far too short for a round of 24 games, four hours already very long).
"""

from __future__ import annotations

from scoring.round import ROUND_MINUTES

OWN_ROUND_MINUTES = (30, 240)  # an unofficial event's own time: lowest, highest (Decision)


def round_minutes(table_size: int, own: int | None = None) -> int:
    """A table's playing time in minutes: the TSR's (100, 125 at a 5-player table: 8.5.1,
    10.1.5), or with ``own`` (an unofficial event's time) that time, a quarter more at a
    5-player table (module Decision)."""
    if own is None:
        return ROUND_MINUTES[table_size]
    return own * ROUND_MINUTES[table_size] // ROUND_MINUTES[4]


def own_minutes_allowed(minutes: int) -> bool:
    """Whether an unofficial event may set ``minutes`` as its round time (module Decision)."""
    low, high = OWN_ROUND_MINUTES
    return low <= minutes <= high
