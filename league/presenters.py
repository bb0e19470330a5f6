"""Shape engine results for display. Arithmetic comes from scoring/, never from here."""

from __future__ import annotations

from dataclasses import dataclass

from scoring import GameRecord, GameResult, Party, score_game


@dataclass(frozen=True)
class PlayerPoints:
    name: str
    party: str
    points: int


@dataclass(frozen=True)
class ResultSummary:
    record: GameRecord
    result: GameResult
    re_points: int
    kontra_points: int
    players: tuple[PlayerPoints, ...]

    @property
    def multiplier(self) -> int:
        return 3 if self.result.solo_like else 1


def result_summary(record: GameRecord, result: GameResult | None = None) -> ResultSummary:
    result = result or score_game(record)
    return ResultSummary(
        record=record,
        result=result,
        re_points=result.party_points(Party.RE),
        kontra_points=result.party_points(Party.KONTRA),
        players=tuple(
            PlayerPoints(name, "re" if name in record.re else "kontra", pts)
            for name, pts in result.points.items()
        ),
    )
