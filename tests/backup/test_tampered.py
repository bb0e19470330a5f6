"""A tampered backup is refused by the check of the section it touches, before anything is
written, on every database: the message names the section's row, ``backup_validate``
(which reads and writes no database) refuses it alike, and the import writes nothing.

Each case changes one row of a whole export (the fixture of main 2df3d1c: every section
has rows there) into something the database would refuse or the rules never produce.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league.backup.services import BackupError, backup_import, backup_validate
from tests.backup.test_backup import _counts

pytestmark = pytest.mark.django_db

FIXTURE = Path(__file__).parent / "fixtures" / "demo-2df3d1c.json.gz"
_DOC: dict[str, Any] = {}

Doc = dict[str, Any]


def _doc() -> Doc:
    if not _DOC:
        with gzip.open(FIXTURE, "rt", encoding="utf-8") as source:
            _DOC.update(json.load(source))
    copy: Doc = json.loads(json.dumps(_DOC))
    return copy


def _club_with_season(doc: Doc) -> dict[str, Any]:
    return next(c for c in doc["clubs"] if c["season"])


def _round(doc: Doc) -> tuple[dict[str, Any], dict[str, Any]]:
    t = next(t for t in doc["tournaments"] if t["rounds"] and not t["rated"])
    return t, t["rounds"][0]


def _played(doc: Doc) -> dict[str, Any]:
    return next(liste for liste in doc["lists"] if liste["games"] and not liste.get("rules"))


def _quick(doc: Doc) -> dict[str, Any]:
    return next(g for liste in doc["lists"] for g in liste["games"] if g.get("kind") == "quick")


def _with_history(doc: Doc, key: str) -> dict[str, Any]:
    return next(item for item in doc[key] if item["history"])


def _spieltag(doc: Doc) -> dict[str, Any]:
    return doc["leagues"][0]["group_rounds"][0]["groups"][0]["spieltage"][0]


# (section, change, what the message must name)
CASES: list[tuple[str, Callable[[Doc], None], Callable[[Doc], list[str]]]] = [
    (
        "club name too long",
        lambda d: d["clubs"][0].update(name="V" * 200),
        lambda d: [f"Verein {d['clubs'][0]['id']}:", "name"],
    ),
    (
        "club city too long",
        lambda d: d["clubs"][0].update(city="K" * 81),
        lambda d: [f"Verein {d['clubs'][0]['id']}:", "city", "80"],
    ),
    (
        "player name too long",
        lambda d: d["players"][3].update(name="S" * 81),
        lambda d: [f"Spieler {d['players'][3]['id']}:", "name"],
    ),
    (
        "DDV number too long",
        lambda d: d["players"][0].update(ddv_number="1" * 21),
        lambda d: [f"Spieler {d['players'][0]['id']}:", "ddv_number", "20"],
    ),
    (
        "seat name too long",
        lambda d: _played(d)["seats"][1].update(name="N" * 91),
        lambda d: ["Platz 2", "name", "90"],
    ),
    (
        "referee's added time by a name too long",
        lambda d: _played(d).update(added_minutes=5, added_by="R" * 81),
        lambda d: ["added_by", "80"],
    ),
    (
        "confirmed seat beyond a small number",
        lambda d: _played(d).update(confirmed_seat=70_000),
        lambda d: ["confirmed_seat", "32767"],
    ),
    (
        "quick row worth more than a list stores",
        lambda d: _quick(d).update(value=100_000),
        # the engine bounds a quick row's value (scoring.quick.MAX_QUICK_VALUE)
        lambda d: ["Spiel", "Der Spielwert ist höchstens 999"],
    ),
    (
        "tournament name too long",
        lambda d: _round(d)[0].update(name="T" * 121),
        lambda d: [f"Turnier {_round(d)[0]['id']}:", "name"],
    ),
    (
        "start number beyond an integer",
        lambda d: _round(d)[0]["participants"][0].update(number=2**40),
        lambda d: [f"Turnier {_round(d)[0]['id']}, Teilnehmer ?", "number"],
    ),
    (
        "round number beyond a small number",
        lambda d: _round(d)[1].update(number=40_000),
        lambda d: [f"Turnier {_round(d)[0]['id']}, Runde ?", "number", "32767"],
    ),
    (
        "table number twice in a round",
        lambda d: _round(d)[1]["tables"][1].update(number=_round(d)[1]["tables"][0]["number"]),
        lambda d: [
            f"Turnier {_round(d)[0]['id']}, Runde {_round(d)[1]['number']}, Tisch",
            "doppelt",
        ],
    ),
    (
        "evening note too long",
        lambda d: d["evenings"][0].update(note="n" * 121),
        lambda d: [f"Vereinsabend {d['evenings'][0]['id']}:", "note"],
    ),
    (
        "evening table number beyond a small number",
        lambda d: d["evenings"][0]["tables"][0].update(number=99_999),
        lambda d: [f"Vereinsabend {d['evenings'][0]['id']}:", "number"],
    ),
    (
        "evening table twice",
        lambda d: d["evenings"][0]["tables"].append(dict(d["evenings"][0]["tables"][0])),
        lambda d: [f"Vereinsabend {d['evenings'][0]['id']}, Tisch", "doppelt"],
    ),
    (
        "season from month 13",
        lambda d: _club_with_season(d)["season"].update(start_month=13),
        lambda d: [f"Verein {_club_with_season(d)['id']}, Saisonwertung", "Saisonbeginn"],
    ),
    (
        "season minimum beyond a small number",
        lambda d: _club_with_season(d)["season"].update(minimum=70_000),
        lambda d: ["Saisonwertung", "minimum"],
    ),
    (
        "league season too long",
        lambda d: d["leagues"][0].update(season="2026" * 10),
        lambda d: [f"Liga {d['leagues'][0]['id']}:", "season"],
    ),
    (
        "league table round zero",
        lambda d: next(s for s in _spieltags(d) if s["tables"])["tables"][0].update(round=0),
        lambda d: [f"Liga {d['leagues'][0]['id']}", "Tisch ?", "round"],
    ),
    (
        "history entry at no time",
        lambda d: _with_history(d, "players")["history"][0].update(at="gestern"),
        lambda d: [f"Spieler {_with_history(d, 'players')['id']}, Protokolleintrag 1", "at"],
    ),
    (
        "history entry in a made-up role",
        lambda d: _with_history(d, "tournaments")["history"][0].update(role="admin"),
        lambda d: [
            f"Turnier {_with_history(d, 'tournaments')['id']}, Protokolleintrag 1",
            "Rolle admin",
        ],
    ),
    (
        "history entry of no action",
        lambda d: _with_history(d, "lists")["history"][0].pop("action"),
        lambda d: ["Protokolleintrag 1", "action"],
    ),
    (
        "history entry with an action too long",
        lambda d: _with_history(d, "evenings")["history"][0].update(action="x" * 33),
        lambda d: [f"Vereinsabend {_with_history(d, 'evenings')['id']}", "action", "32"],
    ),
    (
        "history entry that is no entry",
        lambda d: _with_history(d, "clubs")["history"].append("gefälscht"),
        lambda d: [f"Verein {_with_history(d, 'clubs')['id']}, Protokolleintrag", "JSON-Objekt"],
    ),
    (
        "history entry with a negative item",
        lambda d: _spieltag_with_history(d)["history"][0].update(item=-1),
        lambda d: ["Spieltag", "Protokolleintrag 1", "item"],
    ),
    (
        "a NUL character in a player's name",
        lambda d: d["players"][5].update(name="Anna\x00"),
        lambda d: ["Stelle players[5].name", "NUL"],
    ),
    (
        "NaN in a history entry",
        lambda d: _with_history(d, "lists")["history"][0].update(after={"x": float("nan")}),
        lambda d: ["Stelle lists[", "history[0].after.x", "endliche Zahl"],
    ),
    (
        "a number beyond 64 bits in paper totals",
        lambda d: next(x for x in d["lists"] if x["paper_entries"])["paper_entries"][0][
            "totals"
        ].update({"1": 10**30}),
        lambda d: ["Stelle lists[", "paper_entries[0].totals.1", "zu groß"],
    ),
]


def _spieltags(doc: Doc) -> list[dict[str, Any]]:
    return [
        day
        for gr in doc["leagues"][0]["group_rounds"]
        for g in gr["groups"]
        for day in g["spieltage"]
    ]


def _spieltag_with_history(doc: Doc) -> dict[str, Any]:
    return next(day for day in _spieltags(doc) if day["history"])


@pytest.mark.parametrize(("change", "needles"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_every_section_refuses_a_tampered_row_before_writing(change, needles):
    doc = _doc()
    expected = needles(doc)
    change(doc)
    with pytest.raises(BackupError) as refused:  # the check alone: no database read
        backup_validate(doc=doc)
    messages = refused.value.messages
    message = "\n".join(messages)
    for needle in expected:
        assert needle in message, message
    before = _counts()
    with pytest.raises(BackupError) as refused:
        backup_import(doc=doc)
    assert refused.value.messages == messages
    assert _counts() == before == dict.fromkeys(before, 0)


def test_the_import_command_names_the_row_and_exits_1(tmp_path):
    doc = _doc()
    doc["players"][3]["name"] = "S" * 81
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError) as info:
        call_command("import", str(path), stdout=StringIO(), stderr=err)
    assert info.value.returncode == 1
    assert f"Spieler {doc['players'][3]['id']}: Feld „name“ leer oder zu lang" in err.getvalue()
    assert "1 Fehler: nichts importiert." in str(info.value)
    assert _counts() == dict.fromkeys(_counts(), 0)
