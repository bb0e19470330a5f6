"""Load test: tournament day at full size on gunicorn (issue 10 "Performance").

For each database — PostgreSQL (its own database ``loadbench``, when a server answers on
127.0.0.1:5432) and the SQLite default (a temp file) — this builds a DEM-size tournament
(168 players, 42 tables, round 1 drawn), starts gunicorn with 3 workers on loopback, and
runs phases of rising load: 42 writers (one per table, each with its table code in
``X-Tisch-Code``, each game on the version the last answer gave) enter games through
``POST /api/v1/listen/{id}/spiele/`` while 300 simulated phones poll the standings page,
the projector and ``GET /api/v1/turniere/{id}/wertung/`` (with If-None-Match, as browsers
do). Rate 1x is the DEM's real one: a game per table every 4 minutes, each phone every 10 s.

Prints per phase and endpoint p50/p95/p99 (ms), requests, errors (5xx, refused
connections, and any 4xx a correct client should not get), and, as one JSON object on the
last line, every figure plus ``max_rate_held`` (the highest request rate whose p95 over all
requests stayed under 300 ms) and the goals at 10x (0 errors; entry p95 < 150 ms; standings
p95 < 300 ms). Bounded: each phase lasts ``--seconds`` (default 15); it stops by itself.

``--venue`` starts the server the way ``make venue`` does (``manage.py venue``: DJANGO_ENV=venue,
gunicorn with 3 gthread workers of 4 threads, whitenoise, the backup scheduler beside it; an
organiser account from VENUE_ADMIN_*), on loopback; the Sicherungen it made are counted.

Usage: python bench/load.py [--db sqlite|postgres|both] [--seconds 15] [--rates 1,5,10,20]
       [--threads N]  (gunicorn gthread threads per worker; default 1 = sync workers)
       [--venue]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = 168
PHONES = 300
GAME_EVERY_S = 240.0  # a game per table every 4 minutes at the DEM
POLL_EVERY_S = 10.0  # each phone every 10 s
PG_URL = "postgres://postgres@127.0.0.1:5432/loadbench"


def _setup() -> None:
    """In a child process with the bench's DATABASE_URL: migrate, build, print the ids."""
    import datetime as dt

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    django.setup()
    from django.core.management import call_command

    from league.tournaments import services as ts

    call_command("migrate", verbosity=0)
    tournament = ts.tournament_create(
        name="DEM Last", date=dt.date(2026, 11, 21), rounds_planned=8, official=True
    )
    for i in range(PLAYERS):
        ts.participant_add(tournament=tournament, name=f"Spieler {i:03d}", club_name=f"C{i % 30}")
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    tables = [
        {"id": li.pk, "code": li.code, "seats": [s.name for s in li.seats.order_by("position")]}
        for li in rnd.lists
    ]
    print(json.dumps({"tournament": tournament.pk, "tables": tables}))


def _pg_reset() -> bool:
    try:
        import psycopg
    except ImportError:
        return False
    try:
        with psycopg.connect(
            "postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True, connect_timeout=3
        ) as conn:
            conn.execute("DROP DATABASE IF EXISTS loadbench WITH (FORCE)")
            conn.execute("CREATE DATABASE loadbench")
    except Exception as exc:
        print(f"PostgreSQL not available: {exc}", file=sys.stderr)
        return False
    return True


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.samples: list[str] = []
        self.counts: dict[str, int] = {}

    def count(self, name: str) -> None:
        with self.lock:
            self.counts[name] = self.counts.get(name, 0) + 1

    def add(self, endpoint: str, ms: float, ok: bool, note: str = "") -> None:
        with self.lock:
            self.times.setdefault(endpoint, []).append(ms)
            if not ok:
                self.errors[endpoint] = self.errors.get(endpoint, 0) + 1
                if len(self.samples) < 5:
                    self.samples.append(f"{endpoint}: {note}")

    def summary(self, seconds: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        every: list[float] = []
        for endpoint, values in sorted(self.times.items()):
            every += values
            out[endpoint] = {**_percentiles(values), "n": len(values)}
            out[endpoint]["errors"] = self.errors.get(endpoint, 0)
        out["all"] = {**_percentiles(every), "n": len(every)}
        out["all"]["errors"] = sum(self.errors.values())
        out["rate_rps"] = round(len(every) / seconds, 1)
        out["statuses"] = dict(sorted(self.counts.items()))
        if self.samples:
            out["error_samples"] = self.samples
        return out


def _percentiles(values: list[float]) -> dict[str, float]:
    if len(values) < 2:
        return {"p50": values[0] if values else 0.0, "p95": 0.0, "p99": 0.0}
    q = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(q[49], 1), "p95": round(q[94], 1), "p99": round(q[98], 1)}


