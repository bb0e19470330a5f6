"""Spieltag results, the league table and the Spieltag seating (competitions.md "League")."""

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.liga import (
    LigaError,
    league_table,
    spieltag_result,
    spieltag_seating,
    table_with_all,
)


def by_team(days):
    return {d.team: (d.place, d.siegpunkte) for d in days}


def test_plain_order_gives_4_3_2_1():
    days = spieltag_result({"A": 30, "B": -10, "C": 5, "D": -25})
    assert [d.team for d in days] == ["A", "C", "B", "D"]
    assert [d.siegpunkte for d in days] == [4, 3, 2, 1]
    assert [d.place for d in days] == [1, 2, 3, 4]


def test_two_way_tie_for_first_shares_3_5():
    days = by_team(spieltag_result({"A": 10, "B": 10, "C": -5, "D": -15}))
    assert days == {
        "A": (1, Fraction(7, 2)),
        "B": (1, Fraction(7, 2)),
        "C": (3, Fraction(2)),
        "D": (4, Fraction(1)),
    }


def test_two_way_tie_in_the_middle_and_at_the_bottom():
    days = by_team(spieltag_result({"A": 10, "B": 0, "C": 0, "D": -10}))
    assert days["B"] == days["C"] == (2, Fraction(5, 2))
    days = by_team(spieltag_result({"A": 10, "B": 6, "C": -8, "D": -8}))
    assert days["C"] == days["D"] == (3, Fraction(3, 2))


def test_three_way_tie_shares_the_three_places():
    days = by_team(spieltag_result({"A": 9, "B": -3, "C": -3, "D": -3}))
    assert days["A"] == (1, 4)
    assert days["B"] == days["C"] == days["D"] == (2, Fraction(2))
    days = by_team(spieltag_result({"A": 3, "B": 3, "C": 3, "D": -9}))
    assert days["A"] == (1, Fraction(3))
    assert days["D"] == (4, Fraction(1))


def test_all_four_tied():
    days = spieltag_result({"A": 0, "B": 0, "C": 0, "D": 0})
    assert {d.siegpunkte for d in days} == {Fraction(5, 2)}
    assert {d.place for d in days} == {1}


def test_no_show_scores_last_place_with_zero_spielpunkte():
    days = by_team(spieltag_result({"A": -40, "B": 10, "C": 5, "D": 25}, absent={"D"}))
    assert days["D"] == (4, Fraction(1))
    assert days["B"] == (1, Fraction(4))
    assert days["A"] == (3, Fraction(2))
    d = next(x for x in spieltag_result({"A": 1, "B": 0, "C": 0, "D": 9}, {"D"}) if x.team == "D")
    assert d.absent
    assert d.spielpunkte == 0
    two = by_team(spieltag_result({"A": 1, "B": 0, "C": 7, "D": 9}, {"C", "D"}))
    assert two["C"] == two["D"] == (3, Fraction(3, 2))


def test_bad_spieltag_is_refused():
    with pytest.raises(LigaError) as exc:
        spieltag_result({"A": 1})
    assert exc.value.code == "liga_group_too_small"
    with pytest.raises(LigaError) as exc:
        spieltag_result({"A": 1, "B": 1.5})  # type: ignore[dict-item]
    assert (exc.value.code, exc.value.field) == ("liga_spielpunkte", "B")
    with pytest.raises(LigaError) as exc:
        spieltag_result({"A": 1, "B": 2}, absent={"C"})
    assert exc.value.code == "liga_absent_unknown"


def test_league_table_orders_by_siegpunkte_then_spielpunkte_and_shares_ranks():
    days = [
        spieltag_result({"Köln": 10, "bonn": 10, "Aachen": -5, "Essen": -15}),
        spieltag_result({"Köln": -20, "bonn": 20, "Aachen": 0, "Essen": 0}),
        spieltag_result({"Düren": 5, "Bonn II": 5, "Xanten": -5, "Zülpich": -5}),
    ]
    rows = league_table(days)
    assert [(r.rank, r.team, r.siegpunkte, r.spielpunkte, r.spieltage) for r in rows] == [
        (1, "bonn", Fraction(15, 2), 30, 2),
        (2, "Aachen", Fraction(9, 2), -5, 2),
        (3, "Köln", Fraction(9, 2), -10, 2),
        (4, "Bonn II", Fraction(7, 2), 5, 1),
        (4, "Düren", Fraction(7, 2), 5, 1),
        (6, "Essen", Fraction(7, 2), -15, 2),
        (7, "Xanten", Fraction(3, 2), -5, 1),
        (7, "Zülpich", Fraction(3, 2), -5, 1),
    ]


