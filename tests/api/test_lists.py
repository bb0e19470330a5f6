"""The list endpoints (api.md "Endpoints"): create, read, games, penalty rows, time,
confirmation — each answer, and each documented refusal."""

from __future__ import annotations

import random

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from league.clubs.models import Player
from league.core.models import AuditEntry
from league.lists import services
from league.lists.models import Spielliste
from league.lists.selectors import spielliste_snapshot
from scoring.interchange import record_to_dict, state_to_dict
from scoring.simulate import next_random_game
from tests.api.conftest import code_client, play, token_client
from tests.site_helpers import NAMES, normal

pytestmark = pytest.mark.django_db

GAME = {
    "kind": "normal",
    "players": NAMES,
    "re": ["Anna", "Bernd"],
    "re_augen": 130,
    "announcements": {"re": "ansage", "kontra": "none"},
}


def url(liste, tail=""):
    return f"/api/v1/listen/{liste.pk}/{tail}"


def error(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body["error"]) == {"code", "field", "message", "game"}
    assert body["error"]["message"]
    return body["error"]


# --- POST /api/v1/listen/ ------------------------------------------------------------


def test_create_makes_the_caller_listenfuehrer_and_answers_the_code(user, lf_api):
    response = lf_api.post("/api/v1/listen/", {"title": "Clubabend", "seats": NAMES}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    liste = Spielliste.objects.get(pk=body["id"])
    assert liste.created_by == user
    assert body["code"] == liste.code
    assert body["version"] == liste.version
    assert [s["name"] for s in body["seats"]] == NAMES
    assert body["games_left"] == 24
    assert body["next_dealer"] == "Anna"
    assert body["confirmed"] is False
    assert body["totals_only"] is False
    assert body["substitutions"] == []
    # The caller may now write the list.
    response = lf_api.post(url(liste, "spiele/"), {"version": 0, "game": GAME}, format="json")
    assert response.status_code == 201


def test_create_five_seats_and_the_tsr_preset(lf_api):
    response = lf_api.post(
        "/api/v1/listen/",
        {"title": "Fünfer", "seats": [*NAMES, "Erich"], "rules": "tsr"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["games_left"] == 30


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"title": "x", "seats": NAMES[:3]}, "invalid_value", "seats"),
        ({"title": "x", "seats": ["Anna", "Anna", "Carla", "Dieter"]}, "seat_taken_twice", "seats"),
        ({"title": "x", "seats": NAMES, "rules": "kneipe"}, "rules_unsupported", "rules"),
        ({"title": "x", "seats": NAMES, "club": 9999}, "club_unknown", "club"),
        ({"seats": NAMES}, "missing_field", "title"),
        ({"title": "x", "seats": ["Anna", "", "Carla", "Dieter"]}, "invalid_value", "seats.1"),
        ({"title": "T\x00", "seats": NAMES}, "invalid_value", "title"),
        ({"title": "x", "seats": [*NAMES[:3], "D" * 81]}, "invalid_value", "seats.3"),
    ],
)
def test_create_refusals_write_nothing(lf_api, data, code, field):
    players = Player.objects.count()
    err = error(lf_api.post("/api/v1/listen/", data, format="json"), 400)
    assert (err["code"], err["field"]) == (code, field)
    assert Spielliste.objects.count() == 0
    assert Player.objects.count() == players


def test_create_needs_an_account(db):
    err = error(APIClient().post("/api/v1/listen/", {"seats": NAMES}, format="json"), 401)
    assert err["code"] == "not_authenticated"
    err = error(
        code_client("ABCDEFGH").post("/api/v1/listen/", {"seats": NAMES}, format="json"), 403
    )
    assert err["code"] == "permission_denied"


def test_club_lists_only_by_the_clubs_managers(world):
    club, users = world["club"], world["users"]
    data = {"title": "Clubabend", "seats": ["W", "X", "Y", "Z"], "club": club.pk}
    err = error(token_client(users["stranger"]).post("/api/v1/listen/", data, format="json"), 403)
    assert (err["code"], err["field"]) == ("club_forbidden", "club")
    response = token_client(users["cm"]).post("/api/v1/listen/", data, format="json")
    assert response.status_code == 201, response.content
    liste = Spielliste.objects.get(pk=response.json()["id"])
    assert liste.club == club
    assert {s.player.club for s in liste.seats.all()} == {club}


# --- GET /api/v1/listen/{id}/ --------------------------------------------------------