def _request(
    url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, bytes, dict[str, str]]:
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read(), dict(resp.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read(), dict(err.headers)


def _writer(base: str, table: dict[str, Any], every: float, stop: float, stats: Stats) -> None:
    from scoring.interchange import record_from_dict, record_to_dict
    from scoring.round import replay_round
    from scoring.simulate import next_random_game

    rng = random.Random(table["id"])
    if not _sleep_until(time.monotonic() + rng.uniform(0, every), stop):
        return  # tables do not finish games in step
    headers = {"X-Tisch-Code": table["code"], "Content-Type": "application/json"}
    url = f"{base}/api/v1/listen/{table['id']}/spiele/"
    while time.monotonic() < stop:
        games = [record_from_dict(g) for g in table["games"]]
        state = replay_round(table["seats"], games)
        if state.next_game is None:
            return
        record = next_random_game(rng, state)
        body = json.dumps({"version": table["version"], "game": record_to_dict(record)}).encode()
        start = time.perf_counter()
        try:
            status, answer, _ = _request(url, data=body, headers=headers)
        except OSError as exc:
            stats.add("entry", (time.perf_counter() - start) * 1000, False, repr(exc))
            status, answer = 0, b""
        else:
            ok = status == 201
            stats.add(
                "entry", (time.perf_counter() - start) * 1000, ok, f"{status} {answer[:120]!r}"
            )
        if status == 201:
            table["version"] = json.loads(answer)["version"]
            table["games"].append(record_to_dict(record))
        elif status == 409:  # someone else wrote (never here): take the current version
            table["version"] = json.loads(answer).get("version", table["version"])
        if not _sleep_until(time.monotonic() + every * rng.uniform(0.8, 1.2), stop):
            return


def _sleep_until(when: float, stop: float) -> bool:
    """Sleep until ``when``; False (at once) when that is past the phase's end."""
    if when >= stop:
        return False
    time.sleep(max(0.0, when - time.monotonic()))
    return True


def _phones(
    base: str, tournament: int, phones: list[int], every: float, stop: float, stats: Stats
) -> None:
    rng = random.Random(phones[0])
    paths = {
        "standings_page": f"/turniere/{tournament}/wertung/",
        "projector": f"/turniere/{tournament}/beamer/",
        "api_wertung": f"/api/v1/turniere/{tournament}/wertung/",
    }
    kinds = ["api_wertung", "standings_page", "api_wertung", "projector"]
    etags: dict[tuple[int, str], str] = {}
    cookies: dict[int, str] = {}  # each phone keeps its CSRF cookie, as a browser does
    due = {p: time.monotonic() + rng.uniform(0, every) for p in phones}
    while True:
        phone = min(due, key=due.__getitem__)
        wait = due[phone] - time.monotonic()
        if due[phone] >= stop:
            return
        if wait > 0:
            time.sleep(wait)
        kind = kinds[(phone + int(due[phone] / every)) % len(kinds)]
        headers = {}
        if (phone, kind) in etags:
            headers["If-None-Match"] = etags[(phone, kind)]
        if phone in cookies:
            headers["Cookie"] = cookies[phone]
        start = time.perf_counter()
        try:
            status, _, answer_headers = _request(base + paths[kind], headers=headers)
        except OSError as exc:
            stats.add(kind, (time.perf_counter() - start) * 1000, False, repr(exc))
        else:
            stats.add(kind, (time.perf_counter() - start) * 1000, status in (200, 304), str(status))
            stats.count(f"{kind}_{status}")
            if "ETag" in answer_headers:
                etags[(phone, kind)] = answer_headers["ETag"]
            cookie = answer_headers.get("Set-Cookie", "")
            if cookie.startswith("csrftoken="):
                cookies[phone] = cookie.split(";", 1)[0]
        due[phone] += every


def _phase(base: str, setup: dict[str, Any], rate: float, seconds: float) -> dict[str, Any]:
    stats = Stats()
    stop = time.monotonic() + seconds
    threads = [
        threading.Thread(target=_writer, args=(base, t, GAME_EVERY_S / rate, stop, stats))
        for t in setup["tables"]
    ]
    phones = list(range(PHONES))
    groups = 30  # each thread plays 10 phones
    threads += [
        threading.Thread(
            target=_phones,
            args=(base, setup["tournament"], phones[g::groups], POLL_EVERY_S / rate, stop, stats),
        )
        for g in range(groups)
    ]
    started = time.monotonic()
    for t in threads:
        t.daemon = True
        t.start()
    for t in threads:  # every thread stops by itself at ``stop`` (plus one last request)
        t.join(timeout=max(1.0, stop + 60 - time.monotonic()))
    return {"rate": rate, **stats.summary(time.monotonic() - started)}


def _run_db(name: str, database_url: str, args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix=f"loadbench-{name}-"))
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DATABASE_URL": database_url,
        "DJANGO_CACHE_DIR": str(workdir / "cache"),
        "PYTHONPATH": str(ROOT),
    }
    t0 = time.monotonic()
    built = subprocess.run(
        [sys.executable, __file__, "--setup"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    setup = json.loads(built.stdout.strip().splitlines()[-1])
    for table in setup["tables"]:
        table["version"], table["games"] = 0, []
    build_s = round(time.monotonic() - t0, 1)
    port = args.port
    if args.venue:
        env.update(
            {
                "DJANGO_ENV": "venue",
                "VENUE_SECRET_KEY_FILE": str(workdir / "secret_key"),
                "VENUE_BACKUP_DIR": str(workdir / "backups"),
                "VENUE_ADMIN_USER": "bench",
                "VENUE_ADMIN_PASSWORD": "Bench-Organiser-2026",
            }
        )
        command = [
            sys.executable,
            "manage.py",
            "venue",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--poster",
            str(workdir / "aushang.pdf"),
        ]
    else:
        command = [
            str(Path(sys.executable).parent / "gunicorn"),
            "league.wsgi",
            "--workers",
            "3",
            "--threads",
            str(args.threads),
            "--bind",
            f"127.0.0.1:{port}",
            "--timeout",
            "30",
            "--log-level",
            "warning",
        ]
    server = subprocess.Popen(
        command,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=open(workdir / "gunicorn.log", "w"),  # noqa: SIM115
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300 if args.venue else 100):
            try:
                _request(f"{base}/api/v1/turniere/{setup['tournament']}/wertung/")
                break
            except OSError:
                time.sleep(0.2)
        phases = [_phase(base, setup, rate, args.seconds) for rate in args.rates]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=120)
    log = (workdir / "gunicorn.log").read_text()[-2000:]
    backups = len(list((workdir / "backups").glob("sicherung-*.json")))
    shutil.rmtree(workdir, ignore_errors=True)
    held = [p["rate_rps"] for p in phases if p["all"]["p95"] < 300 and not p["all"]["errors"]]
    at10 = next((p for p in phases if p["rate"] == 10), None)
    result: dict[str, Any] = {
        "build_s": build_s,
        "phases": phases,
        "max_rate_held_rps": max(held, default=0.0),
        **({"server": "manage.py venue", "backups_made": backups} if args.venue else {}),
        "server_log_tail": log if "Traceback" in log or "ERROR" in log else "",
    }
    if at10:
        standings_p95 = max(at10[k]["p95"] for k in ("standings_page", "projector", "api_wertung"))
        result["goals_at_10x"] = {
            "errors": at10["all"]["errors"],
            "entry_p95_ms": at10["entry"]["p95"],
            "standings_p95_ms": standings_p95,
            "met": at10["all"]["errors"] == 0
            and at10["entry"]["p95"] < 150
            and standings_p95 < 300,
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--setup", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--rates", default="1,5,10,20")
    parser.add_argument("--port", type=int, default=8150)
    # gthread: a worker waiting for the database serves another request meanwhile.
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--venue", action="store_true", help="serve as `make venue` does")
    args = parser.parse_args()
    if args.setup:
        _setup()
        return
    args.rates = [float(r) for r in args.rates.split(",")]
    out: dict[str, Any] = {"players": PLAYERS, "tables": PLAYERS // 4, "phones": PHONES}
    if args.db in ("postgres", "both"):
        if _pg_reset():
            out["postgres"] = _run_db("postgres", PG_URL, args)
        else:
            out["postgres"] = "skipped: no server on 127.0.0.1:5432"
    if args.db in ("sqlite", "both"):
        path = Path(tempfile.mkdtemp(prefix="loadbench-sqlite-")) / "load.sqlite3"
        out["sqlite"] = _run_db("sqlite", f"sqlite:///{path}", args)
        shutil.rmtree(path.parent, ignore_errors=True)
    for db in ("postgres", "sqlite"):
        if isinstance(out.get(db), dict):
            for phase in out[db]["phases"]:
                print(f"{db} x{phase['rate']:g}: {phase['rate_rps']} req/s", file=sys.stderr)
                for endpoint in ("entry", "standings_page", "projector", "api_wertung", "all"):
                    s = phase.get(endpoint)
                    if s:
                        print(
                            f"  {endpoint:15} p50 {s['p50']:7.1f}  p95 {s['p95']:7.1f}  "
                            f"p99 {s['p99']:7.1f} ms  n={s['n']}  errors={s['errors']}",
                            file=sys.stderr,
                        )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
