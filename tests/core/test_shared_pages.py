"""Strangers share one rendering of a public page per version (league/core/shared_pages.py)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from league.core.shared_pages import served
from league.lists import services
from tests.site_helpers import normal

TOKEN = re.compile(r'"X-CSRFToken": "([A-Za-z0-9]+)"')
TAG = re.compile(r'data-live-tag="([0-9a-f]+)"')


@pytest.fixture(autouse=True)
def _sharing():
    cache.clear()
    with override_settings(SHARED_PAGES=True):
        yield
    cache.clear()


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
