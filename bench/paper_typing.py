"""How long typing a 40-table round from paper takes — with double entry — typed the way a
person types: a real browser (Debian's Chromium through Playwright) against a real server,
keyboard only (table number, Tab, 4 totals, Enter), each key pressed with a human delay.

Prints per entry the tables, keystrokes, the wall time and the time the site itself needed
(server round trips and page loads, i.e. wall time minus the typing delays), and as one JSON
object on its last line the figures for the whole round. Usage:
    python bench/paper_typing.py [tables] [seconds_per_key]
The default 0.25 s a key is a practised numeric typist (about 14,000 keys an hour).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TABLES = int(sys.argv[1]) if len(sys.argv) > 1 else 40
PER_KEY = float(sys.argv[2]) if len(sys.argv) > 2 else 0.25

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
db_dir = tempfile.mkdtemp()
os.environ["DATABASE_URL"] = f"sqlite:///{db_dir}/bench.sqlite3"
os.environ.setdefault("DJANGO_DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.urls import reverse  # noqa: E402

from league.tournaments import services as ts  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    call_command("migrate", verbosity=0)
    User.objects.create_user("org", password="pw-secret-123")
    org = User.objects.get(username="org")
    t = ts.tournament_create(
        name="Bench", date=django.utils.timezone.now().date(), double_entry=True, user=org
    )
    for i in range(TABLES * 4):
        ts.participant_add(tournament=t, name=f"Spieler {i:03d}", club_name=f"Club {i % 20}")
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    rng = random.Random(7)
    totals = {}
    for table in range(1, TABLES + 1):
        a, b, c = (rng.randrange(-60, 61) for _ in range(3))
        totals[table] = (a, b, c, -(a + b + c))

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        from playwright.sync_api import sync_playwright

        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        figures = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            base = f"http://127.0.0.1:{port}"
            page.goto(base + reverse("login"))
            page.fill("input[name=username]", "org")
            page.fill("input[name=password]", "pw-secret-123")
            with page.expect_navigation():
                page.click("main button.primary")
            url = base + reverse("round-results", args=[t.pk, rnd.number])
            for entry in (1, 2):
                page.goto(f"{url}?eingabe={entry}")
                keys = 0
                started = time.perf_counter()
                for table, values in totals.items():
                    page.focus("input[name=table]")
                    page.keyboard.type(str(table), delay=PER_KEY * 1000)
                    keys += len(str(table))
                    for value in values:
                        page.keyboard.press("Tab", delay=PER_KEY * 1000)
                        page.keyboard.type(str(value), delay=PER_KEY * 1000)
                        keys += 1 + len(str(value))
                    with page.expect_navigation():
                        page.keyboard.press("Enter", delay=PER_KEY * 1000)
                    keys += 1
                wall = time.perf_counter() - started
                typing = keys * PER_KEY
                figures[f"entry_{entry}"] = {
                    "tables": TABLES,
                    "keys": keys,
                    "wall_s": round(wall, 1),
                    "site_s": round(wall - typing, 1),
                    "site_ms_per_table": round((wall - typing) / TABLES * 1000),
                }
                print(f"entry {entry}: {figures[f'entry_{entry}']}", flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    accepted = sum(1 for li in rnd.lists.all() if li.complete)
    figures["tables_counting"] = accepted
    figures["seconds_per_key"] = PER_KEY
    figures["minutes_per_entry"] = round(figures["entry_1"]["wall_s"] / 60, 1)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
