"""scoring.history: the sheets' layouts, dates and cells (history-import.md), no database."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.history import (
    Layout,
    Sheet,
    game_shape,
    header_key,
    parse_date,
    parse_points,
    read_history,
)
from scoring.messages import translator
from scoring.round import RoundError, replay_round
from scoring.rules import Pflichtsolo, RepeatDeal, RuleProfile

H = ("Datum", "Tisch", "A", "B", "C", "D", "E")


def sheet(*rows: tuple[object, ...], name: str = "Saison 2023", header=H) -> Sheet:
    return Sheet(name, (tuple(header), *rows))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cell", "day"),
    [
        ("01.03.2023", dt.date(2023, 3, 1)),
        ("1.3.23", dt.date(2023, 3, 1)),
        ("2023-03-01", dt.date(2023, 3, 1)),
        (dt.datetime(2023, 3, 1, 0, 0), dt.date(2023, 3, 1)),
        (dt.date(2023, 3, 1), dt.date(2023, 3, 1)),
    ],
)
def test_dates_in_every_written_form(cell, day):
    assert parse_date(cell) == day


@pytest.mark.parametrize("cell", ["31.02.2023", "März", "1.3", 45000, "01.01.1800"])
def test_no_date(cell):
    with pytest.raises(ValueError):  # noqa: PT011 — the reader turns it into a coded error
        parse_date(cell)


def test_points_cells():
    assert parse_points("+4") == 4
    assert parse_points(" −3 ") == -3
    assert parse_points(0) == 0
    assert parse_points(2.0) == 2
    assert parse_points("  ") is None
    for bad in ("x", 2.5, "1,5", True):
        with pytest.raises(ValueError):  # noqa: PT011
            parse_points(bad)


def test_header_words_ignore_case_spaces_and_colon():
    assert header_key("  DATUM: ") == "datum"
    assert header_key("Tisch:") == "tisch"


@given(st.integers(1, 300), st.permutations(range(4)), st.booleans())
def test_every_game_shape_is_a_quick_row_with_the_same_points(value, order, solo):
    points = [3 * value, -value, -value, -value] if solo else [value, value, -value, -value]
    if solo and value % 2:
        points = [-p for p in points]
    points = [points[i] for i in order]
    assert game_shape(points)
    found = read_history([sheet(("01.03.2023", 1, *points, None))]).lists[0]
    quick = found.quick_games()[0]
    assert quick.points() == dict(zip("ABCD", points, strict=True))


@pytest.mark.parametrize("points", [[3, 1, -2, -2], [5, -5, 1, -1], [4, -4, 0, 0]])
def test_other_shapes_are_no_game(points):
    assert not game_shape(points)


def test_games_group_by_date_and_table_with_the_date_written_once():
    history = read_history(
        [
            sheet(
                ("01.03.2023", 1, 2, 2, -2, -2, None),
                (None, 2, None, None, None, None, None),  # nothing scored: skipped
                (None, 1, "+6", -2, -2, -2, None),
                ("Summe", None, 8, 0, -4, -4, None),
                (None, None, None, None, None, None, None),
                ("08.03.2023", None, None, 1, -1, 1, -1),
                (None, None, 1, None, -1, 1, -1),
            ),
            Sheet("Notizen", (("frei",),)),
        ]
    )
    assert not history.errors
    assert history.skipped == ("Notizen",)
    first, second = history.lists
    assert (first.date, first.table, first.seats, len(first.games)) == (
        dt.date(2023, 3, 1),
        1,
        ("A", "B", "C", "D"),
        2,
    )
    assert second.seats == ("A", "B", "C", "D", "E")  # column order, five at the table
    assert history.games == 4


def test_every_problem_names_sheet_row_and_column_in_german_and_english():
    history = read_history(
        [
            sheet(
                ("01.03.2023", 1, "x", 2, -2, -2, None),
                (None, 1, 12, 2, -2, -2, None),
                (None, 1, 2, 2, -2, None, None),
                ("gestern", 1, 2, 2, -2, -2, None),
                (None, 1, 3, 1, -2, -2, None),
            )
        ]
    )
    texts = [e.message for e in history.errors]
    assert texts == [
        "Saison 2023, Zeile 2, Spalte „A“: „x“ ist keine Zahl.",
        "Saison 2023, Zeile 3: die Punkte ergeben +10 statt 0.",
        "Saison 2023, Zeile 4: 3 Spieler haben Punkte; in einem Spiel sind es genau 4.",
        "Saison 2023, Zeile 5, Spalte „Datum“: „gestern“ ist kein Datum "
        "(TT.MM.JJJJ, TT.MM.JJ oder JJJJ-MM-TT).",
        "Saison 2023, Zeile 6: Die Punkte (A +3, B +1, C -2, D -2) sind kein Spiel: "
        "zweimal +x und zweimal −x, oder ein Solo mit ±3x gegen dreimal ∓x.",
    ]
    english = history.errors[0].render(translator("en"))
    assert english == "Saison 2023, row 2, column “A”: “x” is not a number."


def test_totals_a_row_a_table():
    history = read_history(
        [sheet(("03.05.23", 1, 30, -10, -20, 0, None), (None, 1, 1, -1, 1, -1, None))],
        Layout.TOTALS,
    )
    assert [e.code for e in history.errors] == ["history_table_twice"]
    assert history.lists[0].totals == (30, -10, -20, 0)


def test_a_sheet_without_points_refuses():
    history = read_history([Sheet("Leer", (("Name", "Punkte"),))])
    assert [e.code for e in history.errors] == ["history_nothing"]


def test_a_quick_row_at_five_in_an_open_list_says_who_sat_out():
    """scoring.round's stated-seating Decision: the sheet's rows replay as written."""
    rules = RuleProfile(
        pflichtsolo=Pflichtsolo.NONE, repeat_deal_after=RepeatDeal.NEVER, games_open=True
    )
    found = read_history(
        [
            sheet(
                ("01.03.2023", 1, 2, 2, -2, None, -2),
                (None, 1, 2, 2, -2, None, -2),  # E plays again, D sits out twice
                (None, 1, None, 1, -1, 1, -1),
            )
        ]
    ).lists[0]
    state = replay_round(found.seats, found.quick_games(), rules=rules)
    assert [row.sitting_out for row in state.rows] == ["D", "D", "A"]
    assert state.rows[0].points == {"A": 2, "B": 2, "C": -2, "D": 0, "E": -2}
    with pytest.raises(RoundError) as refused:  # the TSR keeps its deal order
        replay_round(found.seats, found.quick_games(), rules=RuleProfile())
    assert refused.value.code == "sitting_out_player_in_game"
