"""The write path one game at a time: ms per ``game_record`` as a table's list grows.

A tournament table enters each game on its own phone (``lists.services.game_record``): lock
the list, replay it, store what the replay derived. Prints the mean time per game over each
stretch of the list (games 1-8, 9-16, 17-24) and the queries of the last save, then one JSON
object on the last line. SQLite in a temporary file unless DATABASE_URL is set.

Usage: python bench/write_path.py [--tables 6] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from league.clubs.models import Player  # noqa: E402
from league.lists import services  # noqa: E402
from league.lists.selectors import spielliste_snapshot  # noqa: E402
from scoring.simulate import next_random_game  # noqa: E402

STRETCH = 8


def main(tables: int, seed: int) -> None:
    call_command("migrate", verbosity=0)
    rng = random.Random(seed)
    per_stretch: dict[int, list[float]] = {}
    queries = 0
    for t in range(tables):
        players = [Player.objects.create(name=f"Spieler {t}-{i}") for i in range(4)]
        liste = services.spielliste_create(title=f"Tisch {t + 1}", players=players)
        state = spielliste_snapshot(pk=liste.pk).state
        while state is not None and state.next_game is not None:
            record = next_random_game(rng, state)
            stretch = state.games_played // STRETCH
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                written = services.game_record(spielliste=liste, record=record)
                per_stretch.setdefault(stretch, []).append(time.perf_counter() - start)
            queries = len(captured)
            state = written.snapshot.state
    figures = {
        f"ms_per_game_{s * STRETCH + 1}_{(s + 1) * STRETCH}": round(1000 * sum(v) / len(v), 2)
        for s, v in sorted(per_stretch.items())
    }
    for name, value in figures.items():
        print(f"{name}: {value} ms")
    print(f"queries of the last save: {queries}")
    print(json.dumps({**figures, "queries_last_save": queries, "tables": tables}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    main(args.tables, args.seed)
