"""Standings are cheap to ask for again (issue 10): ETag / If-None-Match → 304, keyed on what
they depend on; the computed standings cached per that version."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from django.urls import reverse

from league.lists import services
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from scoring.simulate import next_random_game
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _build_running():
    tournament = make_tournament(8, rounds=2)
    rnd, _ = ts.round_draw(tournament=tournament, seed=3)
    play_round(rnd, seed=3, stop=3)
    return tournament, rnd


_running = Prebuilt(_build_running)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def running(db):
    return _running()


def _urls(pk):
    return [
        reverse("standings", args=[pk]),
        reverse("standings", args=[pk]) + "?vorlaeufig=1",
        reverse("projector", args=[pk]),
        f"/api/v1/turniere/{pk}/wertung/",
        f"/api/v1/turniere/{pk}/wertung/?vorlaeufig=1",
    ]


def _add_game(rnd):
    liste = rnd.lists.first()
    state = spielliste_snapshot(pk=liste.pk).state
    services.game_record(spielliste=liste, record=next_random_game(random.Random(9), state))


PROVISIONAL = (1, 2, 4)  # the views that count the running round (the projector always does)
COUNTED = (0, 3)  # closed rounds only (competitions.md "Live standings")


@pytest.mark.parametrize("which", PROVISIONAL)
def test_a_repeat_is_304_and_a_new_game_gives_a_new_etag(client, running, which):
    tournament, rnd = running
    url = _urls(tournament.pk)[which]
    first = client.get(url)
    assert first.status_code == 200
    tag = first["ETag"]
    assert tag.startswith('"')
    assert "no-cache" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again["ETag"] == tag
    assert not again.content
    _add_game(rnd)
    after = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200
    assert after["ETag"] != tag


@pytest.mark.parametrize("which", COUNTED)
def test_counted_standings_stay_304_while_the_round_is_played_until_it_closes(
    client, running, which
):
    """The hall's phones poll all round long; what they show changes only when a round
    closes, so every poll in between is a 304 and costs one query."""
    tournament, rnd = running
    url = _urls(tournament.pk)[which]
    tag = client.get(url)["ETag"]
    _add_game(rnd)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    play_round(rnd, seed=3)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    ts.round_close(tournament_round=rnd)
    after = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200
    assert after["ETag"] != tag
    rows = after.json()["rows"] if which == 3 else None
    assert rows is None or any(r["total"] for r in rows)


def test_the_projector_follows_the_round_clock(client, running):
    tournament, rnd = running
    url = _urls(tournament.pk)[2]
    first = client.get(url)
    assert b"data-deadline" not in first.content
    ts.round_start(tournament_round=rnd)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert b"data-deadline" in after.content


def test_the_standings_table_is_rendered_once_per_version(client, running):
    """Another phone (its own CSRF cookie) gets the same table, from the cache."""
    from django.test import Client

    tournament, rnd = running
    url = _urls(tournament.pk)[1]
    first = client.get(url).content.decode()
    other = Client().get(url).content.decode()
    table = first[first.index('<div class="table-scroll"') :]
    assert table == other[other.index('<div class="table-scroll"') :]
    _add_game(rnd)
    third = Client().get(url).content.decode()
    assert third[third.index('<div class="table-scroll"') :] != table


@pytest.mark.parametrize("which", range(5))
def test_a_304_costs_one_query_for_a_phone(client, running, django_assert_max_num_queries, which):
    tournament, _ = running
    url = _urls(tournament.pk)[which]
    tag = client.get(url)["ETag"]
    # the version, which also says whether the tournament is members-only (api.md)
    with django_assert_max_num_queries(1):
        assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_a_304_for_a_logged_in_organiser_is_cheap_too(
    client, running, django_user_model, django_assert_max_num_queries
):
    tournament, _ = running
    client.force_login(django_user_model.objects.create_user("org", is_staff=True))
    url = reverse("standings", args=[tournament.pk])
    tag = client.get(url)["ETag"]
    with django_assert_max_num_queries(3):  # session, account, the version
        assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_what_the_standings_depend_on_changes_the_etag(client, running):
    tournament, rnd = running
    url = f"/api/v1/turniere/{tournament.pk}/wertung/?vorlaeufig=1"
    tags = [client.get(url)["ETag"]]

    def changed():
        tag = client.get(url, HTTP_IF_NONE_MATCH=tags[-1])
        assert tag.status_code == 200
        tags.append(tag["ETag"])
        return tag.json()

    play_round(rnd, seed=3)
    changed()
    ts.round_close(tournament_round=rnd)
    changed()
    tournament.tie_breaks = ["total"]
    tournament.save()
    changed()
    participant = tournament.participants.last()
    participant.withdrawn = True
    participant.save()
    changed()
    player = tournament.participants.first().player
    player.name = player.name[:-1] + "Z"  # same length: still a change
    player.save()
    assert any(r["name"] == player.name for r in changed()["rows"])
    player.hide_name = True
    player.save()
    assert not any(r["name"] == player.name for r in changed()["rows"])
    player.club.name = "Anderer Club"
    player.club.save()
    changed()
    assert len(set(tags)) == len(tags)


def test_etag_differs_by_language_and_account(client, running, django_user_model):
    tournament, _ = running
    url = reverse("standings", args=[tournament.pk])
    anonymous = client.get(url)["ETag"]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(django_user_model.objects.create_user("someone"))
    account = client.get(url)["ETag"]
    assert len({anonymous, english["ETag"], account}) == 3
    assert "Accept-Language" in english["Vary"]


def test_standings_are_computed_once_per_version(
    client, running, django_user_model, django_assert_max_num_queries, django_assert_num_queries
):
    tournament, _ = running
    url = f"/api/v1/turniere/{tournament.pk}/wertung/"
    from django.test import Client

    client.get(url)  # computes and caches
    other = Client()  # another phone, no ETag yet: the cached standings, not a recomputation
    with django_assert_max_num_queries(2):  # the version and the tournament
        response = other.get(url)
    assert response.status_code == 200
    assert response.json() == client.get(url).json()


def test_unknown_tournament_is_still_404(client):
    assert client.get("/api/v1/turniere/999999/wertung/").status_code == 404
    assert client.get(reverse("standings", args=[999999])).status_code == 404
    assert client.get(reverse("projector", args=[999999])).status_code == 404
