"""The bad-input catalogue (issue 10): every input a tester threw at the site, the API and
the CLIs, with the status it must get. Never a 500, never a traceback; a refusal writes
nothing; the API answers with its one error object (api.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.authtoken.models import Token

from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.lists import services
from league.lists.models import Game, PenaltyRow, Seat, Spielliste
from league.tournaments import services as ts
from league.tournaments.models import Participant, Tournament, TournamentRound
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament

ROOT = Path(__file__).resolve().parents[2]
HUGE = "9" * 25  # beyond any integer column
NESTED = "[" * 30_000 + "]" * 30_000  # inside the API's 64 KB, too deep for the parser
NESTED_OBJ = '{"a":' * 10_000 + "1" + "}" * 10_000
SURROGATE = '"\\ud800"'
LONG = "x" * 500

MODELS = (
    Game,
    PenaltyRow,
    Seat,
    Spielliste,
    Participant,
    Player,
    Club,
    Tournament,
    TournamentRound,
    AuditEntry,
)


def _counts():
    return [m.objects.count() for m in MODELS]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _build_w():
    """A tournament with a drawn round, a club list, the accounts that write them (no
    password hashing: the catalogue logs in with force_login), an organiser's token."""
    users = {
        name: get_user_model().objects.create(username=name)
        for name in ("listenfuehrer", "organiser_this", "cm")
    }
    org = users["organiser_this"]
    tournament = make_tournament(8, rounds=2, user=org)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    l1 = rnd.lists.first()
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(users["cm"])
    free = services.spielliste_create(
        title="Clubabend",
        players=[Player.objects.create(name=n, club=club) for n in "ABCD"],
        club=club,
        created_by=users["listenfuehrer"],
    )
    return {
        "users": users,
        "t": tournament.pk,
        "l": l1.pk,
        "free": free.pk,
        "club_id": club.pk,
        "p": tournament.participants.first().pk,
        "token": Token.objects.create(user=org).key,
        "code": l1.code,
        "org": org,
        "version": l1.version,
    }


_w = Prebuilt(_build_w)


@pytest.fixture
def w(db):
    """Built once per test process, copied into each later test (tests/prebuilt.py)."""
    return _w()


# (method, url template, query/body, expected status). {t} tournament, {l} a list in it,
# {free} a club list, {club_id}, {p} a participant. Site pages as the organiser.
SITE_GET = [
    ("/turniere/{t}/beamer/?seite=²", 200),
    ("/turniere/{t}/beamer/?seite=-5", 200),
    ("/turniere/{t}/beamer/?seite=" + HUGE, 200),
    ("/turniere/{t}/wertung/?page=²", 200),
    ("/turniere/{t}/wertung/?page=" + HUGE, 200),
    ("/turniere/{t}/wertung/?per_page=-5", 200),
    ("/turniere/{t}/wertung/?per_page=²", 200),
    ("/turniere/{t}/wertung/?per_page=" + HUGE, 200),
    ("/turniere/{t}/wertung/?sort=%00", 200),
    ("/turniere/{t}/wertung/?q=%00%ED%A0%80", 200),
    ("/turniere/{t}/wertung/?_export=xlsx&sort=²", 200),
    ("/turniere/{t}/wertung.pdf?vorlaeufig=²", 200),
    ("/turniere/?page=²", 200),
    ("/turniere/?per_page=-5", 200),
    ("/listen/?page=²", 200),
    ("/listen/?page=-1&per_page=-5", 200),
    ("/vereine/?page=²", 200),
    ("/vereine/{club_id}/?page=²", 200),
    ("/turniere/{t}/teilnehmer/?page=²&per_page=-5", 200),
    ("/turniere/{t}/runde/1/?page=²", 200),
    ("/?re_augen=²&kind=%00", 301),  # the calculator moved to /rechner/ (redirect)
    ("/listen/" + HUGE + "/", 404),
    ("/turniere/" + HUGE + "/", 404),
    ("/turniere/" + HUGE + "/wertung/", 404),
    ("/turniere/{t}/runde/" + HUGE + "/", 404),
    ("/turniere/{t}/spieler/" + HUGE + "/", 404),
    ("/vereine/" + HUGE + "/", 404),
    ("/t/%00/", 403),  # a wrong table code
    ("/t/" + LONG + "/", 403),
]