def test_same_rank_rows_by_name_case_insensitive():
    rows = league_table([spieltag_result({"b": 0, "A": 0, "c": 0, "D": 0})])
    assert [r.team for r in rows] == ["A", "b", "c", "D"]
    assert {r.rank for r in rows} == {1}


def test_table_with_all_adds_teams_without_a_spieltag():
    rows = table_with_all(league_table([spieltag_result({"A": 4, "B": -4})]), ["A", "B", "C"])
    assert [(r.rank, r.team, r.spieltage) for r in rows] == [(1, "A", 1), (2, "B", 1), (3, "C", 0)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=-200, max_value=200), min_size=2, max_size=6))
def test_siegpunkte_always_sum_to_the_places(points):
    teams = {f"T{i}": p for i, p in enumerate(points)}
    days = spieltag_result(teams)
    k = len(points)
    assert sum(d.siegpunkte for d in days) == k * (k + 1) // 2
    for a in days:
        for b in days:
            if a.spielpunkte > b.spielpunkte:
                assert a.siegpunkte > b.siegpunkte
                assert a.place < b.place
            if a.spielpunkte == b.spielpunkte:
                assert (a.siegpunkte, a.place) == (b.siegpunkte, b.place)


def lineups(teams, size):
    return [[f"{chr(65 + t)}{i + 1}" for i in range(size)] for t in range(teams)]


def test_seating_four_teams_of_four_everyone_meets_everyone_once_in_four_rounds():
    seating = spieltag_seating(lineups(4, 4), rounds=4)
    assert len(seating) == 4
    met: dict[tuple[str, str], int] = {}
    for rnd in seating:
        assert len(rnd) == 4
        seated = [p for table in rnd for p in table]
        assert sorted(seated) == sorted(p for team in lineups(4, 4) for p in team)
        for table in rnd:
            assert sorted(p[0] for p in table) == ["A", "B", "C", "D"]  # one per team
            for a, b in combinations(sorted(table), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    assert set(met.values()) == {1}
    assert len(met) == 6 * 16  # every pair of players of different teams
    # the seat order rotates: team A is not always in position 1
    assert {table[0][0] for rnd in seating for table in rnd} == {"A", "B", "C", "D"}


def test_seating_first_rounds_differ_for_other_sizes():
    seating = spieltag_seating(lineups(4, 6), rounds=3)
    assert all(len(rnd) == 6 for rnd in seating)
    assert seating[0] != seating[1]
    seating = spieltag_seating(lineups(3, 2), rounds=2)
    assert [len(t) for t in seating[0]] == [3, 3]


def test_seating_refuses_uneven_or_duplicate_lineups():
    with pytest.raises(LigaError) as exc:
        spieltag_seating([["a", "b"], ["c"]], rounds=2)
    assert exc.value.code == "liga_lineup_size"
    with pytest.raises(LigaError) as exc:
        spieltag_seating([["a", "b"], ["c", "a"]], rounds=2)
    assert exc.value.code == "liga_lineup_duplicate"


def test_siegpunkte_text():
    from fractions import Fraction

    from scoring.liga import siegpunkte_text

    assert siegpunkte_text(Fraction(4)) == "4"
    assert siegpunkte_text(Fraction(7, 2)) == "3,5"
    assert siegpunkte_text(Fraction(7, 2), decimal_mark=".") == "3.5"
    assert siegpunkte_text(Fraction(25, 2)) == "12,5"
    assert siegpunkte_text(Fraction(1, 2)) == "0,5"
    assert siegpunkte_text(Fraction(10, 3)) == "3,3"  # never from ties; rounded
    assert siegpunkte_text(Fraction(-7, 2)) == "-3,5"
