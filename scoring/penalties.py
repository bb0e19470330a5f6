"""Penalty rows of a Spielliste (TSR section 9, round.md "Penalty rows").

Glossary:
    geringfügig     minor rule breach (9.3): the game goes on.
    schwerwiegend   serious rule breach (9.4): the game ends at once.
    unsportlich     unsporting conduct (9.7): a deduction without credit to anybody.
    Verursacher     the offender; Solospieler the soloist (here: ``beneficiary``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import PenaltyError as PenaltyError  # defined with its siblings; exported


class PenaltyKind(StrEnum):
    MINOR = "minor"  # 9.3.2, 9.3.3 a, b2: offender −3, the other three +1
    MINOR_SOLO_HARM = "minor_solo_harm"  # 9.3.3 b1: offender −3, soloist +3
    SERIOUS = "serious"  # 9.4.3: game not played; −(12+3a), others +(4+a)
    SERIOUS_SOLO_OPPONENT = "serious_solo_opponent"  # 9.4.4: solo counts as played
    UNSPORTING = "unsporting"  # 9.7.2 b: −points, nobody credited


SOLO_KINDS = frozenset({PenaltyKind.MINOR_SOLO_HARM, PenaltyKind.SERIOUS_SOLO_OPPONENT})
MAX_ABSAGEN = 4
MAX_DEDUCTION = 12


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty row. ``after_game`` places it after game k; for ``serious`` the
    aborted game is the one dealt after game k (it counts as not played)."""

    after_game: int
    kind: PenaltyKind
    offender: str
    beneficiary: str | None = None
    absagen: int = 0
    points: int = 0
    referee: str = ""

    def __post_init__(self) -> None:
        if type(self.after_game) is not int or self.after_game < 0:
            raise PenaltyError("penalty_invalid_after_game", field="after_game")
        if not isinstance(self.offender, str) or not self.offender:
            raise PenaltyError("penalty_invalid_offender", field="offender")
        if self.kind in SOLO_KINDS and not self.beneficiary:
            raise PenaltyError("penalty_beneficiary_missing", field="beneficiary")
        if self.kind not in SOLO_KINDS and self.beneficiary is not None:
            raise PenaltyError("penalty_beneficiary_not_allowed", field="beneficiary")
        if type(self.absagen) is not int or not 0 <= self.absagen <= MAX_ABSAGEN:
            raise PenaltyError("penalty_invalid_absagen", field="absagen")
        if self.absagen and self.kind not in (
            PenaltyKind.SERIOUS,
            PenaltyKind.SERIOUS_SOLO_OPPONENT,
        ):
            raise PenaltyError(
                "penalty_invalid_absagen", {"variant": "not_serious"}, field="absagen"
            )
        if self.kind is PenaltyKind.UNSPORTING:
            if type(self.points) is not int or not 1 <= self.points <= MAX_DEDUCTION:
                raise PenaltyError("penalty_invalid_points", field="points")
        elif self.points:
            raise PenaltyError(
                "penalty_invalid_points", {"variant": "not_unsporting"}, field="points"
            )

    @property
    def deduction(self) -> int:
        return self.points if self.kind is PenaltyKind.UNSPORTING else 0

    def row_points(self, players: Sequence[str]) -> dict[str, int]:
        """Points of the row for the four ``players`` of the game concerned."""
        others = [p for p in players if p != self.offender]
        kind, a = self.kind, self.absagen
        out = {p: 0 for p in players}
        if kind is PenaltyKind.MINOR:
            out.update({p: 1 for p in others})
            out[self.offender] = -3
        elif kind is PenaltyKind.MINOR_SOLO_HARM:
            out[self.offender] = -3
            out[str(self.beneficiary)] = 3
        elif kind is PenaltyKind.SERIOUS:
            out.update({p: 4 + a for p in others})
            out[self.offender] = -(12 + 3 * a)
        elif kind is PenaltyKind.SERIOUS_SOLO_OPPONENT:
            out[self.offender] = -(12 + 3 * a)
            out[str(self.beneficiary)] = 12 + 3 * a
        else:
            out[self.offender] = -self.points
        return out
