"""Venue settings: ``check --deploy`` passes on plain HTTP with exactly the four TLS checks
silenced; the secret key is made once into its file (0600); DEBUG stays off; hosts."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from league.venue.network import _usable, hall_hosts, hall_urls
from league.venue.secret import secret_key_from_file

# Nothing here depends on the database server or the cache: CI's PostgreSQL run leaves it out.
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
TLS_ONLY = ["security.W004", "security.W008", "security.W012", "security.W016"]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "VENUE_")) and k != "DATABASE_URL"
    }
    return {
        **base,
        "DJANGO_ENV": "venue",
        "VENUE_SECRET_KEY_FILE": str(tmp_path / "conf" / "secret_key"),
        "DJANGO_CACHE_DIR": str(tmp_path / "cache"),
        **extra,
    }


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )


def test_venue_settings_pass_check_deploy_with_only_the_tls_checks_silenced(tmp_path):
    env = _env(tmp_path)
    proc = _run(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert proc.returncode == 0, proc.stderr
    assert "(4 silenced)" in proc.stdout
    # The silenced ones are exactly the TLS-only checks, and they are the only findings.
    code = (
        "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE','league.settings');"
        "django.setup(); from django.conf import settings; from django.core import checks;"
        "print(sorted(settings.SILENCED_SYSTEM_CHECKS));"
        "settings.SILENCED_SYSTEM_CHECKS = [];"
        "print(sorted({m.id for m in checks.run_checks(include_deployment_checks=True)}))"
    )
    proc = _run(env, "-c", code)
    assert proc.returncode == 0, proc.stderr
    silenced, found = proc.stdout.strip().splitlines()
    assert silenced == str(TLS_ONLY)
    assert found == str(TLS_ONLY)


def test_secret_key_is_made_once_into_a_private_file(tmp_path):
    path = tmp_path / "conf" / "secret_key"
    key = secret_key_from_file(path)
    assert len(key) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret_key_from_file(path) == key
    code = "from league import settings; print(settings.SECRET_KEY, settings.DEBUG)"
    proc = _run(_env(tmp_path, DJANGO_DEBUG="1"), "-c", code)
    assert proc.stdout.split() == [key, "False"]  # the same key; DEBUG never at a venue


def test_hosts_are_detected_or_given(tmp_path):
    code = (
        "from league import settings; print(settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS)"
    )
    proc = _run(_env(tmp_path), "-c", code)
    assert "'127.0.0.1'" in proc.stdout
    assert "'http://127.0.0.1:8000'" in proc.stdout
    given = _env(tmp_path, DJANGO_ALLOWED_HOSTS="10.0.0.5,halle.local", VENUE_PORT="8080")
    proc = _run(given, "-c", code)
    assert proc.stdout.strip() == (
        "['10.0.0.5', 'halle.local'] ['http://10.0.0.5:8080', 'http://halle.local:8080']"
    )


def test_addresses_a_phone_can_use():
    assert _usable("192.168.1.20")
    assert _usable("10.0.0.5")
    assert not any(_usable(a) for a in ("127.0.0.1", "169.254.3.4", "0.0.0.0", "::1", "x"))
    hosts = hall_hosts(["192.168.1.20"])
    assert hosts[0] == "192.168.1.20"
    assert {"127.0.0.1", "localhost", "[::1]"} <= set(hosts)
    assert hall_urls(["192.168.1.20"], 8000) == ["http://192.168.1.20:8000/"]
    assert hall_urls(["192.168.1.20"], 80) == ["http://192.168.1.20/"]
