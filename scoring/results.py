"""What scoring one game yields: winner, per-player points and an itemised breakdown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.records import Party

# Breakdown key -> TSR item. Keys are stable; labels come from scoring.messages
# (``label("item", key, translate)``), the JSON form from scoring.interchange.results.
ITEM_TSR: Mapping[str, str] = {
    "won": "7.2.2 a",
    "under_90": "7.2.2 a",
    "under_60": "7.2.2 a",
    "under_30": "7.2.2 a",
    "schwarz": "7.2.2 a",
    "re_announced": "7.2.2 b",
    "kontra_announced": "7.2.2 b",
    "re_k90": "7.2.2 c",
    "re_k60": "7.2.2 c",
    "re_k30": "7.2.2 c",
    "re_schwarz": "7.2.2 c",
    "kontra_k90": "7.2.2 d",
    "kontra_k60": "7.2.2 d",
    "kontra_k30": "7.2.2 d",
    "kontra_schwarz": "7.2.2 d",
    "reached_120_vs_k90": "7.2.2 e/f",
    "reached_90_vs_k60": "7.2.2 e/f",
    "reached_60_vs_k30": "7.2.2 e/f",
    "reached_30_vs_schwarz": "7.2.2 e/f",
    "gegen_die_alten": "7.2.3",
    "doppelkopf": "7.2.3",
    "fuchs": "7.2.3",
    "karlchen": "7.2.3",
    # House rules (scoring.rules, house-rules.md): the TSR item each one extends.
    "karlchen_gefangen": "7.2.3",
    "herzstich": "7.2.3",
    "solo_bonus": "7.2.4",
}


@dataclass(frozen=True, slots=True)
class BreakdownLine:
    """One itemised line: ``points`` earned by ``party`` for TSR ``item``."""

    key: str
    party: Party
    points: int

    @property
    def item(self) -> str:
        return ITEM_TSR[self.key]


@dataclass(frozen=True)
class Evaluation:
    """Winner, net value and breakdown: everything but who the players are.

    Many games share one (same Augen and announcements), so the engine caches these;
    the JSON of the breakdown is then made once per distinct evaluation
    (``scoring.interchange.breakdown_json``).
    """

    winner: Party | None
    value: int
    breakdown: tuple[BreakdownLine, ...]


@dataclass(frozen=True, slots=True)
class GameResult:
    """The scored game.

    ``value`` is the net game value (points(Re) − points(Kontra)); each Re player of a
    normal game gets ``+value``, a soloist ``3 × value`` (7.2.4). ``points`` maps each of
    the four players to their result in the order of the record's ``players``.
    """

    evaluation: Evaluation
    solo_like: bool
    points: Mapping[str, int]
    # House rules: × 2 per announced Re and Kontra (``announcements = doubling``) and the
    # Bock factor; both 1 under the TSR. ``value`` is the net value times both.
    doubling: int = 1
    bock: int = 1

    @property
    def winner(self) -> Party | None:
        return self.evaluation.winner

    @property
    def value(self) -> int:
        return self.evaluation.value * self.doubling * self.bock

    @property
    def breakdown(self) -> tuple[BreakdownLine, ...]:
        return self.evaluation.breakdown

    def party_points(self, party: Party) -> int:
        return sum(line.points for line in self.breakdown if line.party is party)
