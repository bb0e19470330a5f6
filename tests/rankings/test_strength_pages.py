"""What players see of the Spielstärke (rating.md): the list (10 rated lists, by figure,
CSV, club filter), a player's figure and chart, the API — and a hidden player's figure only
for himself and staff; members-only events' lists not named to strangers."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.clubs.models import Club, Player
from league.lists.models import PlayerRating, RatingStep
from league.lists.placement import places_rebuild
from league.lists.strength import rating_rebuild
from league.rankings.strength import player_strength
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(django_capture_on_commit_callbacks):
    """Eight players after one rated round; four of them given ten lists' worth."""
    with django_capture_on_commit_callbacks(execute=True):
        t = make_tournament(8, rounds=2)
        rnd, _ = ts.round_draw(tournament=t, seed=5)
        play_round(rnd)
    # Ten lists are many rounds to play in a test: the current rows say so directly.
    PlayerRating.objects.filter(
        player_id__in=list(PlayerRating.objects.values_list("player_id", flat=True)[:4])
    ).update(lists=10)
    return t


def _rows(html: str) -> int:
    return html.count("<tr data-player=")


def test_the_list_shows_players_with_ten_lists_by_figure(client, rated):
    page = client.get(reverse("spielstaerke"))
    assert page.status_code == 200
    html = page.content.decode()
    assert _rows(html) == 4
    shown = list(
        PlayerRating.objects.filter(lists__gte=10)
        .order_by("-rating", "-mu")
        .values_list("player__name", "rating")
    )
    positions = [html.index(f'data-player="{name}"') for name, _ in shown]
    assert positions == sorted(positions)
    data = client.get(reverse("spielstaerke"), {"_export": "csv"}).content.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(data), delimiter=";" if ";" in data[:80] else ","))
    assert len(table) == 5
    assert [int(row[3]) for row in table[1:]] == [rating for _, rating in shown]


def test_the_club_filter(client, rated):
    club = Club.objects.create(name="Nur ich")
    someone = PlayerRating.objects.filter(lists=10).first().player
    someone.club = club
    someone.save()
    html = client.get(reverse("spielstaerke"), {"verein": club.pk}).content.decode()
    assert _rows(html) == 1
    assert someone.name in html
    assert _rows(client.get(reverse("spielstaerke"), {"verein": "x"}).content.decode()) == 4


def test_a_hidden_player_is_left_out_but_sees_himself(client, rated):
    row = PlayerRating.objects.filter(lists=10).select_related("player").first()
    player = row.player
    Player.objects.filter(pk=player.pk).update(hide_name=True)
    assert player.name not in client.get(reverse("spielstaerke")).content.decode()
    api = client.get("/api/v1/spielstaerke/").json()
    assert player.pk not in [p["player_id"] for p in api["players"]]
    record = client.get(reverse("player-record", args=[player.pk])).content.decode()
    assert "data-spielstaerke-player" not in record
    account = User.objects.create_user("selbst", password="x")
    Player.objects.filter(pk=player.pk).update(account=account)
    client.force_login(account)
    assert player.name in client.get(reverse("spielstaerke")).content.decode()
    mine = client.get(reverse("player-record", args=[player.pk])).content.decode()
    assert "data-spielstaerke-player" in mine
    assert f"<strong data-figure>{row.rating}</strong>" in mine


def test_the_player_page_shows_figure_and_chart(client, rated, django_capture_on_commit_callbacks):
    player = PlayerRating.objects.first().player
    html = client.get(reverse("player-record", args=[player.pk])).content.decode()
    assert f"<strong data-figure>{player.strength.rating}</strong>" in html
    assert "data-provisional" in html or player.strength.lists >= 10
    assert "Spielstärke nach jeder gewerteten Liste" not in html  # one list: no line yet
    # a second round: two points, a chart
    with django_capture_on_commit_callbacks(execute=True):
        ts.round_close(tournament_round=rated.rounds.get(number=1))
        rnd2, _ = ts.round_draw(tournament=rated, seed=6)
        play_round(rnd2, seed=4)
    html = client.get(reverse("player-record", args=[player.pk])).content.decode()
    assert "Spielstärke nach jeder gewerteten Liste" in html
    assert '<svg class="chart"' in html


