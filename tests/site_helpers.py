"""Helpers for the site's tests: game records by name."""

from scoring import GameRecord
from scoring.interchange import record_from_dict

NAMES = ["Anna", "Bernd", "Carla", "Dieter"]


def normal(players=NAMES, re=("Anna", "Bernd"), augen=130, **extra) -> GameRecord:
    return record_from_dict(
        {"kind": "normal", "players": list(players), "re": list(re), "re_augen": augen, **extra}
    )


def solo(soloist, players=NAMES, pflicht=True, augen=150) -> GameRecord:
    return record_from_dict(
        {
            "kind": "solo",
            "solo": "damen",
            "pflicht": pflicht,
            "players": list(players),
            "re": [soloist],
            "re_augen": augen,
        }
    )
