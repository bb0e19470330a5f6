"""Members-only tournaments and clubs (api.md "Reading is public by default … unless its club
or tournament is set to members-only"): nobody gets the login page (API 401), anybody else
who is not part of it 403; participants, members, organisers, managers, staff and the
table's code holder read; indices never list what the page would refuse."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.lists import services as list_services
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _build_world():
    user_model = get_user_model()
    accounts = {
        name: user_model.objects.create_user(name, password="pw-secret-123")
        for name in ("organiser", "participant", "stranger", "member", "manager")
    }
    accounts["staff"] = user_model.objects.create_user("staff", is_staff=True)
    closed = make_tournament(8, rounds=2, members_only=True)
    closed.name = "Geheimturnier"
    closed.save()
    closed.organisers.add(accounts["organiser"])
    seated = closed.participants.first().player
    seated.account = accounts["participant"]
    seated.save()
    rnd, _ = ts.round_draw(tournament=closed, seed=1)
    play_round(rnd, seed=1, stop=2)
    open_ = make_tournament(8, rounds=2)
    open_round, _ = ts.round_draw(tournament=open_, seed=1)

    club = Club.objects.create(name="Geschlossene Gesellschaft", members_only=True)
    club.managers.add(accounts["manager"])
    players = [Player.objects.create(name=f"Mitglied {i}", club=club) for i in range(4)]
    players[0].account = accounts["member"]
    players[0].save()
    club_list = list_services.spielliste_create(title="Clubabend", players=players, club=club)
    # A public tournament hosted by the members-only club: its lists stay public.
    hosted = open_round.lists.order_by("pk").first()
    hosted.club = club
    hosted.save()
    return {
        "accounts": accounts,
        "closed": closed,
        "round": rnd,
        "open": open_,
        "open_list": hosted,
        "club": club,
        "club_list": club_list,
    }


_world = Prebuilt(_build_world)


@pytest.fixture
def world():
    """Built once per test process, copied into each later test (tests/prebuilt.py)."""
    return _world()


def _client(world, who):
    client = Client()
    if who != "anonymous":
        client.force_login(world["accounts"][who])
    return client


def _tournament_pages(world):
    t, rnd = world["closed"], world["round"]
    liste = rnd.lists[0]
    participant = t.participants.first()
    return [
        reverse("tournament-detail", args=[t.pk]),
        reverse("standings", args=[t.pk]),
        reverse("standings", args=[t.pk]) + "?vorlaeufig=1",
        reverse("standings-pdf", args=[t.pk]),
        reverse("projector", args=[t.pk]),
        reverse("tournament-player", args=[t.pk, participant.pk]),
        reverse("round-board", args=[t.pk, rnd.number]),
        reverse("draw-pdf", args=[t.pk, rnd.number]),
        reverse("liste-detail", args=[liste.pk]),
        reverse("liste-history", args=[liste.pk]),
        reverse("liste-pdf", args=[liste.pk]),
    ]


def _tournament_api(world):
    t, rnd = world["closed"], world["round"]
    return [
        f"/api/v1/turniere/{t.pk}/",
        f"/api/v1/turniere/{t.pk}/wertung/",
        f"/api/v1/turniere/{t.pk}/runden/{rnd.number}/",
        f"/api/v1/listen/{rnd.lists[0].pk}/",
    ]


@pytest.mark.parametrize(
    ("who", "site", "api"),
    [
        ("anonymous", 302, 401),
        ("stranger", 403, 403),
        ("member", 403, 403),  # a club's member is nobody in this tournament
        ("participant", 200, 200),
        ("organiser", 200, 200),
        ("staff", 200, 200),
    ],
)
def test_a_members_only_tournament_reads_only_for_its_people(world, who, site, api):
    client = _client(world, who)
    for url in _tournament_pages(world):
        response = client.get(url)
        assert response.status_code == site, url
        if site == 302:
            assert response["Location"].startswith(reverse("login")), url
    for url in _tournament_api(world):
        response = client.get(url)
        assert response.status_code == api, url
        if api != 200:
            assert response.json()["error"]["code"] in ("not_authenticated", "permission_denied")


def test_the_table_reads_its_own_list_with_the_code(world):
    liste = world["round"].lists[0]
    client = Client()
    client.get(reverse("table-code-open", args=[liste.code]))
    assert client.get(reverse("liste-detail", args=[liste.pk])).status_code == 200
    other = world["round"].lists[1]
    assert client.get(reverse("liste-detail", args=[other.pk])).status_code == 403
    api = Client(HTTP_X_TISCH_CODE=liste.code)
    assert api.get(f"/api/v1/listen/{liste.pk}/").status_code == 200


def test_a_304_is_no_way_around_the_refusal(world):
    url = reverse("standings", args=[world["closed"].pk])
    tag = _client(world, "participant").get(url)["ETag"]
    assert _client(world, "stranger").get(url, HTTP_IF_NONE_MATCH=tag).status_code == 403
    api = f"/api/v1/turniere/{world['closed'].pk}/wertung/"
    tag = _client(world, "participant").get(api)["ETag"]
    assert Client().get(api, HTTP_IF_NONE_MATCH=tag).status_code == 401


@pytest.mark.parametrize(
    ("who", "listed"),
    [("anonymous", False), ("stranger", False), ("participant", True), ("staff", True)],
)
def test_indices_list_a_members_only_tournament_only_for_its_people(world, who, listed):
    client = _client(world, who)
    closed = world["closed"]
    page = client.get(reverse("tournament-index")).content.decode()
    assert (reverse("tournament-detail", args=[closed.pk]) in page) is listed
    assert reverse("tournament-detail", args=[world["open"].pk]) in page
    ids = [t["id"] for t in client.get("/api/v1/turniere/").json()["results"]]
    assert (closed.pk in ids) is listed
    lists = client.get(reverse("liste-index") + "?turnier=" + str(closed.pk)).content.decode()
    assert (reverse("liste-detail", args=[world["round"].lists[0].pk]) in lists) is listed
    # … and the tournament filter does not even name it
    assert ("Geheimturnier" in client.get(reverse("liste-index")).content.decode()) is listed


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("anonymous", 302),
        ("stranger", 403),
        ("participant", 403),
        ("member", 200),
        ("manager", 200),
        ("staff", 200),
    ],
)
def test_a_members_only_club_reads_only_for_its_members(world, who, status):
    client = _client(world, who)
    club, liste = world["club"], world["club_list"]
    for url in (
        reverse("club-detail", args=[club.pk]),
        reverse("liste-detail", args=[liste.pk]),
        reverse("liste-pdf", args=[liste.pk]),
    ):
        assert client.get(url).status_code == status, url
    api = client.get(f"/api/v1/listen/{liste.pk}/")
    assert api.status_code == {302: 401}.get(status, status)
    index = client.get(reverse("club-index")).content.decode()
    assert (reverse("club-detail", args=[club.pk]) in index) is (status == 200)
    lists = client.get(reverse("liste-index")).content.decode()
    assert (reverse("liste-detail", args=[liste.pk]) in lists) is (status == 200)
    # The public tournament it hosts stays public, its lists too.
    assert client.get(reverse("liste-detail", args=[world["open_list"].pk])).status_code == 200


def test_only_a_manager_switches_members_only(world):
    club = world["club"]
    url = reverse("club-detail", args=[club.pk])
    action = reverse("club-visibility", args=[club.pk])
    refused = _client(world, "member").post(action, {})
    assert refused.status_code == 403
    club.refresh_from_db()
    assert club.members_only
    done = _client(world, "manager").post(action, {})
    assert done.status_code == 302
    club.refresh_from_db()
    assert not club.members_only
    assert Client().get(url).status_code == 200
    _client(world, "manager").post(action, {"members_only": "1"})
    club.refresh_from_db()
    assert club.members_only
    assert AuditEntry.objects.filter(target="clubs.club", target_id=club.pk).count() >= 2


def test_an_organiser_creates_a_members_only_tournament(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("neu", password="pw-secret-123"))
    response = client.post(
        reverse("tournament-create"),
        {
            "name": "Vereinsmeisterschaft intern",
            "date": "2026-12-01",
            "rounds_planned": 3,
            "members_only": "on",
            "tie_1": "total",
            "separate_clubs": "on",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Vereinsmeisterschaft intern")
    assert tournament.members_only
    assert Client().get(reverse("tournament-detail", args=[tournament.pk])).status_code == 302
    assert client.get(reverse("tournament-detail", args=[tournament.pk])).status_code == 200


@pytest.mark.parametrize(
    ("who", "status"), [("anonymous", 302), ("stranger", 403), ("member", 200)]
)
def test_a_members_only_clubs_season_reads_only_for_its_members(world, who, status):
    client = _client(world, who)
    club = world["club"]
    assert client.get(reverse("club-season", args=[club.pk])).status_code == status
    assert client.get(reverse("club-season-pdf", args=[club.pk])).status_code == status
    export = client.get(reverse("club-season", args=[club.pk]), {"_export": "csv"})
    assert export.status_code == status
    api = client.get(f"/api/v1/vereine/{club.pk}/saison/")
    assert api.status_code == {302: 401}.get(status, status)


def test_a_players_page_leaves_out_what_the_reader_may_not_read(world):
    """The same person played a members-only tournament: strangers do not see that list on
    his page, the tournament's participants do."""
    seated = world["closed"].participants.first().player
    url = reverse("player-record", args=[seated.pk])
    liste = world["round"].lists.filter(seats__player=seated).first()
    link = reverse("liste-detail", args=[liste.pk])
    assert link not in _client(world, "stranger").get(url).content.decode()
    assert link in _client(world, "participant").get(url).content.decode()


def test_a_members_only_rated_tournament_still_counts_in_everybodys_rangliste_figures():
    """The Rangliste is one list for everybody (competitions.md): a player's page shows the
    same rated rounds whoever reads it, only the members-only tournament's lists are left
    out for strangers."""
    import datetime as dt

    from django.contrib.auth.models import AnonymousUser

    from league.rankings import selectors as rs
    from tests.rankings.helpers import rated

    tournament = rated(name="Geheim-RLT")
    tournament.members_only = True
    tournament.save()
    player = tournament.participants.first().player
    as_of = dt.date(2026, 6, 30)
    public = rs.player_record(player=player, as_of=as_of, reader=AnonymousUser())
    full = rs.player_record(player=player, as_of=as_of)
    assert public.rated_rounds == full.rated_rounds == 3
    assert public.rated_points == full.rated_points
    assert full.tournaments
    assert not public.tournaments