def test_the_api_list_and_the_figure_in_the_statistics(client, rated):
    body = client.get("/api/v1/spielstaerke/").json()
    assert body["minimum_lists"] == 10
    assert len(body["players"]) == 4
    first = body["players"][0]
    assert first["rating"] == PlayerRating.objects.get(player_id=first["player_id"]).rating
    assert client.get("/api/v1/spielstaerke/", {"verein": "0"}).status_code == 400
    assert client.get("/api/v1/spielstaerke/", {"verein": "999999"}).status_code == 404
    stats = client.get(f"/api/v1/spieler/{first['player_id']}/statistik/").json()
    assert stats["spielstaerke"]["rating"] == first["rating"]
    assert stats["spielstaerke"]["lists"] == 10


def test_a_rebuild_gives_identical_figures(rated):
    before = sorted(RatingStep.objects.values_list("player_id", "spielliste_id", "mu", "sigma"))
    rating_rebuild()
    after = sorted(RatingStep.objects.values_list("player_id", "spielliste_id", "mu", "sigma"))
    assert after == before


def test_the_landesverband_filter(client, rated):
    club = Club.objects.create(name="Nord", landesverband="Schleswig-Holstein")
    someone = PlayerRating.objects.filter(lists=10).first().player
    someone.club = club
    someone.save()
    html = client.get(reverse("spielstaerke"), {"landesverband": "Schleswig-Holstein"})
    assert _rows(html.content.decode()) == 1
    unknown = client.get(reverse("spielstaerke"), {"landesverband": "Atlantis"})
    assert _rows(unknown.content.decode()) == 4  # no such filter: everybody
    # the API takes the same filter, strictly
    api = client.get("/api/v1/spielstaerke/", {"landesverband": "Schleswig-Holstein"})
    assert api.status_code == 200
    assert [p["player_id"] for p in api.json()["players"]] == [someone.pk]
    assert len(client.get("/api/v1/spielstaerke/", {"landesverband": ""}).json()["players"]) == 4
    both = {"landesverband": "Schleswig-Holstein", "verein": club.pk}
    assert len(client.get("/api/v1/spielstaerke/", both).json()["players"]) == 1
    other = Club.objects.create(name="Süd", landesverband="Bayern")
    none = client.get("/api/v1/spielstaerke/", {**both, "verein": other.pk})
    assert none.json()["players"] == []
    atlantis = client.get("/api/v1/spielstaerke/", {"landesverband": "Atlantis"})
    assert atlantis.status_code == 404
    assert atlantis.json()["error"]["code"] == "not_found"
    too_long = client.get("/api/v1/spielstaerke/", {"landesverband": "x" * 81})
    assert too_long.status_code == 400
    assert too_long.json()["error"]["field"] == "landesverband"
    # a members-only club's Landesverband is unknown to strangers
    Club.objects.filter(pk=club.pk).update(members_only=True)
    hidden = client.get("/api/v1/spielstaerke/", {"landesverband": "Schleswig-Holstein"})
    assert hidden.status_code == 404