@pytest.mark.parametrize(("url", "status"), SITE_GET)
def test_site_get(client, w, url, status):
    client.force_login(w["org"])
    response = client.get(url.format(**w))
    assert response.status_code == status, url


# Site forms: a refusal is the form again (200) or a 4xx; nothing is written.
SITE_POST = [
    ("/listen/{free}/spiel/", {"version": "²"}, (409, 422)),
    ("/listen/{free}/spiel/", {"version": HUGE}, (409, 422)),
    ("/listen/{free}/spiel/", {"version": "-1"}, (409, 422)),
    ("/listen/{free}/letztes-loeschen/", {"version": "²"}, (200, 302, 409)),
    ("/listen/{free}/strafe/", {"version": "²", "offender": "%00"}, (302, 409, 422)),
    ("/listen/{free}/zeit/", {"version": "²"}, (200, 302, 409)),
    ("/listen/{free}/bestaetigen/", {"version": "²", "seat": "²"}, (200, 302, 403, 409)),
    (
        "/listen/neu/",
        {"title": LONG, "seat_1": "A", "seat_2": "B", "seat_3": "C", "seat_4": "D"},
        (200,),
    ),
    (
        "/listen/neu/",
        {"title": "T", "seat_1": LONG, "seat_2": "B", "seat_3": "C", "seat_4": "D"},
        (200,),
    ),
    (
        "/listen/neu/",
        {"title": "T\x00", "seat_1": "A\x00", "seat_2": "B", "seat_3": "C", "seat_4": "D"},
        (200,),
    ),
    ("/turniere/neu/", {"name": LONG, "date": "2026-11-21", "rounds_planned": "3"}, (200,)),
    ("/turniere/neu/", {"name": "T", "date": "²", "rounds_planned": HUGE}, (200,)),
    ("/turniere/{t}/teilnehmer/", {"name": LONG}, (200,)),
    ("/turniere/{t}/teilnehmer/", {"name": "Neu", "club": LONG}, (200,)),
    ("/turniere/{t}/teilnehmer/", {"name": "Neu", "ddv_number": LONG}, (200,)),
    ("/turniere/{t}/teilnehmer/", {"name": "Neu\x00"}, (200,)),
    ("/turniere/{t}/runde/1/tisch/99/neuer-code/", {}, (404,)),
    ("/turniere/{t}/runde/1/tisch/" + HUGE + "/neuer-code/", {}, (404,)),
    ("/turniere/{t}/runde/1/abschliessen/", {"confirmed": "%00"}, (200,)),  # it asks first
    ("/turniere/{t}/leitung/entfernen/", {"account": "²"}, (200, 302)),
    ("/turniere/{t}/leitung/entfernen/", {"account": HUGE}, (200, 302)),
    ("/turniere/{t}/teilnehmer/{p}/abmelden/", {}, (200, 302)),  # 200: it asks first
    ("/vereine/{club_id}/anfragen/", {"claim": "²", "accept": "1"}, (200, 302, 404)),
    ("/vereine/{club_id}/verwaltung/entfernen/", {"account": HUGE}, (200, 302)),
    ("/turniere/{t}/auslosen/", {"seed": HUGE, "seeded": "²"}, (200, 302)),
]


@pytest.mark.parametrize(("url", "data", "statuses"), SITE_POST)
def test_site_post(client, w, url, data, statuses):
    who = w["users"]["listenfuehrer"] if "{free}" in url else w["org"]
    if "{club_id}" in url:
        who = w["users"]["cm"]
    client.force_login(who)
    target = url.format(**w)
    before = _counts()
    response = client.post(target, data)
    assert response.status_code in statuses, (target, response.status_code)
    if "abmelden" not in url and "auslosen" not in url:
        assert _counts() == before, target


def test_site_body_too_large_is_400(client, w):
    client.force_login(w["users"]["listenfuehrer"])
    before = _counts()
    response = client.post(
        f"/listen/{w['free']}/spiel/", {"version": "0", "note": "x" * (2 * 1024 * 1024)}
    )
    assert response.status_code == 400
    assert _counts() == before


def test_site_too_many_fields_is_400(client, w):
    client.force_login(w["users"]["listenfuehrer"])
    response = client.post(f"/listen/{w['free']}/spiel/", {f"f{i}": "1" for i in range(5000)})
    assert response.status_code == 400


