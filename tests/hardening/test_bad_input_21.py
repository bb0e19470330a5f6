"""Issue 21's bad-input cases: each refused with a clear answer — a form error, an API 4xx
with api.md's error object, a CLI exit 1 or 2 without a traceback, an import exit 1 naming
the section and row — and nothing written."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from league.backup.services import BackupError, backup_import, backup_validate
from league.clubs.models import Player
from tests.backup.test_backup import _counts as _backup_counts
from tests.backup.test_tampered import _doc, _with_history
from tests.hardening.test_bad_input import _counts, _fresh_cache, w

__all__ = ["_fresh_cache", "w"]  # fixtures shared with the issue-10 catalogue

ROOT = Path(__file__).resolve().parents[2]
NFC = unicodedata.normalize("NFC", "Jürgen")
NFD = unicodedata.normalize("NFD", "Jürgen")
assert NFC != NFD


def _api(client: Client, w: dict[str, Any], method: str, url: str, body: Any) -> Any:
    response = getattr(client, method)(
        url.format(**w),
        data=json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {w['token']}",
    )
    return response


def _error(response: Any) -> dict[str, Any]:
    error = response.json()["error"]
    assert set(error) == {"code", "field", "message", "game"}
    assert error["message"]
    return dict(error)


# --- a form in another charset ------------------------------------------------------------


@pytest.mark.parametrize("url", ["/listen/neu/", "/turniere/neu/", "/turniere/{t}/teilnehmer/"])
@pytest.mark.parametrize("charset", ["latin-1", "iso-8859-15", "utf-16"])
def test_form_in_another_charset_is_400_not_500(w, url, charset):
    client = Client(enforce_csrf_checks=True)  # the CSRF check reads the body first
    client.force_login(w["org"])
    before = _counts()
    response = client.generic(
        "POST",
        url.format(**w),
        "name=J\xfcrgen&seat_1=J\xfcrgen&title=x".encode("latin-1"),
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
    )
    assert response.status_code == 400
    assert _counts() == before


def test_form_in_utf8_still_works(client, w):
    client.force_login(w["org"])
    response = client.generic(
        "POST",
        f"/turniere/{w['t']}/teilnehmer/",
        b"name=J%C3%BCrgen+Neu",
        content_type="application/x-www-form-urlencoded; charset=UTF-8",
    )
    assert response.status_code == 302
    assert Player.objects.filter(name="Jürgen Neu").exists()


# --- CLIs on a closed pipe ------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "{py} -m scoring schedule --teams 64 --rounds 10",
        "{py} -m scoring round - < /dev/null",
        "{py} manage.py diffsettings --all",
    ],
)
def test_cli_is_quiet_on_a_closed_pipe(command):
    proc = subprocess.run(
        ["bash", "-c", command.format(py=sys.executable) + " | head -0; exit ${PIPESTATUS[0]}"],
        cwd=ROOT,
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert b"BrokenPipe" not in proc.stderr
    assert proc.returncode in (0, 1, 2)


def test_quick_row_worth_10_to_the_30_is_refused_by_the_cli():
    doc = {
        "seats": ["A", "B", "C", "D"],
        "games": [
            {
                "kind": "quick",
                "players": ["A", "B", "C", "D"],
                "winners": ["A", "B"],
                "value": 10**30,
            }
        ],
    }
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "round", "-"],
        cwd=ROOT,
        input=json.dumps(doc).encode(),
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert proc.returncode == 1
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == "quick_invalid_value"
    assert "999" in error["message"]
    assert b"Traceback" not in proc.stderr


# --- DDV numbers: one format on form, CSV, API and backup -----------------------------------

# Issue 29: a DDV number is digits only ("ABC" and "12-34" were taken before).
BAD_NUMBERS = ["12 34", "<b>1</b>", "1/2", "１２３", "ABC", "12-34"]


@pytest.mark.parametrize("number", BAD_NUMBERS)
def test_ddv_number_refused_on_the_registration_form(client, w, number):
    client.force_login(w["org"])
    before = _counts()
    response = client.post(
        f"/turniere/{w['t']}/teilnehmer/", {"name": "Neue Spielerin", "ddv_number": number}
    )
    assert response.status_code == 200
    assert "keine gültige DDV-Nummer" in response.content.decode()
    assert _counts() == before


@pytest.mark.parametrize("number", BAD_NUMBERS)
def test_ddv_number_refused_in_the_csv(client, w, number):
    client.force_login(w["org"])
    before = _counts()
    upload = StringIO(f"Name;Verein;DDV-Nummer\nNeue Spielerin;Herz-Dame;{number}\n")
    upload.name = "liste.csv"
    response = client.post(f"/turniere/{w['t']}/teilnehmer/import/", {"file": upload})
    assert response.status_code == 200
    assert "keine gültige DDV-Nummer" in response.content.decode()
    assert _counts() == before


def test_ddv_number_refused_by_the_service_for_every_caller(w):
    from league.clubs.services import player_get_or_create
    from league.core.errors import ServiceError

    before = _counts()
    for number in BAD_NUMBERS:
        with pytest.raises(ServiceError) as refused:
            player_get_or_create(name="X", ddv_number=number)
        assert refused.value.code == "ddv_number_invalid"
        assert refused.value.field == "ddv_number"
    assert player_get_or_create(name="X", ddv_number=" 1234 ").ddv_number == "1234"
    assert _counts()[5] == before[5] + 1  # only the valid one


@pytest.mark.django_db
def test_ddv_number_refused_in_a_backup():
    doc = _doc()
    player = next(p for p in doc["players"] if p.get("ddv_number"))
    player["ddv_number"] = "12 34"
    with pytest.raises(BackupError) as refused:
        backup_validate(doc=doc)
    message = "\n".join(refused.value.messages)
    assert f"Spieler {player['id']}:" in message
    assert "keine gültige DDV-Nummer" in message
    with pytest.raises(BackupError):
        backup_import(doc=doc)
    assert _backup_counts() == dict.fromkeys(_backup_counts(), 0)


# --- names NFC-normalised where they enter --------------------------------------------------


def test_juergen_twice_at_one_table_on_the_site(client, w):
    client.force_login(w["users"]["listenfuehrer"])
    before = _counts()
    response = client.post(
        "/listen/neu/", {"seat_1": NFC, "seat_2": NFD, "seat_3": "C", "seat_4": "D"}
    )
    assert response.status_code == 200
    assert "nur einmal am Tisch" in response.content.decode()
    assert _counts() == before


def test_juergen_twice_at_one_table_in_the_api(client, w):
    before = _counts()
    response = _api(
        client, w, "post", "/api/v1/listen/", {"title": "T", "seats": [NFC, NFD, "C", "D"]}
    )
    assert response.status_code == 400
    assert _error(response)["code"] == "seat_taken_twice"
    assert _counts() == before


def test_juergen_decomposed_is_the_registered_juergen(client, w):
    client.force_login(w["org"])
    client.post(f"/turniere/{w['t']}/teilnehmer/", {"name": NFC, "club": "Herz-Dame"})
    before = _counts()
    response = client.post(f"/turniere/{w['t']}/teilnehmer/", {"name": NFD, "club": "Herz-Dame"})
    assert response.status_code == 200
    assert "bereits angemeldet" in response.content.decode() or "schon" in response.content.decode()
    assert _counts() == before
    assert Player.objects.filter(name=NFD).count() == 0
    assert Player.objects.filter(name=NFC).count() == 1


# --- a club you do not manage ---------------------------------------------------------------


def test_a_club_you_do_not_manage_is_an_error_not_a_free_list(client, w):
    client.force_login(w["users"]["listenfuehrer"])  # manages no club
    before = _counts()
    response = client.post(
        "/listen/neu/",
        {"club": w["club_id"], "seat_1": "A", "seat_2": "B", "seat_3": "C", "seat_4": "D"},
    )
    assert response.status_code == 200
    assert "Vereinsverwaltung" in response.content.decode()
    assert _counts() == before


def test_a_club_you_do_not_manage_in_the_api(client, w):
    before = _counts()
    body = {"title": "T", "seats": ["A", "B", "C", "D"], "club": w["club_id"]}
    response = _api(client, w, "post", "/api/v1/listen/", body)
    assert response.status_code == 403
    assert _error(response)["code"] == "club_forbidden"
    assert _counts() == before


# --- dates ----------------------------------------------------------------------------------


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "1900-01-01"])
def test_a_tournament_date_out_of_bounds_is_a_form_error(client, w, day):
    client.force_login(w["org"])
    before = _counts()
    response = client.post("/turniere/neu/", {"name": "T", "date": day, "rounds_planned": "3"})
    assert response.status_code == 200
    assert "Das Datum muss zwischen" in response.content.decode()
    assert _counts() == before


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/rangliste/?stichtag=9999-12-31",
        "/api/v1/rangliste/?stichtag=2026-02-30",
        "/api/v1/vereine/{club_id}/saison/?jahr=9999",
        "/api/v1/vereine/{club_id}/saison/?jahr=0",
    ],
)
def test_api_dates_out_of_bounds(client, w, url):
    response = client.get(url.format(**w), HTTP_AUTHORIZATION=f"Token {w['token']}")
    assert response.status_code == 400
    assert _error(response)["code"] == "invalid_value"


# --- API fields strictly typed --------------------------------------------------------------

GAME = {"kind": "normal", "players": ["A", "B", "C", "D"], "re": ["A", "B"], "re_augen": 130}

STRICT = [
    ("post", "/api/v1/listen/", {"title": 5, "seats": ["A", "B", "C", "D"]}, "title"),
    ("post", "/api/v1/listen/", {"title": "T", "seats": [1, 2, 3, 4]}, "seats.0"),
    ("post", "/api/v1/listen/", {"title": "T", "seats": ["A", "B", "C", " "]}, "seats.3"),
    ("post", "/api/v1/listen/", {"title": "T", "seats": ["A", "B", "C", "D"], "club": "1"}, "club"),
    (
        "post",
        "/api/v1/listen/",
        {"title": "T", "seats": ["A", "B", "C", "D"], "club": True},
        "club",
    ),
    (
        "post",
        "/api/v1/listen/{l}/zeit/",
        {"version": "{version}", "game_in_progress": False},
        "version",
    ),
    (
        "post",
        "/api/v1/listen/{l}/zeit/",
        {"version": 0, "game_in_progress": "yes"},
        "game_in_progress",
    ),
    (
        "post",
        "/api/v1/listen/{l}/zeit/",
        {"version": 0, "game_in_progress": None},
        "game_in_progress",
    ),
    (
        "post",
        "/api/v1/listen/{l}/zeit/",
        {"version": 0, "game_in_progress": []},
        "game_in_progress",
    ),
    ("post", "/api/v1/listen/{l}/zeit/", {"version": 0, "game_in_progress": 1}, "game_in_progress"),
    (
        "post",
        "/api/v1/listen/{l}/spiele/",
        {"version": 0, "game": {**GAME, "pflicht": None}},
        "game.pflicht",
    ),
    (
        "post",
        "/api/v1/listen/{l}/spiele/",
        {"version": 0, "game": {**GAME, "pflicht": "yes"}},
        "game.pflicht",
    ),
    (
        "post",
        "/api/v1/listen/{l}/spiele/",
        {"version": 0, "game": {**GAME, "pflicht": []}},
        "game.pflicht",
    ),
    ("post", "/api/v1/listen/{l}/bestaetigen/", {"version": 0, "seat": "1"}, "seat"),
    ("post", "/api/v1/listen/{l}/bestaetigen/", {"version": 0, "seat": True}, "seat"),
    (
        "post",
        "/api/v1/listen/{l}/strafen/",
        {"version": 0, "penalty": {"after_game": "0", "kind": "minor", "offender": "A"}},
        None,
    ),
    (
        "post",
        "/api/v1/turniere/{t}/runden/1/ergebnisse/",
        {"entry": "1", "tables": [{"table": 1, "totals": {"A": 0}}]},
        "entry",
    ),
    (
        "post",
        "/api/v1/turniere/{t}/runden/1/ergebnisse/",
        {"entry": 1, "tables": [{"table": "1", "totals": {"A": 0}}]},
        "tables.0.table",
    ),
    (
        "post",
        "/api/v1/turniere/{t}/runden/1/ergebnisse/",
        {"entry": 1, "tables": [{"table": 1, "totals": {"A": "5"}}]},
        "tables.0.totals.A",
    ),
]


@pytest.mark.parametrize(("method", "url", "body", "field"), STRICT)
def test_api_fields_strictly_typed(client, w, method, url, body, field):
    before = _counts()
    text = json.dumps(body).replace('"{version}"', f'"{w["version"]}"')
    response = client.generic(
        method.upper(),
        url.format(**w),
        text,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {w['token']}",
    )
    assert response.status_code == 400, response.content[:300]
    error = _error(response)
    if field is not None:
        assert error["field"] == field, error
    assert _counts() == before


@pytest.mark.parametrize("value", ["null", "[]", '"yes"', "1"])
def test_score_refuses_a_boolean_that_is_none(client, value):
    body = json.dumps(GAME)[:-1] + f', "pflicht": {value}}}'
    response = client.post("/api/v1/score/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "pflicht"


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/turniere/?per_page=-5",
        "/api/v1/turniere/?per_page=null",
        "/api/v1/turniere/?per_page=101",
        "/api/v1/turniere/?page=0",
        "/api/v1/turniere/{t}/wertung/?vorlaeufig=null",
        "/api/v1/turniere/{t}/wertung/?vorlaeufig=yes",
        "/api/v1/turniere/{t}/wertung/?vorlaeufig=",
        "/api/v1/rangliste/?stichtag=",
        "/api/v1/ligen/?per_page=0",
    ],
)
def test_query_parameters_as_the_schema_says(client, w, url):
    response = client.get(url.format(**w), HTTP_AUTHORIZATION=f"Token {w['token']}")
    assert response.status_code == 400
    assert _error(response)["code"] == "invalid_value"


@pytest.mark.parametrize("value", ["true", "false", "1", "0", "TRUE"])
def test_a_flag_as_the_schema_says_it(client, w, value):
    response = client.get(f"/api/v1/turniere/{w['t']}/wertung/?vorlaeufig={value}")
    assert response.status_code == 200


# --- forged history in a backup -------------------------------------------------------------

FORGED = [
    ("an entry from the future", lambda e: e.update(at="2999-01-01T00:00:00+00:00"), "Zukunft"),
    ("an entry before the one before", None, "vorigen Eintrags"),
    ("an action that is no action", lambda e: e.update(action="<b>x</b>"), "keine Aktion"),
    ("an action with a space", lambda e: e.update(action="delete all"), "keine Aktion"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "needle"), [f[1:] for f in FORGED], ids=[f[0] for f in FORGED])
def test_forged_history_entries_are_refused_before_anything_is_written(change, needle):
    doc = _doc()
    owner = next(t for t in doc["tournaments"] if len(t["history"]) >= 2)
    history = owner["history"]
    if change is None:
        history[1]["at"] = "2001-01-01T00:00:00+00:00"
        row = 2
    else:
        change(history[0])
        row = 1
    with pytest.raises(BackupError) as refused:
        backup_validate(doc=doc)
    message = "\n".join(refused.value.messages)
    assert f"Turnier {owner['id']}, Protokolleintrag {row}" in message, message
    assert needle in message
    before = _backup_counts()
    with pytest.raises(BackupError):
        backup_import(doc=doc)
    assert _backup_counts() == before == dict.fromkeys(before, 0)


@pytest.mark.django_db
def test_the_import_command_exits_1_on_a_forged_entry(tmp_path):
    doc = _doc()
    entry = _with_history(doc, "players")["history"][0]
    entry["at"] = "2999-01-01T00:00:00+00:00"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError) as info:
        call_command("import", str(path), stdout=StringIO(), stderr=err)
    assert info.value.returncode == 1
    assert "Protokolleintrag 1" in err.getvalue()
    assert _backup_counts() == dict.fromkeys(_backup_counts(), 0)


# --- values no database stores, in any section (PostgreSQL refuses them with a 500 else) ----

UNSTORABLE = [
    (
        "a lone surrogate in a name",
        lambda d: d["players"][2].update(name="Anna\ud800"),
        "players[2].name",
    ),
    (
        "a lone surrogate in a history value",
        lambda d: _with_history(d, "lists")["history"][0].update(after={"x": "\udfff"}),
        "history[0].after.x",
    ),
    (
        "a NUL in a history key",
        lambda d: _with_history(d, "tournaments")["history"][0].update(after={"a\x00": 1}),
        "history[0].after",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "needle"), [u[1:] for u in UNSTORABLE], ids=[u[0] for u in UNSTORABLE]
)
def test_unstorable_values_are_refused_before_anything_is_written(change, needle):
    doc = _doc()
    change(doc)
    with pytest.raises(BackupError) as refused:
        backup_validate(doc=doc)
    assert needle in "\n".join(refused.value.messages)
    with pytest.raises(BackupError):
        backup_import(doc=doc)
    assert _backup_counts() == dict.fromkeys(_backup_counts(), 0)
