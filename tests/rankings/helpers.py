import datetime as dt
import random

from league.demo.ranking_demo import rated_tournament

D = dt.date


def entrants(count, prefix="Spieler", offset=0):
    """``count`` entrants known by DDV number (the same number: the same person)."""
    return [
        (f"{prefix} {i:03d}", f"Club {i % 3}", f"7{i:04d}") for i in range(offset, offset + count)
    ]


def rated(name="RLT", day=None, land="NW", count=32, rounds=3, seed=1, people=None):
    return rated_tournament(
        name=name,
        date=day or D(2026, 3, 1),
        bundesland=land,
        entrants=people if people is not None else entrants(count),
        rng=random.Random(seed),
        rounds=rounds,
    )
