"""Quick entry (Schnelleingabe): a game as paper lists keep it (house-rules.md "Contracts").

Friendly rounds often note only who won and what the game was worth. A ``QuickGame`` is
such a row; the round machine (``scoring.round``) places it like a game — dealer, Bock
factor, running totals — but cannot derive Bock triggers from it: the table states them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.errors import GameRecordError, Param

MAX_BOCK_TRIGGERS = 3
# The largest value a quick row may state (before Bock): the site's form allows as much; a
# row worth 10**30 is a typing slip, and its points would not fit any column.
MAX_QUICK_VALUE = 999


def _fail(code: str, fld: str, params: Mapping[str, Param] | None = None) -> None:
    raise GameRecordError(code, params, field=fld)


@dataclass(frozen=True, slots=True)
class QuickGame:
    """A quick-entry row (Schnelleingabe): a game as paper lists keep it — who won and
    the value the table counted — with the Bock triggers the table states.

    **Decision** (quick entry): ``value`` is the game's value *before* Bock, as the
    table counted it (announcements, Sonderpunkte, doubling included); the round machine
    multiplies it by the Bock factor it derives and, like for a full record, refuses an
    entered ``bock`` that differs. Without ``soloist``: two winners get ``+value``, the
    other two ``−value``. With ``soloist`` (a solo): the soloist gets ``±3 × value``, the
    three others ``∓value``; ``winners`` is then the soloist or the three others. A game
    worth 0 may name no winners. Every row so made sums to 0 (checked like any row).
    """

    players: tuple[str, ...]
    winners: tuple[str, ...]
    value: int
    soloist: str | None = None
    pflicht: bool = False
    bock_triggers: int = 0
    bock: int | None = None

    def __post_init__(self) -> None:
        players = self.players
        if len(players) != 4:
            _fail("wrong_player_count", "players")
        if len(set(players)) != 4:
            _fail("duplicate_players", "players")
        for name in players:
            if not isinstance(name, str) or not name.strip():
                _fail("invalid_player_name", "players")
        winners = self.winners
        for name in winners:
            if name not in players:
                _fail("re_not_subset", "winners", {"name": name})
        if len(set(winners)) != len(winners):
            _fail("re_not_subset", "winners", {"variant": "duplicate"})
        value = self.value
        if type(value) is not int or not 0 <= value <= MAX_QUICK_VALUE:
            _fail("quick_invalid_value", "value", {"max": MAX_QUICK_VALUE})
        soloist = self.soloist
        if soloist is not None and soloist not in players:
            _fail("re_not_subset", "soloist", {"name": soloist})
        if self.pflicht and soloist is None:
            _fail("pflicht_not_allowed", "pflicht")
        if winners or value:
            if soloist is None:
                if len(winners) != 2:
                    _fail("quick_wrong_winners", "winners", {"variant": "normal"})
            elif set(winners) not in ({soloist}, set(players) - {soloist}):
                _fail("quick_wrong_winners", "winners", {"variant": "solo"})
        triggers = self.bock_triggers
        if type(triggers) is not int or not 0 <= triggers <= MAX_BOCK_TRIGGERS:
            _fail("quick_invalid_triggers", "bock_triggers")
        bock = self.bock
        if bock is not None and (type(bock) is not int or bock < 1 or bock & (bock - 1)):
            _fail("invalid_bock", "bock")

    @property
    def is_solo(self) -> bool:
        return self.soloist is not None

    def value_with_bock(self, bock: int = 1) -> int:
        """The row's value with the Bock factor ``bock``: ``value`` is before Bock (the
        Decision above), so the list's value column multiplies it."""
        return self.value * bock

    def points(self, bock: int = 1) -> dict[str, int]:
        """Each player's points with the Bock factor ``bock`` (zero sum by construction)."""
        value = self.value_with_bock(bock)
        soloist = self.soloist
        if soloist is None:
            return {p: (value if p in self.winners else -value) for p in self.players}
        sign = 1 if soloist in self.winners else -1
        return {p: sign * (3 * value if p == soloist else -value) for p in self.players}
