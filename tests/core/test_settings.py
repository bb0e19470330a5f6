import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The browser tests relax Django's async guard for themselves; a deployment never does.
BASE_ENV = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}


def test_production_settings_pass_check_deploy():
    env = {
        **BASE_ENV,
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": "x7$kq!2m@pz9&w3^r8t#v6y*u1o0i4e5a-b_c+d=f%g(h)j<k>l;n:s?QWERTYUIOP",
        "DJANGO_ALLOWED_HOSTS": "doko.example.org",
    }
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def test_production_without_secret_refuses_to_start():
    env = {
        **BASE_ENV,
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": "",
        "DJANGO_ALLOWED_HOSTS": "x",
    }
    proc = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in proc.stderr


def _settings_of(env: dict[str, str], expr: str) -> str:
    """``expr`` evaluated on league.settings in a fresh process with ``env``."""
    # Neither the caller's DJANGO_* nor its DATABASE_URL (CI's PostgreSQL run) may leak in.
    base = {
        k: v for k, v in BASE_ENV.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"
    }
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import league.settings as s, json; print(json.dumps({expr}))",
        ],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout.strip()


PROD = {
    "DJANGO_ENV": "production",
    "DJANGO_SECRET_KEY": "x7$kq!2m@pz9&w3^r8t#v6y*u1o0i4e5a-b_c+d=f%g(h)j<k>l;n:s?QWERTYUIOP",
    "DJANGO_ALLOWED_HOSTS": "doko.example.org",
}


@pytest.mark.parametrize(
    ("env", "debug"),
    [
        ({}, "false"),  # nothing said: off
        ({"DJANGO_ENV": "development"}, "false"),
        ({"DJANGO_ENV": "staging"}, "false"),
        ({"DJANGO_ENV": "Production"}, "false"),  # not exactly "production": still off
        ({"DJANGO_DEBUG": "0"}, "false"),
        ({"DJANGO_DEBUG": "true"}, "false"),  # only "1" asks for it
        ({"DJANGO_DEBUG": "1"}, "true"),
        ({**PROD, "DJANGO_DEBUG": "1"}, "false"),  # never in production
    ],
)
def test_debug_is_on_only_when_asked_for(env, debug):
    assert _settings_of(env, "s.DEBUG") == debug


def test_make_run_asks_for_debug():
    run = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "DJANGO_DEBUG=1 $(BIN)/python manage.py runserver" in run
    assert "DJANGO_DEBUG=1 $(BIN)/python manage.py load_demo" in run


def test_production_sqlite_default_queues_writers():
    options = json.loads(_settings_of({}, "s.DATABASES['default']['OPTIONS']"))
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"]


def test_logging_sends_tracebacks_to_stderr_and_mails_admins_only_when_set():
    handlers = json.loads(_settings_of({}, "s.LOGGING['loggers']['django.request']['handlers']"))
    assert handlers == ["stderr"]
    admins = {**PROD, "DJANGO_ADMINS": "Ops <ops@example.org>, bad-address"}
    assert json.loads(_settings_of(admins, "s.ADMINS")) == [["Ops", "ops@example.org"]]
    handlers = json.loads(
        _settings_of(admins, "s.LOGGING['loggers']['django.request']['handlers']")
    )
    assert handlers == ["stderr", "mail_admins"]


def test_a_500_leaves_its_traceback_on_stderr():
    """A view that fails, in a production process: its traceback is on stderr."""
    code = (
        "import django, os;"
        "os.environ['DJANGO_SETTINGS_MODULE'] = 'league.settings';"
        "django.setup();"
        "from unittest import mock;"
        "from django.test import Client;"
        "mock.patch('league.lists.calculator_views.render',"
        " side_effect=RuntimeError('kaputt-42')).start();"
        "r = Client(raise_request_exception=False).get('/rechner/', secure=True,"
        " HTTP_HOST='doko.example.org');"
        "print(r.status_code)"
    )
    env = {k: v for k, v in BASE_ENV.items() if not k.startswith("DJANGO_")}
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, **PROD},
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.stdout.strip() == "500", proc.stderr
    assert "ERROR django.request" in proc.stderr
    assert "Traceback" in proc.stderr
    assert "RuntimeError: kaputt-42" in proc.stderr
