"""A club's history from its spreadsheets (issue 33, history-import.md): the done-when of
the issue, through the console command, the service and the club page."""

from __future__ import annotations

import datetime as dt
import io
import random

import pytest
from django.core.management import call_command
from django.urls import reverse

from league.backup.services import backup_export, backup_import
from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.evenings.models import ClubEvening, EveningTable
from league.evenings.selectors import club_season
from league.lists.models import Spielliste, StatLine
from scoring.history import header_key, parse_points
from tests.evenings.history_workbook import csv_bytes, sheet_rows, workbook

D = dt.date
MEMBERS = ["Anna Schmidt", "Klaus Weber", "Sabine Bär", "Jörg Müller", "Peter Groß", "René Koch"]
# The six members written six ways, then two people the site does not know.
WRITTEN = [
    "Anna Schmidt",  # exact
    "KLAUS WEBER",  # upper case
    "Bär, Sabine",  # Nachname, Vorname
    "Joerg Mueller",  # ae/oe/ue/ss
    "Peter  Groß",  # doubled spaces
    "Rene\u0301 Koch",  # decomposed Unicode
    "Hildegard Vogt",
    "Tobias Krämer",
]


def season_sheets(seed: int = 7) -> dict[str, list[list[object]]]:
    rng = random.Random(seed)
    first = sheet_rows(
        WRITTEN,
        [(D(2023, 3, 1), [[0, 1, 2, 3], [4, 5, 6, 7]]), (D(2023, 9, 6), [[0, 2, 4, 6, 7]])],
        rng,
        games=12,
    )
    second = sheet_rows(
        WRITTEN, [(D(2024, 2, 7), [[0, 1, 2, 3, 4]]), (D(2024, 3, 6), [[1, 3, 5, 6, 7]])], rng, 10
    )
    return {"Saison 2023": first, "Saison 2024": second, "Notizen": [["nur Text"]]}


def expected(sheets: dict[str, list[list[object]]]) -> dict[str, tuple[int, int]]:
    """Per header name: (games, points) in the sheets."""
    out: dict[str, list[int]] = {}
    for rows in sheets.values():
        header = rows[0]
        if header_key(str(header[0])) != "datum":
            continue
        for row in rows[1:]:
            if row[0] == "Summe":
                continue
            for name, cell in zip(header[2:], row[2:], strict=True):
                pts = parse_points(cell)  # type: ignore[arg-type]
                if pts is not None:
                    tally = out.setdefault(str(name), [0, 0])
                    tally[0] += 1
                    tally[1] += pts
    return {k: (v[0], v[1]) for k, v in out.items()}


