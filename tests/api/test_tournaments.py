"""Tournament reads: the paginated list, one tournament, a round's tables (codes only for
its organisers), standings; no code in any public answer."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from league.tournaments import services as ts
from tests.api.conftest import code_client, token_client
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def test_tournaments_are_paginated():
    for i in range(51):
        ts.tournament_create(name=f"Turnier {i:02d}", date=dt.date(2026, 1, 1) + dt.timedelta(i))
    client = APIClient()
    first = client.get("/api/v1/turniere/").json()
    assert first["count"] == 51
    assert len(first["results"]) == 50
    assert first["previous"] is None
    assert first["results"][0]["name"] == "Turnier 50"  # newest first
    assert first["next"].endswith("/api/v1/turniere/?page=2")
    second = client.get("/api/v1/turniere/", {"page": 2}).json()
    assert [t["name"] for t in second["results"]] == ["Turnier 00"]
    assert second["next"] is None
    assert second["previous"] is not None
    response = client.get("/api/v1/turniere/", {"page": 3})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_one_tournament_with_its_rounds():
    t = make_tournament(8, rounds=2, venue="Bonn")
    ts.round_draw(tournament=t, seed=1)
    body = APIClient().get(f"/api/v1/turniere/{t.pk}/").json()
    assert body["name"] == "Testturnier"
    assert body["venue"] == "Bonn"
    assert body["rounds_planned"] == 2
    assert body["club"] is None
    assert body["rounds"] == [{"number": 1, "status": "drawn", "started": False, "tables": 2}]
    assert APIClient().get("/api/v1/turniere/999/").status_code == 404


def test_a_round_shows_tables_and_codes_only_to_its_organisers(world):
    t, rnd, users = world["tournament"], world["round"], world["users"]
    play_round(rnd, stop=2)
    url = f"/api/v1/turniere/{t.pk}/runden/{rnd.number}/"
    codes = [liste.code for liste in rnd.lists]
    public = APIClient().get(url)
    assert public.status_code == 200
    body = public.json()
    assert body["started"] is True
    assert body["status"] == "drawn"
    assert [table["table"] for table in body["tables"]] == [1, 2]
    first = body["tables"][0]
    assert first["list_id"] == rnd.lists.first().pk
    assert len(first["seats"]) == 4
    assert first["state"]["games_left"] == 22
    assert first["error"] is None
    for client in (
        APIClient(),
        token_client(users["stranger"]),
        token_client(users["organiser_other"]),
    ):
        text = client.get(url).content.decode()
        assert not any(code in text for code in codes)
    for account in ("organiser_this", "staff"):
        tables = token_client(users[account]).get(url).json()["tables"]
        assert [table["code"] for table in tables] == codes
    assert APIClient().get(f"/api/v1/turniere/{t.pk}/runden/9/").status_code == 404


def test_no_code_in_any_public_answer(world):
    t, rnd = world["tournament"], world["round"]
    codes = [liste.code for liste in rnd.lists] + [world["free"].code]
    paths = [
        "/api/v1/turniere/",
        f"/api/v1/turniere/{t.pk}/",
        f"/api/v1/turniere/{t.pk}/runden/1/",
        f"/api/v1/turniere/{t.pk}/wertung/?vorlaeufig=1",
        f"/api/v1/listen/{world['l1'].pk}/",
        f"/api/v1/listen/{world['free'].pk}/",
    ]
    for path in paths:
        response = APIClient().get(path)
        assert response.status_code == 200, path
        assert not any(code in response.content.decode() for code in codes), path


def test_standings_after_a_closed_round():
    t = make_tournament(8, rounds=1)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    body = APIClient().get(f"/api/v1/turniere/{t.pk}/wertung/").json()
    assert body["final"] is True
    assert body["counted_rounds"] == [1]
    assert sum(row["total"] for row in body["rows"]) == 0
    assert APIClient().get("/api/v1/turniere/999/wertung/").status_code == 404


def test_a_closed_round_refuses_its_codes_writes_with_409(world):
    t, rnd = world["tournament"], world["round"]
    play_round(rnd)
    ts.round_close(tournament_round=rnd)
    liste = rnd.lists.first()
    response = code_client(liste.code).post(
        f"/api/v1/listen/{liste.pk}/zeit/",
        {"version": liste.version, "game_in_progress": False},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "round_closed"
    assert t.rounds.get().closed
