"""A browser's own preferences (league/core/preferences.py, issue 36): the larger text is a
cookie the server writes as the class on <html>, never shared with a stranger of the other
size (shared pages, ETags); "So trägst du ein" opens for a table code until it was seen
(league/lists/views/guide.py)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.test.utils import override_settings

from league.core.preferences import LARGER, TEXT_COOKIE
from league.lists.views.guide import GUIDE_COOKIE, SEEN

LARGE = '<html lang="de" class="larger-text">'
TAG = re.compile(r'data-live-tag="([0-9a-f]+)"')


@pytest.fixture(autouse=True)
def _sharing():
    cache.clear()
    with override_settings(SHARED_PAGES=True):
        yield
    cache.clear()


def _client(larger: bool = False) -> Client:
    client = Client()
    if larger:
        client.cookies[TEXT_COOKIE] = LARGER
    return client


@pytest.mark.django_db
def test_the_switch_sets_and_clears_the_cookie_and_goes_back():
    client = Client()
    response = client.post("/schrift/", {"larger": "1", "next": "/turniere/"})
    assert response.status_code == 302
    assert response["Location"] == "/turniere/"
    assert response.cookies[TEXT_COOKIE].value == LARGER
    assert response.cookies[TEXT_COOKIE]["samesite"] == "Lax"
    assert LARGE in client.get("/turniere/").content.decode()
    response = client.post("/schrift/", {"larger": "0", "next": "https://elsewhere.example/"})
    assert response["Location"] == "/"  # never to another site
    assert response.cookies[TEXT_COOKIE].value == ""
    page = client.get("/turniere/").content.decode()
    assert "larger-text" not in page.split("<head>")[0]
    assert 'aria-pressed="false"' in page
    assert client.get("/schrift/").status_code == 405


@pytest.mark.django_db
def test_strangers_of_either_size_never_get_each_others_copy(liste, players):
    path = f"/listen/{liste.pk}/"
    small = _client().get(path).content.decode()
    large = _client(larger=True).get(path).content.decode()
    again = _client().get(path).content.decode()
    assert LARGE not in small
    assert LARGE in large
    assert 'aria-pressed="true"' in large
    assert LARGE not in again
    # A tag of the small page is no 304 for the large one.
    tag = TAG.search(small)
    assert tag
    poll = _client(larger=True)
    answer = poll.get(path, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=f'"{tag.group(1)}"')
    assert answer.status_code == 200


@pytest.mark.django_db
def test_the_guide_opens_for_a_table_code_until_seen(liste, players):
    client = Client()
    response = client.get(f"/t/{liste.code}/", follow=True)
    page = response.content.decode()
    assert "data-guide" in page
    assert re.search(r"<section [^>]*data-guide[^>]*>", page)
    assert not re.search(r"<section [^>]*data-guide[^>]* hidden>", page)
    response = client.post("/listen/anleitung-gesehen/", {"next": f"/listen/{liste.pk}/#eingabe"})
    assert response["Location"] == f"/listen/{liste.pk}/#eingabe"
    assert response.cookies[GUIDE_COOKIE].value == SEEN
    page = client.get(f"/listen/{liste.pk}/").content.decode()
    assert re.search(r"<section [^>]*data-guide[^>]* hidden>", page)
    # The "Anleitung" link without JavaScript.
    page = client.get(f"/listen/{liste.pk}/?anleitung").content.decode()
    assert not re.search(r"<section [^>]*data-guide[^>]* hidden>", page)


@pytest.mark.django_db
def test_the_guide_does_not_open_by_itself_for_an_account(lf_client, liste):
    page = lf_client.get(f"/listen/{liste.pk}/").content.decode()
    assert re.search(r"<section [^>]*data-guide[^>]* hidden>", page)
    assert "data-guide-open" in page
