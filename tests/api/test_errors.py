"""The one error shape (api.md "Conventions") for every refusal, DRF's own included: never a
500, never HTML."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from league.api.errors import ERROR_CODES
from league.api.parsers import MAX_BODY_BYTES
from league.core import messages as site_messages
from scoring import messages as scoring_messages


def _error(response, status):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body["error"]) == {"code", "field", "message", "game"}
    assert body["error"]["code"] in ERROR_CODES
    return body["error"]


@pytest.fixture
def write_url(liste):
    return f"/api/v1/listen/{liste.pk}/zeit/"


def test_malformed_json_is_400(lf_api, write_url):
    response = lf_api.post(write_url, "{nope", content_type="application/json")
    assert _error(response, 400)["code"] == "malformed_json"


def test_json_nested_too_deep_for_the_parser_is_400(lf_api, write_url):
    depth = MAX_BODY_BYTES // 2 - 10
    body = "[" * depth + "]" * depth
    response = lf_api.post(write_url, body, content_type="application/json")
    assert _error(response, 400)["code"] == "malformed_json"


def test_a_form_body_is_400_unsupported_media_type(lf_api, write_url):
    response = lf_api.post(write_url, {"version": "0"})  # multipart
    assert _error(response, 400)["code"] == "unsupported_media_type"


@pytest.mark.parametrize("size", [MAX_BODY_BYTES + 1, 3 * 1024 * 1024])
def test_a_body_over_the_limit_is_413(lf_api, write_url, size):
    body = json.dumps({"version": 0, "game_in_progress": False, "pad": "x" * size})
    response = lf_api.post(write_url, body, content_type="application/json")
    err = _error(response, 413)
    assert err["code"] == "body_too_large"
    assert "64" in err["message"]


def test_a_big_body_to_score_is_413_with_the_flat_fields(db):
    body = json.dumps({"pad": "x" * (MAX_BODY_BYTES + 1)})
    response = APIClient().post("/api/v1/score/", body, content_type="application/json")
    _error(response, 413)
    assert response.json()["code"] == "body_too_large"


def test_method_not_allowed_is_405_with_allow(lf_api, liste):
    response = lf_api.get(f"/api/v1/listen/{liste.pk}/spiele/")
    err = _error(response, 405)
    assert err["code"] == "method_not_allowed"
    assert "GET" in err["message"]
    assert "POST" in response["Allow"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/nichts/",
        "/api/v1/listen/abc/",
        "/api/v1/listen/99999999999999999999999/",
        "/api/v1/listen/1",  # no slash: no redirect, no 500 for a POST
        "/api/v1/turniere/1/runden/99999/",
    ],
)
@pytest.mark.django_db
def test_unknown_addresses_are_json_404(path):
    for method in ("get", "post", "delete"):
        response = getattr(APIClient(), method)(path)
        assert _error(response, 404)["code"] == "not_found"


@pytest.mark.django_db
def test_messages_follow_the_requests_language():
    client = APIClient()
    de = _error(client.get("/api/v1/listen/999/"), 404)["message"]
    en = _error(client.get("/api/v1/listen/999/", HTTP_ACCEPT_LANGUAGE="en"), 404)["message"]
    assert de == "Nicht gefunden."
    assert en != de


def test_english_engine_messages(lf_api, liste):
    body = {
        "version": 0,
        "game": {"kind": "normal", "players": ["A"], "re": ["A"], "re_augen": 999},
    }
    response = lf_api.post(
        f"/api/v1/listen/{liste.pk}/spiele/", body, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    err = _error(response, 400)
    assert (err["code"], err["field"]) == ("wrong_player_count", "game.players")
    assert "Mitspieler" not in err["message"]


def test_every_error_code_is_a_message_code():
    tables = set(site_messages.MESSAGES) | set(scoring_messages.MESSAGES)
    assert set(ERROR_CODES) <= tables
    for code in ("conflict", "round_closed", "not_last_game", "not_found", "throttled"):
        assert code in ERROR_CODES
    assert not any(code.startswith(("item.", "kind.", "row_")) for code in ERROR_CODES)


@pytest.mark.django_db
def test_score_keeps_its_flat_fields_and_adds_the_error_object():
    response = APIClient().post(
        "/api/v1/score/", {"kind": "normal"}, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("missing_field", "players")
    assert body["error"] == {
        "code": "missing_field",
        "field": "players",
        "message": body["message"],
        "game": None,
    }
    response = APIClient().post("/api/v1/score/", "{", content_type="application/json")
    body = response.json()
    assert (response.status_code, body["code"], body["field"]) == (400, "malformed_json", "")
    assert body["error"]["code"] == "malformed_json"
