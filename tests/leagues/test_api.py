"""League API (read): leagues, table, Spieltage, a Spieltag; 404 in the error shape."""

import pytest
from rest_framework.test import APIClient

from league.leagues import services as ls
from tests.prebuilt import Prebuilt

from .helpers import first_spieltag, make_league, play_paper, set_lineups

pytestmark = pytest.mark.django_db


def _build_league():
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    # the table of each round: team at seat 1 +6, seat 2 +2, seats 3 and 4 -4
    play_paper(spieltag, lambda st: {1: 6, 2: 2, 3: -4, 4: -4})
    return league


_league = Prebuilt(_build_league)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def league(db):
    return _league()


def test_leagues_list_and_detail(league):
    client = APIClient()
    body = client.get("/api/v1/ligen/").json()
    assert body["count"] == 1
    assert body["results"][0]["teams"] == 4
    detail = client.get(f"/api/v1/ligen/{league.pk}/").json()
    assert [t["number"] for t in detail["team_list"]] == [1, 2, 3, 4]


def test_table_and_spieltage(league):
    client = APIClient()
    table = client.get(f"/api/v1/ligen/{league.pk}/tabelle/").json()
    assert table["counted_spieltage"] == 1
    assert table["provisional"] is False
    assert sum(r["siegpunkte"] for r in table["rows"]) == 10
    assert sum(r["spielpunkte"] for r in table["rows"]) == 0
    days = client.get(f"/api/v1/ligen/{league.pk}/spieltage/").json()["spieltage"]
    assert len(days) == 2
    played = [d for d in days if d["complete"]]
    assert len(played) == 1
    assert played[0]["lists_done"] == played[0]["lists_total"] == 4
    one = client.get(f"/api/v1/ligen/{league.pk}/spieltage/{played[0]['id']}/").json()
    assert len(one["tables"]) == 4
    assert {len(t["seats"]) for t in one["tables"]} == {4}
    assert [r["place"] for r in one["result"]] == sorted(r["place"] for r in one["result"])


def test_unknown_ids_are_404_error_objects(league):
    client = APIClient()
    for path in (
        "/api/v1/ligen/999/",
        "/api/v1/ligen/999/tabelle/",
        "/api/v1/ligen/999/spieltage/",
        f"/api/v1/ligen/{league.pk}/spieltage/999999/",
    ):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    assert client.get("/api/v1/ligen/", {"page": "x"}).status_code == 400


def test_spieltage_carry_date_and_place(league):
    import datetime as dt

    spieltag = first_spieltag(league)
    later = spieltag.group.spieltage.order_by("number").last()
    host = spieltag.group.teams.order_by("number").first()
    ls.spieltag_schedule(
        spieltag=later, date=dt.date(2026, 3, 14), start_time=dt.time(10), venue="Krone", host=host
    )
    client = APIClient()
    days = client.get(f"/api/v1/ligen/{league.pk}/spieltage/").json()["spieltage"]
    body = next(d for d in days if d["id"] == later.pk)
    assert (body["date"], body["start_time"], body["venue"], body["host"], body["sequence"]) == (
        "2026-03-14",
        "10:00",
        "Krone",
        host.name,
        0,
    )
    one = client.get(f"/api/v1/ligen/{league.pk}/spieltage/{spieltag.pk}/").json()
    assert (one["date"], one["start_time"], one["venue"], one["host"]) == (None, None, "", None)


def test_spieltag_carries_the_captains_report_and_the_deadline(league):
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").first()
    ls.report_dispute(spieltag=spieltag, team=team, note="Tisch 2 falsch addiert")
    body = APIClient().get(f"/api/v1/ligen/{league.pk}/spieltage/{spieltag.pk}/").json()
    assert body["report"]["status"] == "disputed"
    mine = next(r for r in body["report"]["teams"] if r["team_id"] == team.pk)
    assert mine == {
        "team": team.name,
        "team_id": team.pk,
        "status": "disputed",
        "note": "Tisch 2 falsch addiert",
        "asked_again": False,
    }
    assert body["report"]["decision"] is None
    assert body["lineup_deadline"] is None
    ls.spieltag_settle(spieltag=spieltag, note="Gilt.")
    body = APIClient().get(f"/api/v1/ligen/{league.pk}/spieltage/{spieltag.pk}/").json()
    assert body["report"]["status"] == "settled"
    assert body["report"]["decision"] == "Gilt."


def test_availability_for_the_captains_only(django_user_model):
    import datetime as dt

    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    ls.spieltag_schedule(spieltag=spieltag, date=dt.date.today() + dt.timedelta(days=9))
    ls.league_set_lineup_deadline(league=league, hours=48)
    team = spieltag.group.teams.order_by("number").first()
    player = team.roster.order_by("pk").first()
    ls.availability_set(spieltag=spieltag, player=player, answer="maybe")
    captain = django_user_model.objects.create_user("kap", password="pw-secret-123")
    other = django_user_model.objects.create_user("fremd", password="pw-secret-123")
    ls.team_add_captain(team=team, account=captain)
    url = f"/api/v1/ligen/{league.pk}/mannschaften/{team.pk}/verfuegbarkeit/"
    client = APIClient()
    response = client.get(url)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    client.force_authenticate(other)
    assert client.get(url).status_code == 403
    client.force_authenticate(captain)
    body = client.get(url).json()
    assert spieltag.pk in body["spieltage"]
    row = next(p for p in body["players"] if p["player"] == player.pk)
    assert {"spieltag": spieltag.pk, "answer": "maybe"} in row["answers"]
    assert (
        client.get(f"/api/v1/ligen/{league.pk}/mannschaften/999999/verfuegbarkeit/").status_code
        == 404
    )
    days = APIClient().get(f"/api/v1/ligen/{league.pk}/spieltage/").json()["spieltage"]
    dated = next(d for d in days if d["id"] == spieltag.pk)
    assert dated["lineup_deadline"] is not None
