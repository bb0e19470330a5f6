"""Scoring throughput: in-process and through the CLI, against the JSON floor.

Prints human-readable lines, then one JSON object on the last line:
  games_per_s_in_process   parse + score of already-loaded dicts, one core (input frozen
                           out of the garbage collector; the _gc_unfrozen figure without)
  games_per_s_engine_only  score_game on parsed records
  games_per_s_cli          whole ``python -m scoring score`` process on the batch
  json_floor_s             json.loads + json.dumps of the same batch, in this process
  json_floor_process_s     a whole Python process doing only that (start, read, write)
  cli_over_json_floor      CLI seconds / in-process floor seconds (target <= 3)
  cli_over_json_floor_process  CLI seconds / floor-process seconds (like for like)
  engine_over_json_floor   in-process seconds / floor seconds
Seeded, so runs are comparable; figures depend on the machine, ratios much less.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from timing import best_of  # noqa: E402

from scoring import score_game  # noqa: E402
from scoring.interchange import record_from_dict  # noqa: E402

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Erika", "Frank", "Gabi", "Heinz"]
# Roughly how often each level is reached at real tables: most games see no Absage.
LEVELS = ["none", "ansage", "k90", "k60", "k30", "schwarz"]
LEVEL_WEIGHTS = [55, 30, 9, 4, 1.5, 0.5]


def random_game(rnd: random.Random) -> dict:
    players = rnd.sample(NAMES, 4)
    kind = rnd.choices(["normal", "hochzeit", "stille_hochzeit", "solo"], [80, 5, 2, 13])[0]
    re_size = 2 if kind == "normal" else 1 if kind != "hochzeit" else rnd.choice([1, 2])
    augen = rnd.randint(0, 240)
    game = {
        "kind": kind,
        "solo": rnd.choice(["damen", "buben", "kreuz", "herz"]) if kind == "solo" else None,
        "pflicht": kind == "solo" and rnd.random() < 0.5,
        "players": players,
        "re": players[:re_size],
        "re_augen": augen,
        "schwarz": "kontra" if augen == 240 else None,
        "announcements": {
            "re": rnd.choices(LEVELS, LEVEL_WEIGHTS)[0],
            "kontra": rnd.choices(LEVELS, LEVEL_WEIGHTS)[0],
        },
    }
    if re_size == 2 and rnd.random() < 0.5:
        game["specials"] = {
            "doppelkopf": {
                "re": min(augen // 40, rnd.randint(0, 1)),
                "kontra": min((240 - augen) // 40, rnd.randint(0, 1)),
            },
            "fuchs": {"re": rnd.randint(0, 1), "kontra": 0 if augen == 240 else rnd.randint(0, 1)},
            "karlchen": rnd.choice([None, "re"]),
        }
    return game


def main(n: int = 100_000) -> None:
    rnd = random.Random(20260221)
    games = [random_game(rnd) for _ in range(n)]
    for g in games:  # every generated game must be valid
        record_from_dict(g)
    text = json.dumps(games)

    def in_process() -> None:
        for g in games:
            score_game(record_from_dict(g))

    records = [record_from_dict(g) for g in games]

    def engine_only() -> None:
        for r in records:
            score_game(r)

    def floor() -> None:
        json.dumps(json.loads(text))

    # The input is long-lived data: freeze it out of the cyclic collector, as a server
    # does with its start-up objects; without this, the collector rescans 100,000 dicts.
    t_proc_gc = best_of(3, in_process)
    gc.freeze()
    t_proc = best_of(3, in_process)
    t_engine = best_of(3, engine_only)
    t_floor = best_of(3, floor)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        fh.write(text)
    cmd = [sys.executable, "-m", "scoring", "score", fh.name]

    def cli() -> None:
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)

    t_cli = best_of(3, cli)
    # The same floor as a whole process: start Python, read, json.loads, json.dumps, write.
    floor_cmd = [
        sys.executable,
        "-c",
        "import json,sys; sys.stdout.write(json.dumps(json.load(open(sys.argv[1]))))",
        fh.name,
    ]

    def floor_process() -> None:
        subprocess.run(floor_cmd, stdout=subprocess.DEVNULL, check=True)

    t_floor_proc = best_of(3, floor_process)
    Path(fh.name).unlink()
    figures = {
        "games": n,
        "games_per_s_in_process": round(n / t_proc),
        "games_per_s_in_process_gc_unfrozen": round(n / t_proc_gc),
        "games_per_s_engine_only": round(n / t_engine),
        "games_per_s_cli": round(n / t_cli),
        "json_floor_s": round(t_floor, 4),
        "cli_s": round(t_cli, 4),
        "json_floor_process_s": round(t_floor_proc, 4),
        "cli_over_json_floor": round(t_cli / t_floor, 2),
        "cli_over_json_floor_process": round(t_cli / t_floor_proc, 2),
        "engine_over_json_floor": round(t_proc / t_floor, 2),
    }
    print(f"in-process (parse+score): {figures['games_per_s_in_process']:>10,} games/s")
    print(f"engine only:              {figures['games_per_s_engine_only']:>10,} games/s")
    print(f"CLI, whole process:       {figures['games_per_s_cli']:>10,} games/s")
    print(f"CLI / JSON floor:         {figures['cli_over_json_floor']:>10}x (target <= 3)")
    print(f"CLI / JSON floor process: {figures['cli_over_json_floor_process']:>10}x")
    print(json.dumps(figures))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
