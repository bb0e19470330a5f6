"""Production behaviour inside the test process: the demo refuses, the CSP header is sent."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from league.clubs.models import Club


@pytest.mark.django_db
def test_load_demo_refuses_with_debug_off_and_writes_nothing(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="--force"):
        call_command("load_demo")
    assert not Club.objects.exists()
    assert not get_user_model().objects.exists()


def test_load_demo_runs_when_debug_is_on(demo):
    """The shared demo fixture (tests/demo.py) runs the command once per test process
    with DEBUG on and no --force, as ``make run`` does; here is what that run printed and
    wrote."""
    assert "Demo loaded." in demo.output
    assert get_user_model().objects.filter(username="admin").exists()


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    out: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/listen/", "/turniere/", "/konto/anmelden/", "/api/v1/"])
def test_every_answer_carries_the_content_security_policy(client, url):
    response = client.get(url)
    policy = _policy(response)
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval
    assert policy["style-src"] == ["'self'"]  # no style attribute, no <style> element
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'self'" in policy["default-src"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/listen/", "/turniere/", "/api/docs/"])
def test_pages_need_no_inline_script(client, url):
    """The policy allows scripts only from this site: the pages must have none inline."""
    html = client.get(url).content.decode()
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts
    for attrs, body in scripts:
        assert 'src="/static/' in attrs, attrs
        assert not body.strip()
    assert not re.search(r"\son[a-z]+\s*=", html)  # no inline event handlers either


@pytest.mark.django_db
def test_no_template_carries_inline_styles():
    """style-src 'self': a style attribute or a <style> element would be refused by the
    browser. Only the API docs page (Redoc writes its styles at run time) allows them."""
    from pathlib import Path

    from django.conf import settings

    root = Path(settings.BASE_DIR)
    offenders = [
        str(path.relative_to(root))
        for path in [*root.glob("league/**/templates/**/*.html"), *root.glob("templates/**/*.html")]
        if re.search(r"\sstyle=\"|<style\b", path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.django_db
def test_api_docs_load_redoc_from_this_site(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    src = re.search(r'<script src="([^"]+)"', response.content.decode())
    assert src
    assert src.group(1).startswith("/static/drf_spectacular_sidecar/redoc/")
    # Redoc's search runs in a worker made from a blob; its styles are inserted inline.
    policy = _policy(response)
    assert "blob:" in policy["worker-src"]
    assert "'unsafe-inline'" in policy["style-src"]
    assert client.get("/api/schema/").status_code == 200


def test_throttle_counters_are_shared_between_processes(tmp_path):
    """gunicorn's workers are processes: a wrong code counted in one blocks in the others."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_CACHE_DIR": str(tmp_path / "cache"),
        "DJANGO_SETTINGS_MODULE": "league.settings",
    }
    count = (
        "import django; django.setup();"
        "from league.core import throttle;"
        "print(throttle.record_failure('code', '10.0.0.1', 60))"
    )
    check = (
        "import django; django.setup();"
        "from league.core import throttle;"
        "print(throttle.blocked('code', '10.0.0.1', 3))"
    )
    seen = [
        subprocess.run(
            [sys.executable, "-c", count],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for _ in range(3)
    ]
    assert seen == ["1", "2", "3"]  # three processes, one counter
    blocked = subprocess.run(
        [sys.executable, "-c", check],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert blocked == "True"
