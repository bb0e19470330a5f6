"""What scoring one game yields: winner, per-player points and an itemised breakdown."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from scoring.records import Party

# key -> (TSR item, German label). Keys are stable; UI and API translate by key.
ITEMS: Mapping[str, tuple[str, str]] = {
    "won": ("7.2.2 a", "Gewonnen"),
    "under_90": ("7.2.2 a", "Unter 90 gespielt"),
    "under_60": ("7.2.2 a", "Unter 60 gespielt"),
    "under_30": ("7.2.2 a", "Unter 30 gespielt"),
    "schwarz": ("7.2.2 a", "Schwarz gespielt"),
    "re_announced": ("7.2.2 b", "„Re“ angesagt"),
    "kontra_announced": ("7.2.2 b", "„Kontra“ angesagt"),
    "re_k90": ("7.2.2 c", "„keine 90“ von Re abgesagt"),
    "re_k60": ("7.2.2 c", "„keine 60“ von Re abgesagt"),
    "re_k30": ("7.2.2 c", "„keine 30“ von Re abgesagt"),
    "re_schwarz": ("7.2.2 c", "„schwarz“ von Re abgesagt"),
    "kontra_k90": ("7.2.2 d", "„keine 90“ von Kontra abgesagt"),
    "kontra_k60": ("7.2.2 d", "„keine 60“ von Kontra abgesagt"),
    "kontra_k30": ("7.2.2 d", "„keine 30“ von Kontra abgesagt"),
    "kontra_schwarz": ("7.2.2 d", "„schwarz“ von Kontra abgesagt"),
    "reached_120_vs_k90": ("7.2.2 e/f", "120 Augen gegen „keine 90“ erreicht"),
    "reached_90_vs_k60": ("7.2.2 e/f", "90 Augen gegen „keine 60“ erreicht"),
    "reached_60_vs_k30": ("7.2.2 e/f", "60 Augen gegen „keine 30“ erreicht"),
    "reached_30_vs_schwarz": ("7.2.2 e/f", "30 Augen gegen „schwarz“ erreicht"),
    "gegen_die_alten": ("7.2.3", "Gegen die Kreuz-Damen gewonnen"),
    "doppelkopf": ("7.2.3", "Doppelkopf"),
    "fuchs": ("7.2.3", "Fuchs gefangen"),
    "karlchen": ("7.2.3", "Karlchen macht den letzten Stich"),
}


@dataclass(frozen=True, slots=True)
class BreakdownLine:
    """One itemised line: ``points`` earned by ``party`` for TSR ``item``."""

    key: str
    party: Party
    points: int

    @property
    def item(self) -> str:
        return ITEMS[self.key][0]

    @property
    def label(self) -> str:
        return ITEMS[self.key][1]

    def to_dict(self) -> dict[str, Any]:
        """Interchange form; the German ``label`` is for display and left out."""
        return {
            "item": ITEMS[self.key][0],
            "key": self.key,
            "party": self.party.value,
            "points": self.points,
        }


@dataclass(frozen=True)
class Evaluation:
    """Winner, net value and breakdown: everything but who the players are.

    Many games share one (same Augen and announcements), so the engine caches these;
    the JSON of the breakdown is then made once per distinct evaluation.
    """

    winner: Party | None
    value: int
    breakdown: tuple[BreakdownLine, ...]

    @cached_property
    def breakdown_json(self) -> str:
        return json.dumps([line.to_dict() for line in self.breakdown])


_WINNER_JSON = {None: "null", Party.RE: '"re"', Party.KONTRA: '"kontra"'}


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

    @property
    def winner(self) -> Party | None:
        return self.evaluation.winner

    @property
    def value(self) -> int:
        return self.evaluation.value

    @property
    def breakdown(self) -> tuple[BreakdownLine, ...]:
        return self.evaluation.breakdown

    def party_points(self, party: Party) -> int:
        return sum(line.points for line in self.breakdown if line.party is party)

    def to_dict(self) -> dict[str, Any]:
        """The CLI's result object (issue contract): winner, points, breakdown."""
        return {
            "winner": None if self.winner is None else self.winner.value,
            "points": dict(self.points),
            "breakdown": [line.to_dict() for line in self.breakdown],
        }

    def to_json(self, name_json: Mapping[str, str]) -> str:
        """``json.dumps(self.to_dict())``, fast: the breakdown's JSON is shared.

        ``name_json`` maps each player name to its JSON string literal.
        """
        points = ", ".join(f"{name_json[name]}: {pts}" for name, pts in self.points.items())
        ev = self.evaluation
        return (
            f'{{"winner": {_WINNER_JSON[ev.winner]}, "points": {{{points}}}, '
            f'"breakdown": {ev.breakdown_json}}}'
        )
