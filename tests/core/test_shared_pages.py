"""Strangers share one rendering of a public page per version (league/core/shared_pages.py)."""

from __future__ import annotations

import re
from unittest.mock import patch

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from league.core import shared_pages
from league.core.shared_pages import served
from league.lists import services
from tests.site_helpers import normal

TOKEN = re.compile(r'"X-CSRFToken": "([A-Za-z0-9]+)"')
TAG = re.compile(r'data-live-tag="([0-9a-f]+)"')


@pytest.fixture(autouse=True)
def _sharing(monkeypatch):
    monkeypatch.setattr(shared_pages, "EVERY", 0)  # each test below says when it counts
    cache.clear()
    shared_pages.forget()
    with override_settings(SHARED_PAGES=True):
        yield
    cache.clear()
    shared_pages.forget()


def _visit(client: Client, path: str) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


@pytest.mark.django_db
def test_the_second_stranger_gets_the_first_ones_rendering_with_his_own_token(liste, players):
    path = f"/listen/{liste.pk}/"
    first, rendered = _visit(Client(), path)
    second_client = Client(enforce_csrf_checks=True)
    second, shared = _visit(second_client, path)
    assert shared < rendered
    assert shared <= 2  # the version, nothing of the page
    assert TOKEN.search(first)  # the page carries a token ...
    token = TOKEN.search(second)
    assert token
    assert "\x00" not in second
    # His live tag is his: the first poll is a 304.
    tag = TAG.search(second)
    assert tag
    poll = Client()
    poll.cookies = second_client.cookies
    assert (
        poll.get(path, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=f'"{tag.group(1)}"').status_code == 304
    )
    # ... which is the second reader's own: his form post passes the CSRF check.
    response = second_client.post(
        "/i18n/setlang/", {"language": "en", "csrfmiddlewaretoken": token.group(1)}
    )
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_new_version_is_rendered_again(liste, players, user):
    path = f"/listen/{liste.pk}/"
    before, _ = _visit(Client(), path)
    assert 'id="spiel-1"' not in before
    services.game_record(
        spielliste=liste, record=normal(players=services.table_names(players)), user=user
    )
    after, rendered = _visit(Client(), path)
    assert 'id="spiel-1"' in after
    assert rendered > 2


@pytest.mark.django_db
def test_an_account_or_a_session_gets_its_own_rendering(liste, players, user):
    path = f"/listen/{liste.pk}/"
    _visit(Client(), path)  # a stranger's copy is there
    account = Client()
    account.force_login(user)
    page, rendered = _visit(account, path)
    assert rendered > 2
    assert "abmelden" in page.lower()
    session = Client()
    session.cookies["sessionid"] = "irgendwas"
    _, rendered = _visit(session, path)
    assert rendered > 2


@pytest.mark.parametrize(
    ("status", "cookie", "content_type", "kept"),
    [
        (200, False, "text/html; charset=utf-8", True),
        (404, False, "text/html; charset=utf-8", False),
        (200, True, "text/html; charset=utf-8", False),
        (200, False, "application/pdf", False),
    ],
)
def test_only_a_plain_html_answer_is_kept(rf, status, cookie, content_type, kept):
    request = rf.get("/x/")
    response = HttpResponse(
        b'<body hx-headers=\'{"X-CSRFToken": "%s"}\'>' % (b"a" * 64),
        status=status,
        content_type=content_type,
    )
    if cookie:
        response.set_cookie("eigen", "1")
    served(request, "v1", lambda: response)
    again = served(request, "v1", lambda: HttpResponse(b"neu"))
    assert (again.content != b"neu") is kept


@pytest.mark.django_db
def test_while_one_reader_renders_a_new_version_the_others_get_the_newest_copy(
    liste, players, user
):
    """Single flight: a save must not set every phone in the hall rendering the page."""
    path = f"/listen/{liste.pk}/"
    assert Client().get(path, HTTP_X_LIVE="1").status_code == 200  # a phone's poll, kept
    services.game_record(
        spielliste=liste, record=normal(players=services.table_names(players)), user=user
    )
    # Somebody is rendering the new version right now (the lock of shared_pages.served).
    with patch.object(cache, "add", return_value=False):
        waiting = Client()
        with CaptureQueriesContext(connection) as queries:
            response = waiting.get(path, HTTP_X_LIVE="1")
        assert response.status_code == 200
        page = response.content.decode()
        assert 'id="spiel-1"' not in page  # the newest copy kept: the old version
        assert len(queries) <= 2  # nothing of the page rendered
        # Its tag is the old version's: the next poll asks again ...
        shown = response["ETag"]
        assert waiting.get(path, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=shown).status_code == 200
    # ... and, the rendering done, gets the new one.
    fresh = Client().get(path, HTTP_X_LIVE="1")
    assert 'id="spiel-1"' in fresh.content.decode()
    again = Client().get(path, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=fresh["ETag"])
    assert again.status_code in (200, 304)


