"""Live pages (league.core.live, static/js/live.js): a poll (X-Live) of an open page gets a
304 from one cheap query while nothing changed and the new page after a save; a visit is
never answered 304."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.lists import services as list_services
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from scoring.simulate import next_random_game
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


def _build_running():
    tournament = make_tournament(8, rounds=2)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    return tournament, rnd, list(rnd.lists.order_by("pk"))


_running = Prebuilt(_build_running)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def running(db):
    return _running()


def save_one(liste, seed=1):
    state = spielliste_snapshot(pk=liste.pk).state
    list_services.game_record(spielliste=liste, record=next_random_game(random.Random(seed), state))


def poll(client, url, tag=None):
    headers = {"HTTP_X_LIVE": "1"}
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return client.get(url, **headers)


def live_urls(tournament, rnd, liste, player_id):
    t = tournament.pk
    # One who sits at the list saved: his page shows his own tables only.
    participant = tournament.participants.get(player_id=liste.seats.first().player_id)
    return [
        f"/listen/{liste.pk}/",
        f"/turniere/{t}/wertung/?vorlaeufig=1",
        f"/turniere/{t}/wertung/?vorlaeufig=1&q=Spieler",
        f"/turniere/{t}/runde/{rnd.number}/",
        f"/turniere/{t}/beamer/",
        f"/turniere/{t}/spieler/{participant.pk}/",
        f"/spieler/{player_id}/",
    ]


def test_every_live_page_answers_304_until_a_save_then_the_new_page(client, running):
    tournament, rnd, lists = running
    player_id = tournament.participants.first().player_id
    for url in live_urls(tournament, rnd, lists[0], player_id):
        first = poll(client, url)
        assert first.status_code == 200, url
        tag = first["ETag"]
        again = poll(client, url, tag)
        assert again.status_code == 304, url
        assert again["ETag"] == tag
    urls = live_urls(tournament, rnd, lists[0], player_id)
    tags = {url: poll(client, url)["ETag"] for url in urls}
    save_one(lists[0])
    for url, tag in tags.items():
        fresh = poll(client, url, tag)
        assert fresh.status_code == 200, url
        assert fresh["ETag"] != tag, url


def test_a_visited_page_carries_its_tag_so_its_first_poll_is_a_304(client, running):
    """The page rendered for a visit says its tag (data-live-tag): live.js's first poll is
    answered 304, not with a second rendering of the page it just got."""
    import re

    tournament, rnd, lists = running
    player_id = tournament.participants.first().player_id
    for url in live_urls(tournament, rnd, lists[0], player_id):
        if "/beamer/" in url:
            continue  # the projector reloads itself; it carries no tag
        client.get(url)  # the CSRF cookie a phone has after its first page
        html = client.get(url).content.decode()
        found = re.search(r'<main[^>]* data-live-tag="([0-9a-f]+)"', html)
        assert found, url
        assert poll(client, url, f'"{found.group(1)}"').status_code == 304, url
        save_one(lists[0], seed=len(url))
        assert poll(client, url, f'"{found.group(1)}"').status_code == 200, url


def test_a_game_at_another_table_leaves_a_list_page_unchanged(client, running):
    _tournament, _rnd, lists = running
    url = f"/listen/{lists[0].pk}/"
    tag = poll(client, url)["ETag"]
    save_one(lists[1])
    assert poll(client, url, tag).status_code == 304
    save_one(lists[0])
    assert poll(client, url, tag).status_code == 200


def test_a_game_at_another_table_leaves_a_participants_page_unchanged(client, running):
    """His page shows his lists: the hall's phones and the followers at home share one
    rendering of it per change at his table, not one per save anywhere (issue 31)."""
    tournament, _rnd, lists = running
    seated = tournament.participants.get(player_id=lists[0].seats.first().player_id)
    url = f"/turniere/{tournament.pk}/spieler/{seated.pk}/"
    tag = poll(client, url)["ETag"]
    save_one(lists[1])
    assert poll(client, url, tag).status_code == 304
    save_one(lists[0])
    fresh = poll(client, url, tag)
    assert fresh.status_code == 200
    # An organiser's change of the participants (another one withdrawn) reaches it too.
    tag = fresh["ETag"]
    other = tournament.participants.exclude(pk=seated.pk).first()
    ts.participant_set_withdrawn(participant=other, withdrawn=True)
    assert poll(client, url, tag).status_code == 200


def test_an_unchanged_poll_costs_one_query(client, running):
    tournament, rnd, lists = running
    for url, most in (
        (f"/listen/{lists[0].pk}/", 1),
        (f"/turniere/{tournament.pk}/runde/{rnd.number}/", 1),
        (f"/turniere/{tournament.pk}/wertung/?vorlaeufig=1", 1),
    ):
        tag = poll(client, url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert poll(client, url, tag).status_code == 304
        # The session's account (a visitor has none) is not among them.
        assert len(queries) <= most, (url, [q["sql"] for q in queries])


def test_a_visit_with_the_tag_still_renders(client, running):
    """Only the poll is conditional: a visit always gets the page (a message waiting for
    the next page is shown)."""
    _tournament, _rnd, lists = running
    url = f"/listen/{lists[0].pk}/"
    tag = poll(client, url)["ETag"]
    response = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200


def test_another_account_does_not_get_the_304(client, running):
    _tournament, _rnd, lists = running
    url = f"/listen/{lists[0].pk}/"
    tag = poll(client, url)["ETag"]
    user = User.objects.create_user("zweiter", password="x" * 12)
    client.force_login(user)
    assert poll(client, url, tag).status_code == 200


def test_the_health_page_is_live(admin_client, running):
    _tournament, _rnd, lists = running
    url = "/veranstaltung/"
    first = poll(admin_client, url)
    assert first.status_code == 200
    assert b"data-live" in first.content
    assert poll(admin_client, url, first["ETag"]).status_code == 304
    save_one(lists[0])
    assert poll(admin_client, url, first["ETag"]).status_code == 200


def test_the_pages_carry_the_live_script(client, running):
    tournament, rnd, lists = running
    player_id = tournament.participants.first().player_id
    for url in live_urls(tournament, rnd, lists[0], player_id):
        body = client.get(url).content
        assert b"js/live.js" in body, url
        assert b"data-live" in body, url


def test_a_leagues_table_and_spieltag_page_are_live(client):
    from league.leagues import services as ls
    from tests.leagues.helpers import first_spieltag, make_league, play_paper, set_lineups

    league = make_league()
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    urls = [f"/ligen/{league.pk}/", f"/ligen/{league.pk}/spieltag/{spieltag.pk}/"]
    tags = {}
    for url in urls:
        first = poll(client, url)
        assert first.status_code == 200, url
        assert b"data-live" in first.content
        tags[url] = first["ETag"]
        assert poll(client, url, tags[url]).status_code == 304, url
    play_paper(spieltag)
    for url in urls:
        assert poll(client, url, tags[url]).status_code == 200, url
