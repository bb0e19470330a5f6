from __future__ import annotations

from typing import Any

from scoring import GameResult, score_game
from scoring.interchange import record_from_dict

PLAYERS = ["A", "B", "C", "D"]


def record(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "normal",
        "players": list(PLAYERS),
        "re": ["A", "C"],
        "re_augen": 121,
    }
    data.update(overrides)
    return data


def score(**overrides: Any) -> GameResult:
    return score_game(record_from_dict(record(**overrides)))


def ann(re: str = "none", kontra: str = "none") -> dict[str, str]:
    return {"re": re, "kontra": kontra}