def test_read_is_the_state_plus_the_lists_fields(client, liste):
    services.game_record(spielliste=liste, record=normal())
    liste.refresh_from_db()
    body = client.get(url(liste)).json()
    state = state_to_dict(spielliste_snapshot(pk=liste.pk).state)
    assert {k: body[k] for k in state} == state
    assert body["id"] == liste.pk
    assert body["version"] == liste.version == 1
    assert body["time_up_after"] is None
    assert body["confirmed"] is False
    assert body["confirmed_seat"] is None
    assert body["frozen"] is False
    assert "code" not in body  # the public never sees it
    assert liste.code not in client.get(url(liste)).content.decode()


def test_read_shows_the_code_only_to_who_may_see_it(liste, lf_api):
    assert lf_api.get(url(liste)).json()["code"] == liste.code
    holder = code_client(liste.code).get(url(liste))
    assert holder.status_code == 200
    assert liste.code not in holder.content.decode()


def test_read_of_a_missing_list_is_404(client, db):
    err = error(client.get("/api/v1/listen/999/"), 404)
    assert err["code"] == "not_found"


def test_read_of_a_list_that_no_longer_replays_is_409(client, liste):
    services.game_record(spielliste=liste, record=normal())
    liste.games.update(re=[1, 2, 3])  # stored data that breaks the rules
    err = error(client.get(url(liste)), 409)
    assert err["code"] == "list_invalid"


# --- games ---------------------------------------------------------------------------


def test_post_game_answers_number_version_result_and_state(liste, lf_api):
    response = lf_api.post(url(liste, "spiele/"), {"version": 0, "game": GAME}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    liste.refresh_from_db()
    assert body["number"] == 1
    assert body["version"] == liste.version == 1
    assert body["result"]["winner"] == "re"
    assert body["result"]["points"] == {"Anna": 3, "Bernd": 3, "Carla": -3, "Dieter": -3}
    assert body["state"]["totals"] == body["result"]["points"]
    assert body["state"]["version"] == 1
    entry = AuditEntry.objects.filter(action="record").get()
    assert entry.role == "listenfuehrer"
    assert entry.user.username == "lf"


def test_a_stale_version_is_409_with_the_current_version(liste, lf_api):
    services.game_record(spielliste=liste, record=normal())
    response = lf_api.post(url(liste, "spiele/"), {"version": 0, "game": GAME}, format="json")
    err = error(response, 409)
    assert err["code"] == "conflict"
    assert response.json()["version"] == 1
    assert liste.games.count() == 1


@pytest.mark.parametrize(
    ("game", "code", "field"),
    [
        ({**GAME, "re_augen": 300}, "augen_out_of_range", "game.re_augen"),
        ({**GAME, "re": ["Anna"]}, "re_wrong_size", "game.re"),
        ({**GAME, "players": ["Anna", "Bernd", "Carla", "Zoe"]}, "not_at_table", "game.players"),
        ({**GAME, "extra": 1}, "unknown_field", "game.extra"),
        ("nope", "not_an_object", "game"),
    ],
)
def test_an_invalid_record_is_400_naming_the_field(liste, lf_api, game, code, field):
    response = lf_api.post(url(liste, "spiele/"), {"version": 0, "game": game}, format="json")
    err = error(response, 400)
    assert (err["code"], err["field"]) == (code, field)
    assert liste.games.count() == 0


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"game": GAME}, "missing_field", "version"),
        ({"version": 0}, "missing_field", "game"),
        ({"version": "x", "game": GAME}, "invalid_value", "version"),
        ({"version": -1, "game": GAME}, "invalid_value", "version"),
        ([GAME], "body_not_an_object", None),
    ],
)
def test_a_malformed_write_is_400(liste, lf_api, body, code, field):
    err = error(lf_api.post(url(liste, "spiele/"), body, format="json"), 400)
    assert (err["code"], err["field"]) == (code, field)


def test_a_game_after_the_last_is_409(liste, lf_api):
    play(liste)
    response = lf_api.post(
        url(liste, "spiele/"), {"version": liste.version, "game": GAME}, format="json"
    )
    err = error(response, 409)
    assert err["code"] == "game_beyond_round"
    assert err["game"] == 25