# The API: (method, url, raw body or None, expected status, expected error code).
API = [
    ("post", "/api/v1/score/", NESTED, 400, "malformed_json"),
    ("post", "/api/v1/score/", NESTED_OBJ, 400, "malformed_json"),
    ("post", "/api/v1/score/", "{" + SURROGATE + ": 1}", 400, "malformed_json"),
    (
        "post",
        "/api/v1/score/",
        '{"kind": "normal", "players": ['
        + SURROGATE
        + ', "B", "C", "D"], "re": ['
        + SURROGATE
        + ', "B"], "re_augen": 130}',
        400,
        None,
    ),
    (
        "post",
        "/api/v1/score/",
        '{"kind": "normal", "players": ["\\u0000", "B", "C", "D"],'
        ' "re": ["\\u0000", "B"], "re_augen": 130}',
        200,
        None,
    ),
    ("post", "/api/v1/score/", '{"kind": "normal", "re_augen": 1e999}', 400, None),
    ("post", "/api/v1/score/", '{"kind": "normal", "re_augen": ' + HUGE * 200 + "}", 400, None),
    ("post", "/api/v1/score/", "\xff\xfe", 400, "malformed_json"),
    ("post", "/api/v1/score/", "x" * (65 * 1024), 413, "body_too_large"),
    ("post", "/api/v1/score/", "[" + ",".join(["{}"] * 5000) + "]", 400, None),
    ("post", "/api/v1/listen/", NESTED, 400, "malformed_json"),
    (
        "post",
        "/api/v1/listen/",
        '{"title": ' + SURROGATE + ', "seats": ["A","B","C","D"]}',
        400,
        "malformed_json",
    ),
    (
        "post",
        "/api/v1/listen/",
        '{"title": "T", "seats": [' + SURROGATE + ',"B","C","D"]}',
        400,
        "malformed_json",
    ),
    (
        "post",
        "/api/v1/listen/",
        '{"title": "T", "seats": ["' + LONG + '","B","C","D"]}',
        400,
        "invalid_value",
    ),
    (
        "post",
        "/api/v1/listen/",
        '{"title": "' + LONG + '", "seats": ["A","B","C","D"]}',
        400,
        "invalid_value",
    ),
    (
        "post",
        "/api/v1/listen/",
        '{"title": "T\\u0000", "seats": ["A\\u0000","B","C","D"]}',
        400,
        "invalid_value",
    ),
    (
        "post",
        "/api/v1/listen/",
        '{"title": "T", "seats": ["A","B","C","D"], "club": ' + HUGE + "}",
        400,
        "invalid_value",
    ),
    ("post", "/api/v1/listen/{l}/spiele/", '{"version": "²", "game": {}}', 400, None),
    ("post", "/api/v1/listen/{l}/spiele/", '{"version": ' + HUGE + ', "game": {}}', 400, None),
    ("post", "/api/v1/listen/{l}/spiele/", '{"version": -5, "game": {}}', 400, None),
    ("post", "/api/v1/listen/{l}/spiele/", NESTED, 400, "malformed_json"),
    (
        "post",
        "/api/v1/listen/{l}/spiele/",
        '{"version": 0, "game": ' + SURROGATE + "}",
        400,
        "malformed_json",
    ),
    ("post", "/api/v1/listen/{l}/strafen/", '{"version": "²"}', 400, None),
    ("post", "/api/v1/listen/{l}/strafen/", NESTED_OBJ, 400, "malformed_json"),
    ("post", "/api/v1/listen/{l}/zeit/", '{"version": "²"}', 400, None),
    ("post", "/api/v1/listen/{l}/zeit/", NESTED, 400, "malformed_json"),
    ("post", "/api/v1/listen/{l}/bestaetigen/", '{"version": "²", "seat": "²"}', 400, None),
    ("post", "/api/v1/listen/{l}/bestaetigen/", NESTED, 400, "malformed_json"),
    ("put", "/api/v1/listen/{l}/spiele/1/", '{"version": "²", "game": {}}', 400, None),
    ("put", "/api/v1/listen/{l}/spiele/1/", NESTED, 400, "malformed_json"),
    ("delete", "/api/v1/listen/{l}/spiele/1/?version=²", None, 400, None),
    ("delete", "/api/v1/listen/{l}/spiele/1/?version=" + HUGE, None, 400, None),
    ("delete", "/api/v1/listen/{l}/spiele/1/?version=-5", None, 400, None),
    ("get", "/api/v1/turniere/?page=²", None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/?page=-1", None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/?page=" + HUGE, None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/?page=99", None, 404, "not_found"),
    # per_page and flags as the schema says them (issue 21): 400, not silently the default
    ("get", "/api/v1/turniere/?per_page=-5", None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/?per_page=²", None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/?per_page=" + HUGE, None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/{t}/wertung/?vorlaeufig=²", None, 400, "invalid_value"),
    ("get", "/api/v1/turniere/{t}/runden/" + "9" * 4 + "/", None, 404, "not_found"),
    ("get", "/api/v1/turniere/" + HUGE + "/", None, 404, "not_found"),
    ("get", "/api/v1/listen/" + HUGE + "/", None, 404, "not_found"),
    ("get", "/api/v1/listen/%00/", None, 404, "not_found"),
]


@pytest.mark.parametrize(("method", "url", "body", "status", "code"), API)
def test_api(client, w, method, url, body, status, code):
    target = url.format(**w)
    before = _counts()
    kwargs: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Token {w['token']}"}
    if body is not None:
        kwargs["content_type"] = "application/json"
        kwargs["data"] = (
            body.encode("utf-8", "surrogatepass") if "\xff" not in body else (b"\xff\xfe")
        )
    response = getattr(client, method)(target, **kwargs)
    assert response.status_code == status, (target, response.content[:300])
    if status >= 400:
        error = response.json()["error"]
        assert set(error) == {"code", "field", "message", "game"}
        if code:
            assert error["code"] == code, error
    assert _counts() == before


def test_api_table_code_header_garbage(client, w):
    for code in ("%00", "\u00b2" * 8, LONG, "' OR 1=1 --"):
        response = client.post(
            f"/api/v1/listen/{w['l']}/zeit/",
            data={"version": w["version"]},
            content_type="application/json",
            HTTP_X_TISCH_CODE=code.encode("utf-8").decode("latin-1"),
        )
        assert response.status_code in (401, 403), code
        assert response.json()["error"]["code"]


# Both CLIs: 1 for an invalid record, 2 for unreadable input; never a traceback.
CLI = [
    ("score", NESTED, 2),
    ("score", NESTED_OBJ, 2),
    ("score", "{" + SURROGATE + ": 1}", (1, 2)),
    (
        "score",
        '{"kind": "normal", "players": ['
        + SURROGATE
        + ',"B","C","D"], "re": ['
        + SURROGATE
        + ',"B"], "re_augen": 130}',
        (0, 1, 2),
    ),
    ("score", "\xff\xfe", 2),
    ("score", "", 2),
    ("score", "42", 2),
    ("score", '{"re_augen": 1e999}', 1),
    ("score", '{"re_augen": ' + "9" * 5000 + "}", (1, 2)),
    ("score", "[" + ",".join(["null"] * 100) + "]", 1),
    ("round", NESTED, 2),
    ("round", "{" + SURROGATE + ": 1}", (1, 2)),
    ("round", '{"seats": [' + SURROGATE + ',"B","C","D"], "games": []}', (0, 1, 2)),
    ("round", '{"seats": "ABCD", "games": "x"}', (1, 2)),
    (
        "round",
        '{"seats": ["A","B","C","D"], "games": [], "penalties": [{"after_game": '
        + HUGE
        + ', "kind": "minor", "offender": "A"}]}',
        1,
    ),
    ("round", '{"seats": ["A","B","C","D"], "games": [], "time_up_after": -5}', 1),
    ("round", "\xff", 2),
    ("round", "[]", 2),
]


@pytest.mark.parametrize(("command", "stdin", "exits"), CLI)
def test_cli(command, stdin, exits):
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", command, "-"],
        cwd=ROOT,
        input=stdin.encode("utf-8", "surrogatepass")
        if stdin != "\xff\xfe" and stdin != "\xff"
        else stdin.encode("latin-1"),
        capture_output=True,
        check=False,
        timeout=60,
    )
    allowed = exits if isinstance(exits, tuple) else (exits,)
    assert proc.returncode in allowed, proc.stderr[-500:]
    assert b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    if proc.returncode == 2:
        assert len(proc.stderr.decode().strip().splitlines()) == 1
    else:
        json.loads(proc.stdout)  # the output stays JSON