@pytest.mark.django_db
def test_a_copy_older_than_stale_is_not_handed_out(liste, players, user, monkeypatch):
    path = f"/listen/{liste.pk}/"
    _visit(Client(), path)
    assert Client().get(path, HTTP_X_LIVE="1").status_code == 200
    services.game_record(
        spielliste=liste, record=normal(players=services.table_names(players)), user=user
    )
    monkeypatch.setattr(shared_pages, "STALE", -1)
    with (
        patch.object(cache, "add", return_value=False),
        CaptureQueriesContext(connection) as queries,
    ):
        page = Client().get(path, HTTP_X_LIVE="1").content.decode()
    assert 'id="spiel-1"' in page  # rendered for himself rather than a stale copy
    assert len(queries) > 2


@pytest.mark.django_db
def test_a_page_is_rendered_for_strangers_at_most_every_few_seconds(
    liste, players, user, monkeypatch
):
    """However fast the tables save, a copy younger than EVERY serves the next version."""
    path = f"/listen/{liste.pk}/"
    monkeypatch.setattr(shared_pages, "EVERY", 60)
    assert Client().get(path, HTTP_X_LIVE="1").status_code == 200
    services.game_record(
        spielliste=liste, record=normal(players=services.table_names(players)), user=user
    )
    with CaptureQueriesContext(connection) as queries:
        soon = Client().get(path, HTTP_X_LIVE="1")
    assert 'id="spiel-1"' not in soon.content.decode()
    assert len(queries) <= 2
    monkeypatch.setattr(shared_pages, "EVERY", 0)
    later = Client().get(path, HTTP_X_LIVE="1")
    assert 'id="spiel-1"' in later.content.decode()


def _page(body: bytes) -> HttpResponse:
    return HttpResponse(body, content_type="text/html; charset=utf-8")


@pytest.mark.parametrize(
    ("body", "kept"),
    [
        (b"<html><body><main>Beamer</main></body></html>", True),  # the projector: no form
        (b'<form><input name="csrfmiddlewaretoken" value="%s"></form>' % (b"b" * 64), False),
    ],
)
def test_a_page_without_a_token_is_kept_as_it_is_one_with_a_form_token_is_not(rf, body, kept):
    request = rf.get("/beamer/")
    served(request, "v1", lambda: _page(body))
    again = served(rf.get("/beamer/"), "v1", lambda: _page(b"neu"))
    assert (again.content == body) is kept
    assert (again.content == b"neu") is not kept


@pytest.mark.parametrize("timeless", [True, False])
def test_only_a_page_with_a_clock_is_rendered_again_at_the_minutes_turn(rf, timeless):
    body = b'<body hx-headers=\'{"X-CSRFToken": "%s"}\'>Stand' % (b"a" * 64)
    now = 1_800_000_000.0  # the start of a minute
    with patch("league.core.shared_pages.time.time", return_value=now):
        served(rf.get("/wertung/"), "v1", lambda: _page(body), timeless=timeless)
    with patch("league.core.shared_pages.time.time", return_value=now + 61):
        again = served(rf.get("/wertung/"), "v1", lambda: _page(b"neu"), timeless=timeless)
    assert (again.content == b"neu") is not timeless


def test_the_newest_copy_in_memory_serves_within_every_without_the_shared_cache(rf, monkeypatch):
    """A page whose version moves on every second is handed out from this process's memory
    (its own version named) while its copy is younger than EVERY."""
    monkeypatch.setattr(shared_pages, "EVERY", 60)
    body = b'<body hx-headers=\'{"X-CSRFToken": "%s"}\'>v1' % (b"a" * 64)
    served(rf.get("/wertung/"), "v1", lambda: _page(body))
    cache.clear()  # nothing in the shared cache any more
    request = rf.get("/wertung/")
    with patch.object(cache, "get", side_effect=AssertionError("asked the shared cache")):
        answer = served(request, "v2", lambda: _page(b"neu"))
    assert answer.content.endswith(b">v1")
    assert shared_pages.served_version(request, "v2") == "v1"  # its tag: the next poll asks
    monkeypatch.setattr(shared_pages, "EVERY", 0)
    assert served(rf.get("/wertung/"), "v2", lambda: _page(b"neu")).content == b"neu"


def test_at_the_minutes_turn_one_reader_renders_while_the_others_get_the_last_copy(rf):
    """A page with a clock is rendered again at the minute's turn by one reader, not by
    every stranger who arrives meanwhile (single flight for the minute as for a version)."""
    body = b'<body hx-headers=\'{"X-CSRFToken": "%s"}\'>12:00' % (b"a" * 64)
    start = 1_800_000_000.0  # the start of a minute
    with patch("league.core.shared_pages.time.time", return_value=start + 50):
        served(rf.get("/runde/"), "v1", lambda: _page(body))
    with patch("league.core.shared_pages.time.time", return_value=start + 65):
        with patch.object(cache, "add", return_value=False):  # another reader renders
            waiting = served(rf.get("/runde/"), "v1", lambda: _page(b"neu"))
        first = served(rf.get("/runde/"), "v1", lambda: _page(b"neu"))
    assert waiting.content.endswith(b">12:00")
    assert first.content == b"neu"