def test_put_corrects_a_game(liste, lf_api):
    services.game_record(spielliste=liste, record=normal())
    game = {**GAME, "re_augen": 100}
    response = lf_api.put(url(liste, "spiele/1/"), {"version": 1, "game": game}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["number"] == 1
    assert body["version"] == 2
    assert body["result"]["winner"] == "kontra"
    stored = liste.games.get().to_record(spielliste_snapshot(pk=liste.pk).names)
    assert record_to_dict(stored)["re_augen"] == 100


def test_put_of_a_missing_game_is_404(liste, lf_api):
    response = lf_api.put(url(liste, "spiele/3/"), {"version": 0, "game": GAME}, format="json")
    assert error(response, 404)["code"] == "no_such_game"


def test_delete_only_the_last_game(liste, lf_api):
    services.game_record(spielliste=liste, record=normal())
    services.game_record(spielliste=liste, record=normal(re=("Bernd", "Carla")))
    err = error(lf_api.delete(url(liste, "spiele/1/?version=2")), 409)
    assert err["code"] == "not_last_game"
    assert liste.games.count() == 2
    response = lf_api.delete(url(liste, "spiele/2/?version=2"))
    assert response.status_code == 200, response.content
    assert response.json() == {"version": 3, "number": 2}
    assert error(lf_api.delete(url(liste, "spiele/7/?version=3")), 404)["code"] == "no_such_game"
    err = error(lf_api.delete(url(liste, "spiele/1/")), 400)
    assert (err["code"], err["field"]) == ("missing_field", "version")
    err = error(lf_api.delete(url(liste, "spiele/1/?version=2")), 409)
    assert err["code"] == "conflict"


def test_delete_on_an_empty_list_is_409(liste, lf_api):
    assert error(lf_api.delete(url(liste, "spiele/1/?version=0")), 409)["code"] == "no_games"


def test_every_write_to_a_frozen_list_is_409_round_closed(liste, lf_api):
    services.game_record(spielliste=liste, record=normal())
    with transaction.atomic():
        services.spielliste_set_frozen(spielliste=liste, frozen=True)
    v = liste.version
    writes = [
        lf_api.post(url(liste, "spiele/"), {"version": v, "game": GAME}, format="json"),
        lf_api.put(url(liste, "spiele/1/"), {"version": v, "game": GAME}, format="json"),
        lf_api.delete(url(liste, f"spiele/1/?version={v}")),
        lf_api.post(url(liste, "zeit/"), {"version": v, "game_in_progress": False}, format="json"),
        lf_api.post(url(liste, "bestaetigen/"), {"version": v, "seat": 1}, format="json"),
        lf_api.post(
            url(liste, "strafen/"),
            {
                "version": v,
                "penalty": {"after_game": 1, "kind": "minor", "offender": "Anna"},
                "referee": "Wolf",
            },
            format="json",
        ),
    ]
    assert [error(r, 409)["code"] for r in writes] == ["round_closed"] * 6


# --- penalty rows --------------------------------------------------------------------


def test_post_penalty_row(liste, lf_api):
    services.game_record(spielliste=liste, record=normal())
    response = lf_api.post(
        url(liste, "strafen/"),
        {
            "version": 1,
            "penalty": {"after_game": 1, "kind": "unsporting", "offender": "Bernd", "points": 2},
            "referee": "Wolf",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["version"] == 2
    row = body["state"]["rows"][-1]
    assert row["penalty"]["kind"] == "unsporting"
    assert row["points"]["Bernd"] == -2
    assert liste.penalty_rows.get().referee == "Wolf"


@pytest.mark.parametrize(
    ("penalty", "referee", "code", "field"),
    [
        ({"after_game": 1, "kind": "minor", "offender": "Zoe"}, "Wolf", "not_at_table",
         "penalty.offender"),
        ({"after_game": 1, "kind": "minor", "offender": "Anna"}, "", "referee_missing",
         "referee"),
        ({"after_game": 1, "kind": "gross", "offender": "Anna"}, "Wolf", "penalty_unknown_kind",
         "penalty.kind"),
        ({"after_game": 1, "kind": "unsporting", "offender": "Anna", "points": 20}, "Wolf",
         "penalty_invalid_points", "penalty.points"),
        ({"after_game": 5, "kind": "minor", "offender": "Anna"}, "Wolf",
         "penalty_after_game_out_of_range", "penalty.after_game"),
        ({"kind": "minor", "offender": "Anna"}, "Wolf", "missing_field", "penalty.after_game"),
        ({"after_game": 1, "kind": "minor", "offender": "Anna", "referee": "W" * 81}, "",
         "invalid_value", "penalty.referee"),
        ({"after_game": 1, "kind": "minor", "offender": "Anna", "referee": "W\x00lf"}, "",
         "invalid_value", "penalty.referee"),
        ({"after_game": 1, "kind": "minor", "offender": "Anna"}, "W\x00lf", "invalid_value",
         "referee"),
    ],
)  # fmt: skip
def test_invalid_penalty_rows_are_400(liste, lf_api, penalty, referee, code, field):
    services.game_record(spielliste=liste, record=normal())
    response = lf_api.post(
        url(liste, "strafen/"),
        {"version": 1, "penalty": penalty, "referee": referee},
        format="json",
    )
    err = error(response, 400)
    assert (err["code"], err["field"]) == (code, field)
    assert not liste.penalty_rows.exists()


# --- time ----------------------------------------------------------------------------


def test_call_time(liste, lf_api):
    play(liste, games=3)
    body = {"version": 3, "game_in_progress": False}
    response = lf_api.post(url(liste, "zeit/"), body, format="json")
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["version"] == 4
    assert answer["state"]["time_up_after"] == 3
    err = error(lf_api.post(url(liste, "zeit/"), {**body, "version": 4}, format="json"), 409)
    assert err["code"] == "time_already_up"


# --- confirmation --------------------------------------------------------------------


def test_a_table_player_confirms_with_the_code_from_another_client(liste):
    entering = code_client(liste.code, agent="phone-of-anna")
    state = play(liste, games=23)
    record = record_to_dict(next_random_game(random.Random(3), state))
    response = entering.post(
        url(liste, "spiele/"), {"version": liste.version, "game": record}, format="json"
    )
    assert response.status_code == 201, response.content
    version = response.json()["version"]
    err = error(
        entering.post(url(liste, "bestaetigen/"), {"version": version, "seat": 1}, format="json"),
        403,
    )
    assert err["code"] == "confirm_same_session"
    other = code_client(liste.code.lower(), agent="phone-of-bernd")
    err = error(
        other.post(url(liste, "bestaetigen/"), {"version": version, "seat": None}, format="json"),
        403,
    )
    assert err["code"] == "confirm_seat_required"
    response = other.post(
        url(liste, "bestaetigen/"), {"version": version, "seat": 2}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["version"] == version + 1
    assert body["state"]["confirmed"] is True
    assert body["state"]["confirmed_seat"] == 2


def test_a_manager_confirms_a_paper_list_with_seat_null(world):
    liste, users = world["free"], world["users"]
    play(liste)
    body = {"version": liste.version, "seat": None}
    err = error(
        token_client(users["listenfuehrer"]).post(url(liste, "bestaetigen/"), body, format="json"),
        403,
    )
    assert err["code"] == "confirm_seat_required"
    response = token_client(users["cm"]).post(url(liste, "bestaetigen/"), body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["state"]["confirmed_seat"] is None
    liste.refresh_from_db()
    assert liste.confirmed_at is not None


def test_confirm_refusals(liste, lf_api):
    err = error(
        lf_api.post(url(liste, "bestaetigen/"), {"version": 0, "seat": 1}, format="json"), 409
    )
    assert err["code"] == "confirm_incomplete"
    play(liste)
    body = {"version": liste.version, "seat": 5}
    err = error(lf_api.post(url(liste, "bestaetigen/"), body, format="json"), 400)
    assert (err["code"], err["field"]) == ("invalid_seat", "seat")
    err = error(
        lf_api.post(url(liste, "bestaetigen/"), {"version": liste.version}, format="json"), 400
    )
    assert (err["code"], err["field"]) == ("missing_field", "seat")


def test_names_typed_decomposed_are_the_names_at_the_table(user, lf_api):
    """ "Jürgen" sent as u + combining diaeresis (as some phones' keyboards write it), or with
    a double space, is the Jürgen at the table: names are compared as the site stores them
    (NFC, single spaces) — for a full record and a quick row alike."""
    names = ["Jürgen", "Anna Maria", "Carla", "Dieter"]
    liste = services.spielliste_create(
        title="Umlaute",
        players=[Player.objects.create(name=n) for n in names],
        created_by=user,
    )
    sent = ["Ju\u0308rgen", "Anna  Maria", "Carla", "Dieter"]
    game = {**GAME, "players": sent, "re": sent[:2]}
    response = lf_api.post(url(liste, "spiele/"), {"version": 0, "game": game}, format="json")
    assert response.status_code == 201, response.content
    quick = {"kind": "quick", "players": sent, "winners": sent[2:], "value": 2}
    response = lf_api.post(url(liste, "spiele/"), {"version": 1, "game": quick}, format="json")
    assert response.status_code == 201, response.content
    state = spielliste_snapshot(pk=liste.pk).state
    assert state.games_played == 2
    assert state.totals["Jürgen"] == state.totals["Anna Maria"] == -state.totals["Carla"]
