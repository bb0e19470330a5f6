"""Two instances of the site on one database, each with its own cache folder as two machines
have, sharing Redis (``DJANGO_CACHE_URL``; federation.md "More than one machine"): the login
lockout and the table-code throttle hold across them, and a save through one shows on a
live page polled on the other.

Real gunicorn processes on an SQLite file: what is shared must be shared through the
servers, not through this test's process. Without Redis the test is skipped, except in CI
(``.ci/run`` starts Redis), where that is a failure.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.servers import serve, site_env, site_prepare, stop

REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
PASSWORD = "Karo-Bube-2026"

SETUP = f"""
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from league.clubs.models import Player
from league.lists import services
anna = User.objects.create_user("anna", password={PASSWORD!r})
lf = User.objects.create_user("lf", password={PASSWORD!r})
players = [Player.objects.create(name=n) for n in ("Anna", "Bernd", "Carla", "Dieter")]
liste = services.spielliste_create(title="Zwei Maschinen", players=players, created_by=lf)
print(liste.pk, liste.version, Token.objects.create(user=lf).key)
"""


def _redis_answers() -> bool:
    host, port = urllib.parse.urlsplit(REDIS).hostname, urllib.parse.urlsplit(REDIS).port
    try:
        with socket.create_connection((host or "127.0.0.1", port or 6379), timeout=2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class Instance:
    base: str
    process: subprocess.Popen[str]

    def client(self) -> Client:
        return Client(self.base)


class Client:
    """A browser enough for the login form: cookies, CSRF token, no redirects followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: object, **kwargs: object) -> None:
                return None

        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )

    def request(
        self,
        path: str,
        data: dict[str, str] | bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        body = urllib.parse.urlencode(data).encode() if isinstance(data, dict) else data
        req = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        try:
            with self.opener.open(req, timeout=20) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), err.read().decode()

    def login(self, username: str, password: str) -> int:
        _, _, page = self.request("/konto/anmelden/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token, "login page without CSRF token"
        status, _, _ = self.request(
            "/konto/anmelden/",
            {"csrfmiddlewaretoken": token.group(1), "username": username, "password": password},
        )
        return status


@pytest.fixture(scope="module")
def instances(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Instance, Instance, str]]:
    if not _redis_answers():
        if os.environ.get("CI"):
            pytest.fail(f"Redis does not answer at {REDIS} (.ci/run starts it)")
        pytest.skip(f"Redis does not answer at {REDIS}")
    tmp = tmp_path_factory.mktemp("two-instances")
    # One prefix per run: the runs of other workers and earlier runs count apart.
    env = site_env(tmp, DJANGO_CACHE_URL=REDIS, DJANGO_CACHE_PREFIX=f"two-{uuid.uuid4().hex[:12]}")
    list_id, version, token = site_prepare(env, SETUP).split()[-3:]
    started: list[Instance] = []
    try:
        for name in ("a", "b"):
            # Each instance its own cache folder, as two machines have.
            base, process = serve(
                {**env, "DJANGO_CACHE_DIR": str(tmp / f"cache-{name}")}, threads=2
            )
            started.append(Instance(base, process))
        yield started[0], started[1], f"{list_id} {version} {token}"
    finally:
        for instance in started:
            stop(instance.process)


def test_a_lockout_reached_on_both_holds_on_both(instances: tuple[Instance, Instance, str]):
    a, b, _ = instances
    # 5 wrong passwords, 3 on one instance and 2 on the other: the limit is 5.
    for instance, wrong in ((a, 3), (b, 2)):
        for _ in range(wrong):
            assert instance.client().login("anna", "falsch") == 200
    # The right one is refused on both (429), as on one machine.
    assert a.client().login("anna", PASSWORD) == 429
    assert b.client().login("anna", PASSWORD) == 429
    # Another account is not locked: the counters are per user name.
    assert a.client().login("lf", PASSWORD) == 302


def test_wrong_table_codes_spread_over_both_answer_429_on_both(
    instances: tuple[Instance, Instance, str],
):
    a, b, _ = instances
    statuses = [(a if n % 2 else b).client().request(f"/t/FALSCH{n:02d}/")[0] for n in range(12)]
    assert statuses[:10].count(429) == 0, statuses
    assert a.client().request("/t/NOCHEINER/")[0] == 429
    assert b.client().request("/t/NOCHEINER/")[0] == 429


def test_a_save_through_one_shows_on_a_page_polled_on_the_other(
    instances: tuple[Instance, Instance, str],
):
    a, b, ids = instances
    list_id, version, token = ids.split()
    reader = b.client()
    status, headers, page = reader.request(f"/listen/{list_id}/", headers={"X-Live": "1"})
    assert status == 200
    tag = headers.get("ETag", "")
    assert tag
    assert (
        reader.request(f"/listen/{list_id}/", headers={"X-Live": "1", "If-None-Match": tag})[0]
        == 304
    )
    game = {
        "kind": "normal",
        "players": ["Anna", "Bernd", "Carla", "Dieter"],
        "re": ["Anna", "Carla"],
        "re_augen": 131,
        "announcements": {"re": "none", "kontra": "none"},
    }
    status, _, body = a.client().request(
        f"/api/v1/listen/{list_id}/spiele/",
        json.dumps({"version": int(version), "game": game}).encode(),
        {"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    assert status == 201, body
    # The other instance's answer changes at once; the game itself shows within the shared
    # copy's EVERY (league/core/shared_pages.py: a page is rendered for strangers at most
    # every 1.5 s), as live.js polls: with the tag of the last answer.
    status, headers, page = reader.request(
        f"/listen/{list_id}/", headers={"X-Live": "1", "If-None-Match": tag}
    )
    assert status == 200
    deadline = time.monotonic() + 5
    while 'id="spiel-1"' not in page and time.monotonic() < deadline:
        time.sleep(0.3)
        tag = headers.get("ETag", tag)
        status, headers, again = reader.request(
            f"/listen/{list_id}/", headers={"X-Live": "1", "If-None-Match": tag}
        )
        page = again if status == 200 else page
    assert 'id="spiel-1"' in page
