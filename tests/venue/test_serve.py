"""``manage.py venue`` end to end: gunicorn answers on the port with DEBUG off and hashed
static files, refuses a foreign Host, and a Ctrl-C/SIGTERM stops it after the backup."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

# Nothing here depends on the database server or the cache: CI's PostgreSQL run leaves it out.
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, ""


def test_venue_serves_and_stops_with_a_backup(tmp_path):
    port = _free_port()
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "VENUE_")) and k != "DATABASE_URL"
        },
        "DJANGO_ENV": "venue",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'venue.sqlite3'}",
        "DJANGO_CACHE_DIR": str(tmp_path / "cache"),
        "VENUE_SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        "VENUE_BACKUP_DIR": str(tmp_path / "backups"),
        "VENUE_ADMIN_USER": "orga",
        "VENUE_ADMIN_PASSWORD": "Karo-Bube-2026",
        "VENUE_WORKERS": "1",
        "VENUE_THREADS": "2",
    }
    server = subprocess.Popen(
        [sys.executable, "manage.py", "venue", "--bind", "127.0.0.1", "--port", str(port),
         "--poster", str(tmp_path / "aushang.pdf")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                status, page = _get(base + "/turniere/")
                break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                assert time.monotonic() < deadline, "venue server did not come up"
                time.sleep(0.5)
        assert status == 200
        assert "/static/css/site." in page  # hashed by the manifest storage (collectstatic)
        css = page.split('href="/static/css/', 1)[1].split('"', 1)[0]
        assert _get(f"{base}/static/css/{css}")[0] == 200  # whitenoise
        assert _get(base + "/turniere/", host="evil.example")[0] == 400
        assert _get(base + "/gibt-es-nicht/")[0] == 404  # DEBUG off: no debug page
        schema = json.loads(_get(base + "/api/schema/?format=json")[1] or "{}")
        assert schema.get("info", {}).get("title") == "Doppelkopf-Liste API"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        out, _ = server.communicate(timeout=60)
    assert server.returncode == 0, out
    assert "Konto der Turnierleitung angelegt: orga" in out
    assert (tmp_path / "aushang.pdf").exists()
    assert list((tmp_path / "backups").glob("sicherung-*.json"))
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