@pytest.fixture
def club(db):
    club = Club.objects.create(name="Herz-Dame")
    for name in MEMBERS:
        Player.objects.create(name=name, club=club)
    Player.objects.create(name="Anna Schmidt", club=Club.objects.create(name="Kreuz-Bube"))
    return club


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_history", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def figures() -> dict[int, tuple[int, int, int]]:
    """Per player: (games, points, total) of his statistics rows."""
    out: dict[int, list[int]] = {}
    for pid, games, points, total in StatLine.objects.values_list(
        "player_id", "games", "points", "total"
    ):
        row = out.setdefault(pid, [0, 0, 0])
        row[0] += games
        row[1] += points
        row[2] += total
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def write(tmp_path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def counts() -> tuple[int, int, int, int]:
    return (
        Player.objects.count(),
        Spielliste.objects.count(),
        ClubEvening.objects.count(),
        AuditEntry.objects.count(),
    )


@pytest.mark.django_db
def test_a_two_season_workbook_matches_six_spellings_and_makes_two_new_records(club, tmp_path):
    sheets = season_sheets()
    path = write(tmp_path, "verein.xlsx", workbook(sheets))
    before_players = set(Player.objects.values_list("pk", flat=True))
    before = figures()
    code, out, err = run("--club", str(club.pk), path)
    assert code == 0, err
    assert "übersprungen: Blatt „Notizen“" in out
    new = Player.objects.exclude(pk__in=before_players)
    assert sorted(new.values_list("name", flat=True)) == ["Hildegard Vogt", "Tobias Krämer"]
    assert all(p.club_id == club.pk for p in new)
    want = expected(sheets)
    after = figures()
    by_name = {p.name: p.pk for p in Player.objects.filter(club=club)}
    for written, member in zip(WRITTEN, [*MEMBERS, "Hildegard Vogt", "Tobias Krämer"], strict=True):
        games, points = want[written]
        pid = by_name[member]
        old = before.get(pid, (0, 0, 0))
        assert after[pid] == (old[0] + games, old[1] + points, old[2] + points), member
    lists = Spielliste.objects.filter(evening_table__evening__club=club)
    assert lists.count() == 5
    assert all(x.frozen for x in lists)
    # The season table counts the imported lists (finished as the sheet ends).
    season = club_season(club=club, year=2024)
    table = {r.name: (r.games, r.points) for r in season.table.rows}
    assert table["Anna Schmidt"] == expected({"s": sheets["Saison 2024"]})["Anna Schmidt"]
    assert set(EveningTable.objects.values_list("imported_from", flat=True)) == {"verein.xlsx"}
    # No party figures for points-only rows.
    assert not StatLine.objects.filter(re__gt=0).exists()
    assert not StatLine.objects.filter(kontra__gt=0).exists()
    assert (
        AuditEntry.objects.filter(action="history_import", after__file="verein.xlsx").count() == 5
    )


@pytest.mark.django_db
def test_a_dry_run_writes_nothing(club, tmp_path):
    path = write(tmp_path, "verein.xlsx", workbook(season_sheets()))
    before = counts()
    code, out, _err = run("--club", str(club.pk), path, "--dry-run")
    assert code == 0
    assert "Probelauf" in out
    assert "4 Abende, 5 Listen, 56 Spiele" in out
    assert counts() == before


def _broken(row: int, value: object) -> tuple[dict[str, list[list[object]]], str]:
    """The sheets with the first filled player cell of ``row`` (of "Saison 2024") made
    ``value`` (``"+10"``: ten more); its column's header."""
    sheets = season_sheets()
    rows = sheets["Saison 2024"]
    col = next(i for i in range(2, len(rows[0])) if rows[row - 1][i] is not None)
    if value == "+10":
        value = int(str(rows[row - 1][col])) + 10
    rows[row - 1][col] = value
    return sheets, str(rows[0][col])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("row", "value", "message"),
    [
        (3, "x", "Saison 2024, Zeile 3, Spalte „{column}“: „x“ ist keine Zahl."),
        (4, None, "Saison 2024, Zeile 4: 3 Spieler haben Punkte"),
        (5, "+10", "Saison 2024, Zeile 5: die Punkte ergeben +10 statt 0."),
    ],
)
def test_a_bad_cell_refuses_the_whole_file_naming_the_place(club, tmp_path, row, value, message):
    sheets, column = _broken(row, value)
    message = message.format(column=column)
    path = write(tmp_path, "verein.xlsx", workbook(sheets))
    before = counts()
    code, _out, err = run("--club", str(club.pk), path)
    assert code == 1
    assert "nichts übernommen" in err
    assert message in err
    assert counts() == before


@pytest.mark.django_db
def test_an_undecided_near_miss_refuses_and_map_decides(club, tmp_path):
    sheets = season_sheets()
    sheets["Saison 2024"][0][2] = "Anna Schmitt"  # one letter off: maybe the same
    path = write(tmp_path, "verein.xlsx", workbook(sheets))
    before = counts()
    code, out, err = run("--club", str(club.pk), path)
    assert code == 1
    assert "„Anna Schmitt“ ist vielleicht" in err
    assert "„Anna Schmitt“: vielleicht Anna Schmidt" in out
    assert counts() == before
    anna = Player.objects.get(name="Anna Schmidt", club=club)
    code, _out, err = run("--club", str(club.pk), path, "--map", f"Anna Schmitt={anna.pk}")
    assert code == 0, err
    assert Player.objects.filter(name__startswith="Anna").count() == 2  # nobody new
    code, _out, err = run("--club", str(club.pk), path, "--replace", "--new", "Anna Schmitt")
    assert code == 0, err
    assert Player.objects.filter(name="Anna Schmitt", club=club).exists()


@pytest.mark.django_db
def test_the_same_file_again_is_refused_and_replace_replaces(club, tmp_path):
    path = write(tmp_path, "verein.xlsx", workbook(season_sheets()))
    assert run("--club", str(club.pk), path)[0] == 0
    once = figures()
    lists = Spielliste.objects.count()
    code, _out, err = run("--club", str(club.pk), path)
    assert code == 1
    assert "Der Abend am 01.03.2023 hat schon Listen aus einem Import (verein.xlsx)" in err
    assert figures() == once
    code, out, err = run("--club", str(club.pk), path, "--replace")
    assert code == 0, err
    assert "5 alte Listen ersetzt" in out
    assert Spielliste.objects.count() == lists
    assert figures() == once
    assert ClubEvening.objects.filter(club=club).count() == 4


