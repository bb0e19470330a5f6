"""Who may write through the API (api.md "Who may do what"): the same matrix as the site's
pages, with 401 where the site shows its login page; tokens, sessions with CSRF, table
codes in the header (case-insensitive), wrong codes counted, throttles with Retry-After."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.core.models import AuditEntry
from league.lists import services
from tests.api.conftest import code_client, play, token_client
from tests.site_helpers import normal

# Every named route of the API, for tests/accounts' "every URL has a row": writes are
# checked by the matrix below, reads are public (and show no code: test_tournaments).
API_WRITES = {
    "api-listen",
    "api-spiele",
    "api-spiel",
    "api-strafen",
    "api-zeit",
    "api-bestaetigen",
    "api-ergebnisse",  # organisers only: tests/api/test_tournament_day.py
    # A venue's publication: any account the first time, then its organisers and staff
    # (tests/venue/test_publication.py).
    "api-publication-tournament",
}
API_READS = {
    "api-score",
    "api-liste",
    "api-turniere",
    "api-turnier",
    "api-runde",
    "api-standings",
    "api-schema",
    "api-docs",
    # Rangliste and club seasons: public, a members-only club's season for its members
    # (tests/privacy/test_members_only.py).
    "api-rangliste",
    "api-saison",
    # The Spielstärke: public figures, hidden players only for themselves (test_strength).
    "api-spielstaerke",
    # Statistics and the Kasse: the pages' access (tests/api/test_statistik.py).
    "api-statistik",
    "api-kasse",
    # The register: public names and DDV numbers only (tests/venue/test_register.py).
    "api-spieler-register",
}
API_ROUTES = API_WRITES | API_READS

ROLES = (
    "anonymous",
    "stranger",
    "listenfuehrer",  # the account that created the club list F
    "code_this",  # holds the code of the list under test (header)
    "code_other",  # holds another table's code
    "organiser_this",
    "organiser_other",
    "club_manager",  # manages F's club
    "staff",
)
NOBODY, DENIED, OK = "401", "403", "ok"
TOURNAMENT_LIST = (NOBODY, DENIED, DENIED, OK, DENIED, OK, DENIED, DENIED, OK)
FREE_LIST = (NOBODY, DENIED, OK, OK, DENIED, DENIED, DENIED, OK, OK)

GAME = {"kind": "normal", "players": ["A", "B", "C", "D"], "re": ["A", "B"], "re_augen": 130}


def _client(world, role, liste, other) -> APIClient:
    users = world["users"]
    account = {"club_manager": "cm"}.get(role, role)
    if account in users:
        return token_client(users[account])
    if role == "code_this":
        return code_client(liste.code)
    if role == "code_other":
        return code_client(other.code)
    return APIClient()


def _names(liste) -> list[str]:
    return [s.name for s in liste.seats.order_by("position")]


def _write(client, name, liste):
    """Each write with a stale version: whoever may write gets 409 ``conflict``."""
    names = _names(liste)
    base = f"/api/v1/listen/{liste.pk}/"
    game = {**GAME, "players": names[:4], "re": names[:2]}
    if name == "api-spiele":
        return client.post(base + "spiele/", {"version": 999, "game": game}, format="json")
    if name == "api-spiel":
        return client.put(base + "spiele/1/", {"version": 999, "game": game}, format="json")
    if name == "api-spiel-delete":
        return client.delete(base + "spiele/1/?version=999")
    if name == "api-strafen":
        penalty = {"after_game": 1, "kind": "minor", "offender": names[0]}
        body = {"version": 999, "penalty": penalty, "referee": "Wolf"}
        return client.post(base + "strafen/", body, format="json")
    if name == "api-zeit":
        return client.post(
            base + "zeit/", {"version": 999, "game_in_progress": False}, format="json"
        )
    assert name == "api-bestaetigen"
    return client.post(base + "bestaetigen/", {"version": 999, "seat": 1}, format="json")


def _outcome(response) -> str:
    status = response.status_code
    if status in (401, 403):
        return str(status)
    assert status == 409, response.content
    assert response.json()["error"]["code"] == "conflict"
    return OK


@pytest.mark.parametrize(
    "name",
    ["api-spiele", "api-spiel", "api-spiel-delete", "api-strafen", "api-zeit", "api-bestaetigen"],
)
@pytest.mark.parametrize(("target", "expected"), [("l1", TOURNAMENT_LIST), ("free", FREE_LIST)])
def test_list_writes(world, name, target, expected):
    liste = world[target]
    other = world["l2"] if target == "l1" else world["l1"]
    play(liste, games=1)
    outcomes = []
    for role in ROLES:
        response = _write(_client(world, role, liste, other), name, liste)
        outcomes.append(_outcome(response))
        if role == "anonymous":
            assert response["WWW-Authenticate"] == "Token"
            assert response.json()["error"]["code"] == "not_authenticated"
    assert tuple(outcomes) == expected, dict(zip(ROLES, outcomes, strict=True))
    assert liste.games.count() == 1


def test_a_wrong_or_renewed_code_is_403(liste):
    err = code_client("ABCDEFGH").post(
        f"/api/v1/listen/{liste.pk}/zeit/", {"version": 0, "game_in_progress": False}
    )
    assert err.status_code == 403
    assert err.json()["error"]["code"] == "table_code_wrong"
    old = liste.code
    services.spielliste_renew_code(spielliste=liste)
    response = code_client(old).post(
        f"/api/v1/listen/{liste.pk}/zeit/",
        {"version": 0, "game_in_progress": False},
        format="json",
    )
    assert response.status_code == 403
    response = code_client(liste.code).post(
        f"/api/v1/listen/{liste.pk}/zeit/",
        {"version": liste.version, "game_in_progress": False},
        format="json",
    )
    assert response.status_code == 200, response.content


@pytest.mark.parametrize("spelling", ["lower", "spaced"])
def test_the_header_code_is_case_insensitive(liste, spelling):
    code = liste.code.lower() if spelling == "lower" else f" {liste.code[:4]} {liste.code[4:]} "
    body = {
        "version": 0,
        "game": {
            "kind": "normal",
            "players": _names(liste),
            "re": ["Anna", "Bernd"],
            "re_augen": 121,
        },
    }
    response = code_client(code).post(f"/api/v1/listen/{liste.pk}/spiele/", body, format="json")
    assert response.status_code == 201, response.content
    entry = AuditEntry.objects.get(action="record")
    assert (entry.role, entry.user) == ("table", None)
    assert entry.session.startswith("api-")


def test_wrong_codes_are_counted_and_throttled_with_retry_after(liste):
    url = f"/api/v1/listen/{liste.pk}/zeit/"
    body = {"version": 0, "game_in_progress": False}
    for _ in range(10):
        assert code_client("ABCDEFGH").post(url, body, format="json").status_code == 403
    response = code_client(liste.code).post(url, body, format="json")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "table_code_blocked"
    assert int(response["Retry-After"]) == 600
    # Reads with a code count too, and are refused alike once blocked.
    assert code_client(liste.code).get(f"/api/v1/listen/{liste.pk}/").status_code == 429
    # An account is not a code: it keeps working.
    assert token_client(liste.created_by).post(url, body, format="json").status_code == 200


def test_token_auth_with_a_token_from_the_management_command(liste, user, capsys):
    call_command("drf_create_token", user.username)
    key = Token.objects.get(user=user).key
    assert key in capsys.readouterr().out
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    body = {"version": 0, "game_in_progress": False}
    response = client.post(f"/api/v1/listen/{liste.pk}/zeit/", body, format="json")
    assert response.status_code == 200, response.content
    client.credentials(HTTP_AUTHORIZATION="Token not-a-key")
    response = client.post(f"/api/v1/listen/{liste.pk}/zeit/", body, format="json")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


def _csrf(client: Client) -> str:
    client.get("/listen/")  # any page sets the CSRF cookie
    return client.cookies["csrftoken"].value


def test_session_writes_need_csrf(liste, user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    url = f"/api/v1/listen/{liste.pk}/zeit/"
    body = {"version": 0, "game_in_progress": False}
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "csrf_failed"
    response = client.post(
        url, body, content_type="application/json", HTTP_X_CSRFTOKEN=_csrf(client)
    )
    assert response.status_code == 200, response.content


def test_a_browser_bound_by_code_writes_with_csrf(liste):
    client = Client(enforce_csrf_checks=True)
    client.get(f"/t/{liste.code}/")
    url = f"/api/v1/listen/{liste.pk}/zeit/"
    body = {"version": 0, "game_in_progress": False}
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "csrf_failed"
    response = client.post(
        url, body, content_type="application/json", HTTP_X_CSRFTOKEN=_csrf(client)
    )
    assert response.status_code == 200, response.content


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            **rates,
        },
    }


def test_writes_are_throttled_per_account_with_retry_after(liste, user, settings):
    _rates(settings, write_user="2/min")
    client = token_client(user)
    url = f"/api/v1/listen/{liste.pk}/spiele/1/?version=99"
    assert [client.delete(url).status_code for _ in range(2)] == [409, 409]
    response = client.delete(url)
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert 1 <= int(response["Retry-After"]) <= 60
    # Reads are not throttled.
    assert client.get(f"/api/v1/listen/{liste.pk}/").status_code == 200


def test_table_code_writes_are_throttled_per_code(world, settings):
    _rates(settings, write_code="1/min")
    l1, l2 = world["l1"], world["l2"]
    for liste in (l1, l2):  # one venue, one address: each table has its own budget
        url = f"/api/v1/listen/{liste.pk}/spiele/1/?version=99"
        assert code_client(liste.code).delete(url).status_code == 409
        response = code_client(liste.code.lower()).delete(url)
        assert response.status_code == 429
        assert "Retry-After" in response


def test_anonymous_writes_are_throttled_per_address(liste, settings):
    _rates(settings, write_anon="1/min")
    url = f"/api/v1/listen/{liste.pk}/spiele/1/?version=99"
    assert APIClient().delete(url).status_code == 401
    assert APIClient().delete(url).status_code == 429


def test_score_is_throttled_per_address(settings):
    _rates(settings, score="1/min")
    body = {"kind": "normal", "players": list("ABCD"), "re": ["A", "B"], "re_augen": 130}
    assert APIClient().post("/api/v1/score/", body, format="json").status_code == 200
    response = APIClient().post("/api/v1/score/", body, format="json")
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"  # the flat fields of this endpoint
    assert response.json()["error"]["code"] == "throttled"
    assert "Retry-After" in response


def test_writes_are_recorded_by_role(world):
    l1 = world["l1"]
    play(l1, games=1)
    names = _names(l1)
    penalty = {"after_game": 1, "kind": "minor", "offender": names[0]}
    body = {"version": l1.version, "penalty": penalty, "referee": "Wolf"}
    response = token_client(world["users"]["organiser_this"]).post(
        f"/api/v1/listen/{l1.pk}/strafen/", body, format="json"
    )
    assert response.status_code == 201, response.content
    entry = AuditEntry.objects.get(action="penalty")
    assert (entry.role, entry.user.username) == ("organiser", "organiser_this")


def test_normal_game_through_site_helpers_still_works(liste):
    # The API shares the services: a game entered on the site is seen by the API.
    services.game_record(spielliste=liste, record=normal())
    assert APIClient().get(f"/api/v1/listen/{liste.pk}/").json()["version"] == 1
