import json

import pytest
from django.urls import reverse

from league.lists import services
from tests.site_helpers import normal
from tests.tournaments.helpers import make_tournament

RECORD = {
    "kind": "solo",
    "solo": "damen",
    "players": ["A", "B", "C", "D"],
    "re": ["A"],
    "re_augen": 190,
    "announcements": {"re": "ansage", "kontra": "none"},
}


def test_score_endpoint_matches_the_cli_contract(client):
    response = client.post(reverse("api-score"), RECORD, content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["winner"] == "re"
    assert body["points"] == {"A": 15, "B": -5, "C": -5, "D": -5}
    assert body["breakdown"][0] == {"item": "7.2.2 a", "key": "won", "party": "re", "points": 1}


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({**RECORD, "re_augen": 300}, "re_augen", "augen_out_of_range"),
        ({**RECORD, "kind": "normal", "solo": None}, "re", "re_wrong_size"),
        ([1, 2], "", "not_an_object"),
    ],
)
def test_score_endpoint_400_with_field_messages(client, data, field, code):
    response = client.post(reverse("api-score"), json.dumps(data), content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code
    assert body["field"] == field
    assert body[field or "non_field_errors"] == [body["message"]]


def test_malformed_json_is_a_400_not_a_500(client):
    response = client.post(reverse("api-score"), "{nope", content_type="application/json")
    assert response.status_code == 400


@pytest.mark.django_db
def test_liste_state_and_standings(client, liste):
    services.game_record(spielliste=liste, record=normal())
    body = client.get(reverse("api-liste", args=[liste.pk])).json()
    assert body["totals"] == {"Anna": 1, "Bernd": 1, "Carla": -1, "Dieter": -1}
    assert body["next_dealer"] == "Bernd"
    assert client.get(reverse("api-liste", args=[999])).status_code == 404
    t = make_tournament(8)
    body = client.get(reverse("api-standings", args=[t.pk])).json()
    assert len(body["rows"]) == 8
    assert body["final"] is False


@pytest.mark.django_db
def test_openapi_schema_documents_the_endpoints(client):
    response = client.get(reverse("api-schema"))
    assert response.status_code == 200
    text = response.content.decode()
    for path in ["/api/v1/score/", "/api/v1/listen/{id}/", "/api/v1/turniere/{id}/wertung/"]:
        assert path in text
    assert client.get(reverse("api-docs")).status_code == 200


@pytest.mark.django_db
def test_list_answer_is_exactly_the_cli_state_with_solo_penalty_and_voided(client, liste):
    """The serializer renders the answer: nothing the interchange gives is dropped."""
    from league.lists.selectors import spielliste_snapshot
    from scoring.interchange import state_to_dict
    from tests.site_helpers import solo

    services.game_record(spielliste=liste, record=solo("Anna"))
    services.penalty_add(
        spielliste=liste,
        after_game=1,
        kind="serious_solo_opponent",
        offender=liste.seats.get(position=2).player,
        beneficiary=liste.seats.get(position=1).player,
        referee="Wolf",
    )
    body = client.get(reverse("api-liste", args=[liste.pk])).json()
    state = state_to_dict(spielliste_snapshot(pk=liste.pk).state)
    assert {key: body[key] for key in state} == state
    assert body["rows"][0]["solo"] == "damen"
    assert body["rows"][0]["voided"] is True
    assert body["rows"][1]["penalty"]["kind"] == "serious_solo_opponent"


@pytest.mark.django_db
def test_standings_answer_carries_start_numbers(client):
    t = make_tournament(8)
    rows = client.get(reverse("api-standings", args=[t.pk])).json()["rows"]
    assert sorted(r["number"] for r in rows) == list(range(1, 9))
    assert {"participant_id", "rank", "name", "club", "total", "per_round"} <= set(rows[0])
