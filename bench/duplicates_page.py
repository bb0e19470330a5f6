"""How long the "mögliche Doppelte" page takes to find its pairs at national size (issue
33): bench/people.py's generated register of ``players`` records written into a fresh
database, then ``duplicate_pairs()`` (the page's read: every record, likely_pairs, the first
page of pairs with their clubs and lists) timed with an empty cache and again cached.

Prints one line and one JSON object on the last line. Usage:
    python bench/duplicates_page.py [players] [DATABASE_URL]
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
db_dir = tempfile.mkdtemp()
os.environ["DATABASE_URL"] = (
    sys.argv[2] if len(sys.argv) > 2 else f"sqlite:///{db_dir}/bench.sqlite3"
)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from people import register  # noqa: E402

from league.clubs.models import Player  # noqa: E402
from league.rankings.duplicates import duplicate_pairs  # noqa: E402


def main() -> None:
    call_command("migrate", verbosity=0)
    people, planted = register(PLAYERS, 1)
    Player.objects.bulk_create(
        (Player(name=c.name, ddv_number=c.ddv or "") for c in people), batch_size=2000
    )
    cache.clear()
    started, cpu = time.perf_counter(), time.process_time()
    found = duplicate_pairs()
    cold = time.perf_counter() - started
    cold_cpu = time.process_time() - cpu
    started = time.perf_counter()
    duplicate_pairs()
    warm = time.perf_counter() - started
    figures = {
        "players": PLAYERS,
        "pairs": found.total,
        "shown": len(found.pairs),
        "cold_s": round(cold, 2),
        "cold_cpu_s": round(cold_cpu, 2),
        "cached_s": round(warm, 3),
        "load": round(os.getloadavg()[0], 1),
        "database": os.environ["DATABASE_URL"].split(":")[0],
    }
    print(
        f"{PLAYERS} players ({planted} written again): {found.total} pairs in {cold:.1f} s "
        f"({cold_cpu:.1f} s of CPU), cached {warm * 1000:.0f} ms; load {figures['load']}"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
