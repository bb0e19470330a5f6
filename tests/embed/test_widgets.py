"""The widgets (issue 35): framed by any site and only they; what they show is what the
anonymous visitor sees (a hidden player by his alias, in the widget and the CSV beside the
full table; nothing of a members-only tournament or club, 404; a tournament's silent rounds
closed); live like the full pages (a poll is a 304 until a save); a fixed number of queries;
the organisers' snippet; the data links beside every public table and the /api/ index."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.clubs.models import Club, Player, public_alias
from league.evenings import services as es
from league.lists.models import PlayerRating
from league.tournaments import services as ts
from league.tournaments.models import Participant
from tests.evenings.test_seasons import evening
from tests.leagues.helpers import make_league
from tests.tournaments.helpers import make_tournament, play_round, play_rounds_closed

pytestmark = pytest.mark.django_db

D = dt.date


def _hide(player: Player) -> str:
    player.hide_name = True
    player.save(update_fields=["hide_name"])
    return public_alias(player.pk)


@pytest.fixture
def tournament():
    t = make_tournament(8, rounds=2)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd, seed=1)
    ts.round_close(tournament_round=rnd)
    return t


@pytest.fixture
def club():
    club = Club.objects.create(name="Herz-Dame")
    names = ["Anna", "Bernd", "Carla", "Dieter"]
    for name in names:
        Player.objects.create(name=name, club=club)
    evening(club, dt.date.today().replace(day=1), names)
    es.club_evening_create(
        club=club, date=dt.date.today() + dt.timedelta(days=7), tables=es.seat_tables(names)
    )
    return club


def _ratings(count: int) -> None:
    for i in range(count):
        p = Player.objects.create(name=f"Stark {i:03d}")
        PlayerRating.objects.create(
            player=p, mu=25.0, sigma=2.0, lists=40, rating=1500 - i, day=D(2026, 1, 1)
        )


def _frame_ancestors(answer) -> str:
    directives = dict(d.strip().split(" ", 1) for d in answer["Content-Security-Policy"].split(";"))
    return directives["frame-ancestors"]


def widget_urls(tournament, club, league) -> list[str]:
    return [
        reverse("embed-tournament", args=[tournament.pk]),
        reverse("embed-league", args=[league.pk]),
        reverse("embed-club", args=[club.pk]),
        reverse("embed-rangliste"),
        reverse("embed-spielstaerke"),
    ]


def test_only_the_widgets_may_be_framed(client, tournament, club):
    league = make_league(4)
    for url in widget_urls(tournament, club, league):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert _frame_ancestors(answer) == "*", url
        assert "X-Frame-Options" not in answer, url
        # The frame asks again every 3 s: a poll answered 304 changes nothing of the framed
        # page's headers (a browser merges a 304's headers into the page it keeps) — no
        # X-Frame-Options, and no policy of its own (league.core.middleware: none on a 304).
        tag = client.get(url, HTTP_X_LIVE="1")["ETag"]
        poll = client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=tag)
        assert poll.status_code == 304, url
        assert "Content-Security-Policy" not in poll, url
        assert "X-Frame-Options" not in poll
    for url in [
        reverse("home"),
        reverse("standings", args=[tournament.pk]),
        reverse("league-detail", args=[league.pk]),
        reverse("club-season", args=[club.pk]),
        reverse("rangliste"),
        reverse("spielstaerke"),
        reverse("api-index"),
        reverse("api-docs"),
    ]:
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert _frame_ancestors(answer) == "'none'", url
        assert answer["X-Frame-Options"] == "DENY", url


def test_widgets_refuse_writes(client, tournament):
    answer = client.post(reverse("embed-tournament", args=[tournament.pk]))
    assert answer.status_code == 405


def test_members_only_and_unknown_are_404(client, tournament, club, django_user_model):
    member = django_user_model.objects.create_user("mitglied", password="x" * 12)
    Player.objects.filter(club=club, name="Anna").update(account=member)
    tournament.members_only = True
    tournament.save(update_fields=["members_only"])
    club.members_only = True
    club.save(update_fields=["members_only"])
    client.force_login(member)  # a reader of the club: the widget is public or nothing
    for url in [
        reverse("embed-tournament", args=[tournament.pk]),
        reverse("embed-club", args=[club.pk]),
        reverse("embed-tournament", args=[999999]),
        reverse("embed-club", args=[999999]),
        reverse("embed-league", args=[999999]),
    ]:
        answer = client.get(url)
        assert answer.status_code == 404, url
        poll = client.get(url, HTTP_X_LIVE="1")
        assert poll.status_code == 404, url


def test_a_hidden_player_is_his_alias_in_the_widget_and_the_csv(client, tournament, club):
    hidden = Participant.objects.filter(tournament=tournament).first().player
    name = hidden.name
    alias = _hide(hidden)
    widget = client.get(reverse("embed-tournament", args=[tournament.pk])).content.decode()
    csv = client.get(reverse("standings", args=[tournament.pk]) + "?_export=csv")
    assert alias in widget
    assert name not in widget
    assert alias in csv.content.decode()
    assert name not in csv.content.decode()

    carla = Player.objects.get(club=club, name="Carla")
    alias = _hide(carla)
    widget = client.get(reverse("embed-club", args=[club.pk])).content.decode()
    csv = client.get(reverse("club-season", args=[club.pk]) + "?_export=csv").content.decode()
    assert alias in widget
    assert "Carla" not in widget
    assert alias in csv
    assert "Carla" not in csv

    _ratings(3)
    shy = Player.objects.get(name="Stark 001")
    _hide(shy)
    widget = client.get(reverse("embed-spielstaerke")).content.decode()
    csv = client.get(reverse("spielstaerke") + "?_export=csv").content.decode()
    assert "Stark 000" in widget
    assert "Stark 001" not in widget
    assert "Stark 001" not in csv  # the list leaves him out for everybody but staff


def test_silent_rounds_stay_silent_in_the_widget(client, django_user_model):
    organiser = django_user_model.objects.create_user("leitung", password="x" * 12)
    t = make_tournament(8, rounds=2)
    t.organisers.add(organiser)
    play_rounds_closed(t, seeds=(1, 2))
    ts.tournament_set_silent(tournament=t, rounds=1, user=organiser)
    page = reverse("standings", args=[t.pk])
    public = [(r.name, r.total) for r in client.get(page).context["standings"].rows]
    client.force_login(organiser)  # the organiser sees the silent round on his page ...
    own = [(r.name, r.total) for r in client.get(page).context["standings"].rows]
    assert own != public
    widget = client.get(reverse("embed-tournament", args=[t.pk]))  # ... never in the widget
    assert widget.context["standings"].silent_after == 1
    assert [(r.name, r.total) for r in widget.context["rows"]] == public


def test_a_poll_is_304_until_a_save(client, tournament):
    url = reverse("embed-tournament", args=[tournament.pk])
    first = client.get(url)
    assert client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    ts.participant_add(tournament=tournament, name="Nachzügler Neu", club_name="Club 9")
    again = client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Nachzügler Neu" in again.content.decode()
    assert again["ETag"] != first["ETag"]


def test_language_and_theme_by_parameter(client, tournament):
    url = reverse("embed-tournament", args=[tournament.pk])
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert german["Content-Language"] == "de"
    assert "Platz" in german.content.decode()
    english = client.get(url + "?lang=en&theme=dark")
    text = english.content.decode()
    assert english["Content-Language"] == "en"
    assert "Rank" in text
    assert 'lang="en"' in text
    assert 'data-theme="dark"' in text
    assert 'data-theme="' not in client.get(url + "?theme=rot").content.decode()
    # The link back to the full page opens outside the frame.
    assert 'target="_blank"' in text
    assert reverse("standings", args=[tournament.pk]) in text


def _queries(client, url) -> int:
    client.get(url)  # the first visit fills the shared caches
    with CaptureQueriesContext(connection) as seen:
        assert client.get(url).status_code == 200
    return len(seen)


def test_a_fixed_number_of_queries():
    small_t, big_t = make_tournament(4, rounds=1), make_tournament(24, rounds=1)
    for t in (small_t, big_t):
        ts.round_draw(tournament=t, seed=1)
    small_l, big_l = make_league(4), make_league(8)
    small_c, big_c = Club.objects.create(name="Klein"), Club.objects.create(name="Groß")
    for c, n in ((small_c, 4), (big_c, 12)):
        names = [f"{c.name} {i}" for i in range(n)]
        for name in names:
            Player.objects.create(name=name, club=c)
        evening(c, dt.date.today().replace(day=1), names)
    client = Client()
    for name, small, big in [
        ("embed-tournament", small_t.pk, big_t.pk),
        ("embed-league", small_l.pk, big_l.pk),
        ("embed-club", small_c.pk, big_c.pk),
    ]:
        few = _queries(client, reverse(name, args=[small]))
        many = _queries(client, reverse(name, args=[big]))
        assert few == many, name
        assert many <= 12, name
    _ratings(3)
    few = _queries(client, reverse("embed-spielstaerke"))
    _ratings(0)
    assert few <= 3
    assert _queries(client, reverse("embed-rangliste")) <= 5


def test_the_organisers_get_the_snippet(client, tournament, club, django_user_model):
    boss = django_user_model.objects.create_user("boss", password="x" * 12)
    tournament.organisers.add(boss)
    club.managers.add(boss)
    league = make_league(4, user=boss)
    pages = {
        reverse("tournament-detail", args=[tournament.pk]): reverse(
            "embed-tournament", args=[tournament.pk]
        ),
        reverse("club-detail", args=[club.pk]): reverse("embed-club", args=[club.pk]),
        reverse("league-detail", args=[league.pk]): reverse("embed-league", args=[league.pk]),
    }
    for page in pages:
        assert "data-embed-snippet" not in client.get(page).content.decode(), page
    client.force_login(boss)
    for page, widget in pages.items():
        text = client.get(page).content.decode()
        assert "data-embed-snippet" in text, page
        assert f"&lt;iframe src=&quot;http://testserver{widget}&quot;" in text or (
            f'&lt;iframe src="http://testserver{widget}"' in text
        ), page
        assert f'<iframe src="{widget}"' in text, page  # the preview


def test_every_public_table_has_its_data_links(client, tournament, club):
    league = make_league(4)
    expected = {
        reverse("standings", args=[tournament.pk]): [
            "?_export=csv",
            reverse("api-standings", args=[tournament.pk]),
        ],
        reverse("league-detail", args=[league.pk]): [
            "?_export=csv",
            reverse("api-liga-tabelle", args=[league.pk]),
            reverse("league-calendar", args=[league.pk]),
        ],
        reverse("club-season", args=[club.pk]): [
            "_export=csv",
            reverse("api-saison", args=[club.pk]),
        ],
        reverse("rangliste"): ["_export=csv", reverse("api-rangliste")],
        reverse("spielstaerke"): ["?_export=csv", reverse("api-spielstaerke")],
    }
    for page, links in expected.items():
        text = client.get(page).content.decode()
        for link in [*links, reverse("api-index")]:
            assert link in text, (page, link)
    for links in expected.values():
        for link in links[1:]:
            assert client.get(link).status_code == 200, link


def test_the_api_index_says_what_each_endpoint_gives(client, tournament, club):
    league = make_league(4)
    text = client.get(reverse("api-index")).content.decode()
    for link in [
        reverse("api-docs"),
        reverse("api-schema"),
        reverse("api-turniere"),
        reverse("api-standings", args=[tournament.pk]),
        reverse("api-liga-tabelle", args=[league.pk]),
        reverse("api-saison", args=[Club.objects.order_by("name").first().pk]),
        reverse("api-rangliste"),
        reverse("api-spielstaerke"),
        reverse("embed-rangliste"),
    ]:
        assert f'href="{link}"' in text, link
    assert "<iframe" not in text  # the page names the element, it holds none
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("api-index")).content.decode()
    assert "What the interface gives" in english
