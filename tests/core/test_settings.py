import os
import subprocess
import sys
from pathlib import Path

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
