"""``make fuzz``: schemathesis with all its checks against a live server (issue 21).

Builds a demo database in a temporary folder (``migrate`` + ``load_demo``), starts gunicorn
on a free loopback port (DEBUG off), and runs ``schemathesis run --checks all`` over the
live ``/api/schema/`` three times: with an organiser's API token (``admin``), with a table
code of an open list (``X-Tisch-Code``), and anonymously. Exit 0 only if every run reports
0 failures; each run's summary is printed and its full report kept in the folder named at
the end.

    .venv/bin/python bench/fuzz.py [--examples N] [--keep] [--database-url URL]

``schemathesis.toml`` (the repository's root) holds what the schema cannot say: a
schema-valid game record, penalty row or seat list may still break a rule of the game
(Re not among the players, the same name twice at a table, a stale ``version``), which
the engine refuses with 400 and a code; so those writes may answer 400 to valid data.
Not part of ``make test``: about 5–15 minutes on two shared cores with the default
``--examples 25``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

SETUP = """
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from league.lists.models import Spielliste
admin = User.objects.get(username="admin")
print(Token.objects.get_or_create(user=admin)[0].key)
liste = Spielliste.objects.filter(frozen=False).exclude(code="").order_by("pk").first()
print(liste.code)
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"fuzz: manage.py {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def _wait(url: str, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"fuzz: the server did not answer {url}")


def _run(name: str, schema: str, headers: list[str], examples: int, folder: Path) -> bool:
    command = [
        str(BIN / "schemathesis"),
        "--config-file",
        str(ROOT / "schemathesis.toml"),
        "run",
        schema,
        "--checks",
        "all",
        "--max-examples",
        str(examples),
        "--workers",
        "1",
        "--seed",
        "21",
        "--continue-on-failure",
    ]
    for header in headers:
        command += ["-H", header]
    started = time.monotonic()
    log = folder / f"{name}.txt"
    with log.open("w") as out:
        status = subprocess.run(
            command, cwd=folder, stdout=out, stderr=subprocess.STDOUT
        ).returncode
    text = log.read_text()
    cases = [line.strip() for line in text.splitlines() if "generated" in line]
    tail = text.strip().splitlines()[-1] if text.strip() else ""
    print(f"fuzz {name}: exit {status}, {time.monotonic() - started:.0f} s — {tail.strip('= ')}")
    for line in cases[-1:]:
        print("   ", line)
    return status == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=int(os.environ.get("FUZZ_EXAMPLES", 25)))
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--database-url", default="", help="an existing demo database")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="doko-fuzz-"))
    env = {
        **os.environ,
        "DJANGO_ENV": "development",
        "DJANGO_DEBUG": "",
        "DJANGO_CACHE_DIR": str(folder / "cache"),
        "DATABASE_URL": args.database_url or f"sqlite:///{folder / 'demo.sqlite3'}",
    }
    if not args.database_url:
        started = time.monotonic()
        _manage(env, "migrate", "--noinput", "-v0")
        _manage({**env, "DJANGO_DEBUG": "1"}, "load_demo")  # DEBUG only while loading
        print(f"fuzz: demo database built in {time.monotonic() - started:.0f} s")
    lines = _manage(env, "shell", "--no-imports", "-c", SETUP).split()
    token, code = lines[-2], lines[-1]
    port = _free_port()
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "league.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2"],
        cwd=ROOT,
        env=env,
        stdout=(folder / "gunicorn.log").open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    ok = True
    try:
        base = f"http://127.0.0.1:{port}"
        schema = f"{base}/api/schema/?format=json"
        _wait(schema)
        runs = [
            ("token", [f"Authorization: Token {token}"]),
            ("table-code", [f"X-Tisch-Code: {code}"]),
            ("anonymous", []),
        ]
        for name, headers in runs:
            ok = _run(name, schema, headers, args.examples, folder) and ok
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    errors = (folder / "gunicorn.log").read_text().count("Traceback")
    print(f"fuzz: {errors} tracebacks in the server log; reports in {folder}")
    if not args.keep and ok and not errors:
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if ok and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
