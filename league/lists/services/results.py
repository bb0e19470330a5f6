"""What a write to a list returns: what it stored and the one replay it stored it from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from league.lists.models import Spielliste
from league.lists.selectors import ListeSnapshot
from scoring.round import RoundState, Row

T = TypeVar("T")


@dataclass(frozen=True)
class Written(Generic[T]):
    """One write to a list as its one replay saw it.

    ``item`` is what the write stored or took away — the game, the penalty row, the
    substitution, a deleted game's number; None for a change of the list itself.
    ``snapshot`` is the list as it now is: its new version, seats, games, penalty rows and
    the round state that replay gave (names as at the table). Pages and the API answer
    from it; nothing is replayed again to answer.
    ``revalued``: other games whose value the write changed (a correction re-valuing the
    games after it), and of those ``rebocked``: the ones whose Bock factor changed.
    """

    item: T
    snapshot: ListeSnapshot
    revalued: tuple[int, ...] = ()
    rebocked: tuple[int, ...] = ()

    @property
    def liste(self) -> Spielliste:
        return self.snapshot.liste

    @property
    def version(self) -> int:
        return self.snapshot.liste.version

    @property
    def state(self) -> RoundState:
        state = self.snapshot.state
        assert state is not None  # a write's replay passed the rules, or it was refused
        return state

    def game_row(self, number: int) -> Row | None:
        """Game ``number``'s row in the round (None: the list has no such game)."""
        for row in self.state.rows:
            if row.is_game and row.game == number:
                return row
        return None
