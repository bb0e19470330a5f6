"""A site of its own for a test: migrated in its own SQLite file, set up by a script, served
by real gunicorn processes (the two-instance and the venue ↔ site tests)."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.prebuilt import run_file

ROOT = Path(__file__).resolve().parents[1]
MANAGE = [sys.executable, "manage.py"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def site_env(folder: Path, **extra: str) -> dict[str, str]:
    """This process's environment without the test run's settings, on ``folder``'s database."""
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "VENUE_", "PYTEST_", "FEDERATION_")) and k != "DATABASE_URL"
    }
    return {
        **keep,
        "DATABASE_URL": f"sqlite:///{folder / 'site.sqlite3'}",
        "DJANGO_CACHE_DIR": str(folder / "cache"),
        **extra,
    }


def site_prepare(env: dict[str, str], script: str) -> str:
    """Migrate the site's database and run ``script`` in its shell; its output. The run
    migrates one empty database once (by the first worker that needs one) and each site
    gets a copy of it: the same tables and data migrations, without 5 s of migrating."""
    database = Path(env["DATABASE_URL"].removeprefix("sqlite:///"))
    with run_file("site-migrated", suffix=".done") as done:
        template = done.with_suffix(".sqlite3")
        if not done.exists():
            template.unlink(missing_ok=True)
            subprocess.run(
                [*MANAGE, "migrate", "-v0"], cwd=ROOT, check=True,
                env={**env, "DATABASE_URL": f"sqlite:///{template}"},
            )  # fmt: skip
            done.touch()
        source, target = sqlite3.connect(template), sqlite3.connect(database)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
    return site_shell(env, script)


def site_shell(env: dict[str, str], script: str) -> str:
    """Run ``script`` in the site's shell; its output."""
    made = subprocess.run(
        [*MANAGE, "shell", "-c", script], cwd=ROOT, env=env, check=True, capture_output=True,
        text=True,
    )  # fmt: skip
    return made.stdout


def serve(env: dict[str, str], *, threads: int = 1) -> tuple[str, subprocess.Popen[str]]:
    """gunicorn (one worker) on a free port, answering; its address and process."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "league.wsgi:application",
         "--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", str(threads),
         "--timeout", "120"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
        start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/live/ping/", timeout=5)
            return base, server
        except urllib.error.HTTPError:
            return base, server
        except OSError:
            assert server.poll() is None, "the site's server stopped"
            assert time.monotonic() < deadline, "the site did not come up"
            time.sleep(0.3)


def stop(server: subprocess.Popen[str]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)