@pytest.mark.django_db
def test_a_windows_1252_semicolon_csv_imports_alike(club, tmp_path):
    sheets = season_sheets()
    rows = sheets["Saison 2023"]
    # Windows-1252 has no combining accent: that member is written precomposed here.
    rows[0] = ["René Koch" if c == WRITTEN[5] else c for c in rows[0]]
    path = write(tmp_path, "saison.csv", csv_bytes(rows, delimiter=";", encoding="cp1252"))
    code, _out, err = run("--club", str(club.pk), path)
    assert code == 0, err
    want = expected({"x": rows})
    got = figures()
    by_name = {p.name: p.pk for p in Player.objects.filter(club=club)}
    spelled = [*WRITTEN[:5], "René Koch", *WRITTEN[6:]]
    for written, member in zip(spelled, [*MEMBERS, "Hildegard Vogt", "Tobias Krämer"], strict=True):
        if written in want:
            assert got[by_name[member]][:2] == want[written], member


@pytest.mark.django_db
def test_a_utf8_comma_csv_with_bom_reads(club, tmp_path):
    rows: list[list[object]] = [
        ["Datum:", " TISCH ", *MEMBERS[:4], "Bemerkung"],
        ["2023-05-03", "", 2, -2, 2, -2, "ok"],
    ]
    data = b"\xef\xbb\xbf" + csv_bytes(rows, delimiter=",", encoding="utf-8")
    code, out, err = run("--club", str(club.pk), write(tmp_path, "x.csv", data))
    assert code == 0, err
    assert "1 Listen, 1 Spiele" in out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "data"), [("x.xlsx", b"not a zip"), ("x.ods", b"\0\1"), ("x.pdf", b"%PDF")]
)
def test_an_unreadable_file_exits_2_and_writes_nothing(club, tmp_path, name, data):
    before = counts()
    code, _out, err = run("--club", str(club.pk), write(tmp_path, name, data))
    assert code == 2
    assert "lässt sich nicht lesen" in err
    assert counts() == before


@pytest.mark.django_db
def test_evening_totals_import_as_paper_lists_counted_by_the_season(club, tmp_path):
    rows: list[list[object]] = [
        ["Datum", "Tisch", *MEMBERS],
        ["03.05.23", 1, 30, -10, -20, None, None, 0],
        [None, 2, None, None, None, 12, -12, None],
        ["03.05.23", 2, None, 5, None, 12, -12, -5],
    ]
    path = write(tmp_path, "abende.xlsx", workbook({"Abende": rows}))
    code, _out, err = run("--club", str(club.pk), path, "--totals")
    assert code == 1
    assert "Abende, Zeile 3: 2 Spieler haben Punkte; an einem Tisch sind es 4 oder 5." in err
    del rows[2]
    path = write(tmp_path, "abende.xlsx", workbook({"Abende": rows}))
    code, _out, err = run("--club", str(club.pk), path, "--totals")
    assert code == 0, err
    lists = Spielliste.objects.filter(evening_table__evening__club=club)
    assert [x.totals_only for x in lists] == [True, True]
    anna = Player.objects.get(name="Anna Schmidt", club=club)
    assert figures()[anna.pk] == (0, 0, 30)  # totals only: no games in the statistics
    season = club_season(club=club, year=2023)
    assert {r.name: r.points for r in season.table.rows}["Anna Schmidt"] == 30


@pytest.mark.django_db
def test_the_backup_round_trip_keeps_imported_evenings(club, tmp_path):
    path = write(tmp_path, "verein.xlsx", workbook(season_sheets()))
    assert run("--club", str(club.pk), path)[0] == 0
    doc = backup_export()
    tables = [t for e in doc["evenings"] for t in e["tables"]]
    assert {t.get("imported_from") for t in tables} == {"verein.xlsx"}
    stats = sorted(figures().values())
    Spielliste.objects.all().delete()
    ClubEvening.objects.all().delete()
    AuditEntry.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    backup_import(doc=doc)
    assert set(EveningTable.objects.values_list("imported_from", flat=True)) == {"verein.xlsx"}
    assert sorted(figures().values()) == stats


