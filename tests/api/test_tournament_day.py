"""The API on tournament day: results from paper (organisers, all or none, double entry),
time called with a game in progress, idempotent retries."""

from __future__ import annotations

import pytest

from league.lists.models import PaperEntry
from tests.api.conftest import code_client, play, token_client

pytestmark = pytest.mark.django_db


def _url(world):
    t, rnd = world["tournament"], world["round"]
    return f"/api/v1/turniere/{t.pk}/runden/{rnd.number}/ergebnisse/"


def _names(liste):
    return [s.name for s in liste.seats.order_by("position")]


def _body(world, entry=1, second=(7, -7, 1, -1)):
    l1, l2 = world["l1"], world["l2"]
    return {
        "entry": entry,
        "tables": [
            {"table": 1, "totals": dict(zip(_names(l1), (3, -1, -1, -1), strict=True))},
            {"table": 2, "totals": dict(zip(_names(l2), second, strict=True))},
        ],
    }


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 401),
        ("stranger", 403),
        ("organiser_other", 403),
        ("code_this", 401),
        ("organiser_this", 200),
        ("staff", 200),
    ],
)
def test_only_organisers_type_results(world, role, status):
    from rest_framework.test import APIClient

    if role == "anonymous":
        client = APIClient()
    elif role == "code_this":
        client = code_client(world["l1"].code)
    else:
        client = token_client(world["users"][role])
    response = client.post(_url(world), _body(world), format="json")
    assert response.status_code == status, response.content
    if status == 200:
        tables = response.json()["tables"]
        assert [(x["table"], x["status"]) for x in tables] == [(1, "accepted"), (2, "accepted")]
    else:
        assert "error" in response.json()
        assert not PaperEntry.objects.exists()


def test_a_bad_table_refuses_all_and_names_it(world):
    client = token_client(world["users"]["organiser_this"])
    response = client.post(_url(world), _body(world, second=(7, -7, 1, 0)), format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["message"].startswith("Tisch 2:")
    assert not PaperEntry.objects.exists()
    body = _body(world)
    body["tables"][0]["totals"] = {
        "Nobody": 3,
        **dict(list(body["tables"][0]["totals"].items())[1:]),
    }
    response = client.post(_url(world), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "paper_name_unknown"


def test_a_table_with_games_is_409(world):
    play(world["l2"], games=1)
    client = token_client(world["users"]["organiser_this"])
    response = client.post(_url(world), _body(world), format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "list_has_games"
    assert not PaperEntry.objects.exists()


def test_double_entry_through_the_api(world):
    t = world["tournament"]
    t.double_entry = True
    t.save()
    client = token_client(world["users"]["organiser_this"])
    first = client.post(_url(world), _body(world), format="json").json()
    assert [x["status"] for x in first["tables"]] == ["waiting", "waiting"]
    second = client.post(_url(world), _body(world, 2, (7, -7, 2, -2)), format="json").json()
    assert [x["status"] for x in second["tables"]] == ["accepted", "differs"]
    state = client.get(f"/api/v1/listen/{world['l1'].pk}/").json()
    assert state["totals_only"] is True
    assert state["complete"] is True
    assert sorted(state["totals"].values()) == [-1, -1, -1, 3]


def test_time_with_a_game_in_progress(world):
    liste = world["l1"]
    play(liste, games=5)
    client = code_client(liste.code)
    response = client.post(
        f"/api/v1/listen/{liste.pk}/zeit/",
        {"version": liste.version, "game_in_progress": True},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["state"]["time_up_after"] == 6


def test_a_retried_post_with_the_same_idempotency_key(world):
    liste = world["l1"]
    client = code_client(liste.code)
    names = _names(liste)
    game = {"kind": "normal", "players": names, "re": names[:2], "re_augen": 130}
    url = f"/api/v1/listen/{liste.pk}/spiele/"
    body = {"version": liste.version, "game": game}
    first = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert first.status_code == 201
    again = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert again.status_code == 201
    assert again.json()["number"] == first.json()["number"] == 1
    liste.refresh_from_db()
    assert liste.games_played == 1
    stale = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="other")
    assert stale.status_code == 409
