"""How long a club's history import takes (issue 33: 20,000 game rows in under a minute):
a generated workbook of ``rows`` game rows (24 games a table, tables of four and five, 40
members) read, checked and written by ``manage.py import_history`` into a fresh database.

Prints the file's size, the time to read and check it, the time of the whole import (read,
check, match the names, write), and one JSON object on the last line. Usage:
    python bench/history_import.py [rows] [DATABASE_URL]
(default 20,000 rows into a fresh SQLite file; pass a PostgreSQL URL to measure that).
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
db_dir = tempfile.mkdtemp()
os.environ["DATABASE_URL"] = (
    sys.argv[2] if len(sys.argv) > 2 else f"sqlite:///{db_dir}/bench.sqlite3"
)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from league.clubs.models import Club, Player  # noqa: E402
from league.evenings.history_files import read_sheets  # noqa: E402
from league.lists.models import Game, Spielliste  # noqa: E402
from scoring.history import read_history  # noqa: E402
from tests.evenings.history_workbook import sheet_rows, workbook  # noqa: E402

MEMBERS = [f"Spieler{i:02d} Nachname{i:02d}" for i in range(40)]
GAMES = 24


def generate(rows: int) -> bytes:
    rng = random.Random(33)
    evenings = []
    day, done = dt.date(2015, 1, 7), 0
    while done < rows:
        seated = rng.sample(range(len(MEMBERS)), 17)  # 4 tables: 4, 4, 4, 5
        tables = [seated[0:4], seated[4:8], seated[8:12], seated[12:17]]
        evenings.append((day, tables))
        done += GAMES * len(tables)
        day += dt.timedelta(days=7)
    sheets: dict[str, list[list[object]]] = {}
    for year in sorted({d.year for d, _t in evenings}):
        these = [(d, t) for d, t in evenings if d.year == year]
        sheets[f"Saison {year}"] = sheet_rows(MEMBERS, these, rng, GAMES)
    return workbook(sheets)


def main() -> None:
    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench-Club")
    Player.objects.bulk_create(Player(name=n, club=club) for n in MEMBERS)
    started = time.perf_counter()
    data = generate(ROWS)
    generated = time.perf_counter() - started
    path = Path(db_dir) / "verein.xlsx"
    path.write_bytes(data)
    started = time.perf_counter()
    history = read_history(read_sheets(data, path.name))
    checked = time.perf_counter() - started
    assert not history.errors, history.errors[:3]
    started, cpu = time.perf_counter(), time.process_time()
    call_command("import_history", "--club", str(club.pk), str(path), stdout=io.StringIO())
    imported = time.perf_counter() - started
    imported_cpu = time.process_time() - cpu
    figures = {
        "rows": history.games,
        "lists": Spielliste.objects.count(),
        "games_stored": Game.objects.count(),
        "file_kb": len(data) // 1024,
        "generate_s": round(generated, 1),
        "read_and_check_s": round(checked, 1),
        "import_s": round(imported, 1),
        # The process's own CPU time: the figure on an idle machine (this one is shared by
        # many sessions, and wall time grows with their load; see "load").
        "import_cpu_s": round(imported_cpu, 1),
        "load": round(os.getloadavg()[0], 1),
        "rows_per_s": round(history.games / imported),
        "database": os.environ["DATABASE_URL"].split(":")[0],
    }
    print(
        f"{figures['rows']} game rows ({figures['file_kb']} KB .xlsx, {figures['lists']} lists): "
        f"read and checked in {checked:.1f} s, imported in {imported:.1f} s "
        f"({figures['rows_per_s']} rows/s; {imported_cpu:.1f} s of CPU; load "
        f"{figures['load']} on {os.cpu_count()} cores)"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