@pytest.mark.django_db
def test_the_club_page_uploads_previews_and_imports(club, client, django_user_model):
    manager = django_user_model.objects.create_user("m", password="pw-12345678")
    club.managers.add(manager)
    client.force_login(manager)
    url = reverse("club-history-import", args=[club.pk])
    sheets = season_sheets()
    sheets["Saison 2024"][0][2] = "Anna Schmitt"
    data = io.BytesIO(workbook(sheets))
    data.name = "verein.xlsx"
    page = client.post(url, {"file": data, "layout": "spiele"})
    assert page.status_code == 302
    preview = client.get(page["Location"])
    body = preview.content.decode()
    assert "Notizen" in body  # the skipped sheet named
    assert "Vielleicht schon da" in body
    assert "Anna Schmitt" in body
    token = page["Location"].split("datei=")[1]
    refused = client.post(url, {"datei": token})
    assert refused.status_code == 200
    assert "ist vielleicht" in refused.content.decode()
    assert not Spielliste.objects.exists()
    names = [c for c in preview.context["preview"].names]
    index = next(i for i, c in enumerate(names) if c.name == "Anna Schmitt")
    anna = Player.objects.get(name="Anna Schmidt", club=club)
    done = client.post(url, {"datei": token, f"name-{index}": str(anna.pk)})
    assert done.status_code == 302, done.content.decode()[:2000]
    assert Spielliste.objects.count() == 5
    broken = io.BytesIO(b"no workbook")
    broken.name = "kaputt.xlsx"
    page = client.post(url, {"file": broken, "layout": "spiele"})
    assert page.status_code == 200
    assert "lässt sich nicht lesen" in page.content.decode()


@pytest.mark.django_db
def test_a_stranger_cannot_use_another_managers_upload(club, client, django_user_model):
    manager = django_user_model.objects.create_user("m", password="pw-12345678")
    other = django_user_model.objects.create_user("o", password="pw-12345678")
    club.managers.add(manager, other)
    client.force_login(manager)
    url = reverse("club-history-import", args=[club.pk])
    data = io.BytesIO(workbook(season_sheets()))
    data.name = "verein.xlsx"
    token = client.post(url, {"file": data, "layout": "spiele"})["Location"].split("datei=")[1]
    client.force_login(other)
    page = client.post(url, {"datei": token})
    assert page.status_code == 200  # the upload form again: not his upload
    assert not Spielliste.objects.exists()


@pytest.mark.django_db
def test_a_header_may_name_the_ddv_number(club, tmp_path):
    known = Player.objects.create(name="Jörg Müller", ddv_number="12345")
    rows: list[list[object]] = [
        ["Datum", "J. Müller (DDV 12345)", "Anna Schmidt", "Klaus Weber", "Ute Neu (DDV 777)"],
        ["2023-05-03", 2, -2, 2, -2],
    ]
    path = write(tmp_path, "ddv.csv", csv_bytes(rows, delimiter=",", encoding="utf-8"))
    code, out, err = run("--club", str(club.pk), path)
    assert code == 1  # the number's record has another name: asked, not assumed
    assert f"Jörg Müller ({known.pk}" in out
    code, _out, err = run("--club", str(club.pk), path, "--map", f"J. Müller={known.pk}")
    assert code == 0, err
    assert known.seats.count() == 1
    assert Player.objects.get(ddv_number="777").name == "Ute Neu"


@pytest.mark.django_db
def test_the_preview_switches_the_layout(club, client, django_user_model):
    manager = django_user_model.objects.create_user("m", password="pw-12345678")
    club.managers.add(manager)
    client.force_login(manager)
    url = reverse("club-history-import", args=[club.pk])
    rows: list[list[object]] = [["Datum", *MEMBERS[:5]], ["03.05.2023", 30, -10, -20, 5, -5]]
    data = io.BytesIO(workbook({"Abende": rows}))
    data.name = "abende.xlsx"
    token = client.post(url, {"file": data, "layout": "spiele"})["Location"].split("datei=")[1]
    games = client.get(url, {"datei": token}).content.decode()
    assert "5 Spieler haben Punkte; in einem Spiel sind es genau 4." in games
    done = client.post(url, {"datei": token, "aufbau": "abende"})
    assert done.status_code == 302
    assert Spielliste.objects.get().totals_only


@pytest.mark.django_db
def test_a_name_too_long_for_a_record_refuses_cleanly(club, tmp_path):
    rows: list[list[object]] = [["Datum", "X" * 120, *MEMBERS[:3]], ["2023-05-03", 2, -2, 2, -2]]
    before = counts()
    path = write(tmp_path, "lang.csv", csv_bytes(rows, delimiter=";", encoding="utf-8"))
    code, _out, err = run("--club", str(club.pk), path)
    assert code == 1
    assert "nichts übernommen" in err
    assert counts() == before