def test_figures_and_expected_placings_at_the_table(client, rated):
    """The list page, the round board (rating.md "What players see"); a hidden player's
    figure is left out for strangers."""
    rnd = rated.rounds.get(number=1)
    liste = rnd.lists.first()
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "data-strength-table" in page
    assert page.count('<td class="num">1000') == 4  # everybody a newcomer before it
    # an even table: the placing is "offen", never everyone "1."; the note says why the
    # expected placing may disagree with the shown (cautious) figure
    assert page.count('<td class="num" data-placing>offen') == 4
    assert "data-strength-note" in page
    assert "(μ − 3σ)" in page
    board = client.get(reverse("round-board", args=[rated.pk, 1])).content.decode()
    assert board.count("data-strength ") == 8
    assert board.count("1000 · offen") == 8
    assert "data-strength-note" in board
    english = client.get(
        reverse("liste-detail", args=[liste.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "cautious figure (μ − 3σ)" in english
    assert "Erwarteter Platz" not in english
    assert "data-placing>open" in english
    hidden = liste.seats.first().player
    Player.objects.filter(pk=hidden.pk).update(hide_name=True)
    board = client.get(reverse("round-board", args=[rated.pk, 1])).content.decode()
    assert board.count("data-strength ") == 7


def test_a_free_list_shows_no_figures(client):
    from league.lists import services as list_services

    players = [Player.objects.create(name=n) for n in ("A1", "A2", "A3", "A4")]
    free = list_services.spielliste_create(title="Frei", players=players)
    page = client.get(reverse("liste-detail", args=[free.pk])).content.decode()
    assert "data-strength-table" not in page


def test_a_league_spieltag_shows_figures(client, django_capture_on_commit_callbacks):
    from league.leagues import services as league_services
    from tests.leagues.helpers import first_spieltag, make_league, set_lineups

    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    league_services.spieltag_start(spieltag=spieltag)
    page = client.get(reverse("spieltag-detail", args=[league.pk, spieltag.pk])).content.decode()
    assert "data-strength " in page
    assert "1: 1000 · offen" in page  # newcomers only: an even table
    assert "data-strength-note" in page


def _second_round(tournament, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        ts.round_close(tournament_round=tournament.rounds.get(number=1))
        rnd2, _ = ts.round_draw(tournament=tournament, seed=6)
        play_round(rnd2, seed=4)


def _stats_queries(client, url) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    return sum(1 for q in queries if not q["sql"].startswith("PREPARE")), page.content.decode()


def test_the_statistics_page_shows_figure_and_chart_in_fixed_queries(
    client, rated, django_capture_on_commit_callbacks
):
    """Issue 34: "a player's figure and its chart on his page and statistics page"; the
    page's queries do not grow with his rated lists (two more than without a figure)."""
    row = PlayerRating.objects.select_related("player").first()
    url = reverse("player-statistics", args=[row.player_id])
    one, html = _stats_queries(client, url)
    assert f"<strong data-figure>{row.rating}</strong>" in html
    assert "unabhängig von der Eingrenzung" in html
    assert "Spielstärke nach jeder gewerteten Liste" not in html  # one list: no line yet
    _second_round(rated, django_capture_on_commit_callbacks)
    two, html = _stats_queries(client, url)
    row = PlayerRating.objects.get(player_id=row.player_id)  # the rows are made again
    assert f"<strong data-figure>{row.rating}</strong>" in html
    assert "Spielstärke nach jeder gewerteten Liste" in html
    assert '<svg class="chart"' in html
    assert two == one
    assert two < 10
    # a filter narrows the statistics, never the figure
    narrowed = client.get(url, {"von": "2030-01-01"}).content.decode()
    assert f"<strong data-figure>{row.rating}</strong>" in narrowed
    # someone without a rated list: the newcomer's note, one query for it
    newcomer = Player.objects.create(name="Ganz Neu")
    _, html = _stats_queries(client, reverse("player-statistics", args=[newcomer.pk]))
    assert "jeder beginnt bei 1000" in html


def test_a_hidden_players_figure_is_not_on_his_statistics_page_for_strangers(client, rated):
    row = PlayerRating.objects.select_related("player").first()
    Player.objects.filter(pk=row.player_id).update(hide_name=True)
    url = reverse("player-statistics", args=[row.player_id])
    stranger = client.get(url).content.decode()
    assert "data-spielstaerke-player" not in stranger
    assert "data-figure" not in stranger
    api = f"/api/v1/spieler/{row.player_id}/statistik/"
    assert client.get(api).status_code == 404  # his figure neither
    account = User.objects.create_user("versteckt", password="x")
    Player.objects.filter(pk=row.player_id).update(account=account)
    client.force_login(account)
    assert f"<strong data-figure>{row.rating}</strong>" in client.get(url).content.decode()
    assert client.get(api).json()["spielstaerke"]["rating"] == row.rating


def test_a_members_only_events_points_only_for_its_readers(
    client, rated, django_capture_on_commit_callbacks
):
    """rating.md: members-only lists are rated like any other, their figures (the list,
    its date) only for readers of the event; the Spielstärke itself is public — on the
    player page, the statistics page and in the API."""
    _second_round(rated, django_capture_on_commit_callbacks)
    row = PlayerRating.objects.select_related("player").first()
    player = row.player
    staff = User.objects.create_user("staff", password="x", is_staff=True)
    assert len(player_strength(player=player, reader=staff).history) == 2
    Tournament.objects.filter(pk=rated.pk).update(members_only=True)
    places_rebuild(list(RatingStep.objects.values_list("spielliste_id", flat=True).distinct()))
    stranger = player_strength(player=player, reader=AnonymousUser())
    assert stranger.rating == row.rating  # the figure is public
    assert stranger.history == ()
    assert len(player_strength(player=player, reader=staff).history) == 2
    for name in ("player-record", "player-statistics"):
        html = client.get(reverse(name, args=[player.pk])).content.decode()
        assert f"<strong data-figure>{row.rating}</strong>" in html, name
        assert "Spielstärke nach jeder gewerteten Liste" not in html, name
    api = client.get(f"/api/v1/spieler/{player.pk}/statistik/").json()
    assert api["spielstaerke"]["rating"] == row.rating
    client.force_login(staff)
    html = client.get(reverse("player-statistics", args=[player.pk])).content.decode()
    assert "Spielstärke nach jeder gewerteten Liste" in html


def test_the_list_pages_read_one_page_with_places_over_the_whole_list(client, rated, monkeypatch):
    from league.rankings import strength

    monkeypatch.setattr(strength, "PAGE_ROWS", 3)
    order = list(
        PlayerRating.objects.filter(lists__gte=10)
        .order_by("-rating", "-mu", "player__name")
        .values_list("player__name", "mu")
    )
    first = client.get(reverse("spielstaerke")).content.decode()
    assert _rows(first) == 3
    assert "Seite 1 von 2" in first
    second = client.get(reverse("spielstaerke"), {"seite": "2"}).content.decode()
    assert _rows(second) == 1
    assert f'<tr data-player="{order[3][0]}"><td class="num">4.</td>' in second
    last = client.get(reverse("spielstaerke"), {"seite": "99"}).content.decode()
    assert _rows(last) == 1
    assert "Seite 2 von 2" in last
    mu = f"{order[3][1]:.1f}"
    assert f'<td class="num">{mu.replace(".", ",")}</td>' in second  # German decimals
    english = client.get(reverse("spielstaerke"), {"seite": "2"}, HTTP_ACCEPT_LANGUAGE="en")
    assert f'<td class="num">{mu}</td>' in english.content.decode()
    # names and clubs are escaped in the rows made by the view
    odd = PlayerRating.objects.filter(lists__gte=10).order_by("-rating", "-mu").first()
    Player.objects.filter(pk=odd.player_id).update(name='<b>"Zoë" & Co</b>')
    Club.objects.filter(pk=odd.player.club_id).update(name="<i>Club</i>")
    html = client.get(reverse("spielstaerke")).content.decode()
    assert "&lt;b&gt;&quot;Zoë&quot; &amp; Co&lt;/b&gt;" in html
    assert "<b>" not in html
    assert "&lt;i&gt;Club&lt;/i&gt;" in html
    assert "<i>Club</i>" not in html
    csv_rows = client.get(reverse("spielstaerke"), {"_export": "csv"}).content.decode("utf-8-sig")
    assert len(csv_rows.strip().splitlines()) == 5  # the download: every row
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("spielstaerke"), {"seite": "2", "x": "1"})
    assert len(queries) < 10
