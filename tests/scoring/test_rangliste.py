"""The Rangliste, "unter 36" and the Bundesländerwertung (scoring.rangliste)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import RanglisteError
from scoring.rangliste import (
    PlayerTotals,
    RatedResult,
    TournamentTotal,
    bundeslaender_from_totals,
    check_rlt,
    compute_rangliste,
    in_window,
    rangliste_from_totals,
    round_half_away,
    window_start,
)

D = dt.date


def result(player, tournament, day, rounds, land="NRW"):
    return RatedResult(player, tournament, day, land, tuple(rounds))


def test_window_is_24_months_inclusive_of_both_ends():
    as_of = D(2026, 6, 30)
    assert window_start(as_of) == D(2024, 6, 30)
    assert in_window(D(2024, 6, 30), as_of)  # exactly 24 months earlier: counts
    assert not in_window(D(2024, 6, 29), as_of)  # the day before: does not
    assert in_window(as_of, as_of)
    assert not in_window(D(2026, 7, 1), as_of)  # after the reference date


def test_window_on_29_february_starts_on_1_march():
    assert window_start(D(2028, 2, 29)) == D(2026, 3, 1)
    assert not in_window(D(2026, 2, 28), D(2028, 2, 29))
    assert window_start(D(2026, 2, 28)) == D(2024, 2, 28)
    assert window_start(D(2026, 3, 1)) == D(2024, 3, 1)


def test_window_boundary_in_the_lists():
    as_of = D(2026, 6, 30)
    results = [
        result("Anna", "Alt", D(2024, 6, 29), [100] * 3),  # one day too old
        result("Anna", "Grenze", D(2024, 6, 30), [1] * 3),  # exactly 24 months: counts
        result("Bernd", "Zukunft", D(2026, 7, 1), [5] * 3),  # after the Stichtag
    ]
    out = compute_rangliste(results, as_of=as_of)
    assert [(r.player, r.rounds, r.points) for r in out.unter_36] == [("Anna", 3, 3)]
    assert [(b.player, b.points, [c.tournament for c in b.counted]) for b in out.bundeslaender] == [
        ("Anna", 3, ["Grenze"])
    ]


def test_36_rounds_minimum():
    day = D(2026, 1, 10)
    results = [result("Anna", f"T{i}", day - dt.timedelta(days=i), [10, 10, 10]) for i in range(12)]
    results += [
        result("Bernd", f"T{i}", day - dt.timedelta(days=i), [50, 50, 50]) for i in range(11)
    ]
    results.append(result("Bernd", "Zwei", day - dt.timedelta(days=40), [50, 50]))
    out = compute_rangliste(results, as_of=day)
    assert [(r.player, r.rounds) for r in out.rangliste] == [("Anna", 36)]
    assert [(r.player, r.rounds) for r in out.unter_36] == [("Bernd", 35)]
    assert out.rangliste[0].average == 10


def test_shared_ranks_and_names_case_insensitive():
    rows, below = rangliste_from_totals(
        [
            PlayerTotals("carla", 36, 360),
            PlayerTotals("Bernd", 36, 360),
            PlayerTotals("anna", 40, 400),
            PlayerTotals("Dora", 36, 720),
            PlayerTotals("Emil", 37, 0),
            PlayerTotals("Zoe", 5, 5),
            PlayerTotals("adam", 5, 1),
            PlayerTotals("Ben", 9, 1),
        ]
    )
    assert [(r.rank, r.player) for r in rows] == [
        (1, "Dora"),
        (2, "anna"),
        (2, "Bernd"),
        (2, "carla"),
        (5, "Emil"),
    ]
    assert [r.player for r in below] == ["Ben", "adam", "Zoe"]


def test_average_exact_but_shown_half_away_from_zero():
    rows, _ = rangliste_from_totals([PlayerTotals("A", 40, 201), PlayerTotals("B", 40, 202)])
    # 201/40 = 5.025 and 202/40 = 5.05: exact values differ, so do the ranks
    assert [r.rank for r in rows] == [1, 2]
    assert round_half_away(Fraction(201, 40)) == round_half_away(Fraction(2010, 400))
    assert str(round_half_away(Fraction(201, 40))) == "5.03"
    assert str(round_half_away(Fraction(-201, 40))) == "-5.03"
    assert str(round_half_away(Fraction(1, 3))) == "0.33"
    assert str(round_half_away(Fraction(-1, 200))) == "-0.01"
    assert str(round_half_away(Fraction(0))) == "0.00"


def test_averages_equal_when_rounded_but_not_exact_do_not_share():
    rows, _ = rangliste_from_totals([PlayerTotals("A", 36, 361), PlayerTotals("B", 37, 371)])
    # 361/36 = 10.0278, 371/37 = 10.027: shown both as 10.03, ranked apart
    assert [(r.rank, r.player) for r in rows] == [(1, "A"), (2, "B")]
    assert round_half_away(rows[0].average) == round_half_away(rows[1].average)


def tt(player, tournament, day, points, land):
    return TournamentTotal(player, tournament, day, land, points)


def test_bundeslaender_best_positive_per_land_ties_to_the_earlier():
    rows = bundeslaender_from_totals(
        [
            tt("Anna", "Köln", D(2026, 3, 1), 40, "NRW"),
            tt("Anna", "Essen", D(2026, 1, 1), 40, "NRW"),  # equal: the earlier counts
            tt("Anna", "Bonn", D(2026, 2, 1), 10, "NRW"),
            tt("Anna", "Kiel", D(2025, 5, 1), -5, "SH"),  # not positive: nothing in SH
            tt("Anna", "Mainz", D(2025, 4, 1), 7, "RP"),
            tt("Bernd", "Kiel", D(2025, 5, 1), 47, "SH"),
            tt("Carla", "Köln", D(2026, 3, 1), 0, "NRW"),  # zero: no row at all
            tt("Dora", "Kiel", D(2025, 5, 1), 3, "SH"),
        ]
    )
    assert [(r.rank, r.player, r.points) for r in rows] == [
        (1, "Anna", 47),
        (1, "Bernd", 47),
        (3, "Dora", 3),
    ]
    assert [c.tournament for c in rows[0].counted] == ["Mainz", "Essen"]  # by date


def test_duplicate_result_refused():
    day = D(2026, 1, 1)
    with pytest.raises(RanglisteError) as err:
        compute_rangliste([result("A", "T", day, [1]), result("A", "T", day, [2])], as_of=day)
    assert err.value.code == "rangliste_duplicate_result"
    assert err.value.field == "results[1]"


def test_rlt_check():
    check_rlt(players=32, rounds=3)
    with pytest.raises(RanglisteError) as err:
        check_rlt(players=31, rounds=3)
    assert (err.value.code, err.value.params["count"]) == ("rlt_too_few_players", 31)
    with pytest.raises(RanglisteError) as err:
        check_rlt(players=40, rounds=2)
    assert err.value.code == "rlt_too_few_rounds"
    assert "32" in RanglisteError("rlt_too_few_players", {"count": 3, "needed": 32}).message


players = st.sampled_from(["Anna", "anna", "Bernd", "Carla", "Dora", "Emil"])
points = st.lists(st.integers(-60, 60), min_size=1, max_size=4)


@st.composite
def result_sets(draw: st.DrawFn) -> list[RatedResult]:
    out = []
    for t in range(draw(st.integers(0, 12))):
        day = D(2024, 1, 1) + dt.timedelta(days=draw(st.integers(0, 1000)))
        land = draw(st.sampled_from(["NRW", "BY", "SH"]))
        for p in draw(st.sets(players, max_size=6)):
            out.append(RatedResult(p, f"T{t}", day, land, tuple(draw(points))))
    return out


@given(result_sets(), st.integers(0, 1100))
def test_properties(results, offset):
    as_of = D(2024, 1, 1) + dt.timedelta(days=offset)
    out = compute_rangliste(results, as_of=as_of)
    inside = [r for r in results if in_window(r.date, as_of)]
    rounds: dict[str, int] = {}
    for r in inside:
        rounds[r.player] = rounds.get(r.player, 0) + len(r.rounds)
    # every player of the window is in exactly one of the two lists
    listed = [r.player for r in out.rangliste] + [r.player for r in out.unter_36]
    assert sorted(listed) == sorted(rounds)
    assert all(r.rounds >= 36 for r in out.rangliste)
    # ranks: ordered, 1-based, shared exactly on equal averages
    for i, row in enumerate(out.rangliste):
        if i == 0:
            assert row.rank == 1
        elif row.average == out.rangliste[i - 1].average:
            assert row.rank == out.rangliste[i - 1].rank
        else:
            assert row.average < out.rangliste[i - 1].average
            assert row.rank == i + 1
    # Bundesländerwertung: positive sums, at most one counted per Bundesland
    for land_row in out.bundeslaender:
        assert land_row.points > 0
        lands = [c.bundesland for c in land_row.counted]
        assert len(lands) == len(set(lands))
        assert land_row.points == sum(c.points for c in land_row.counted)
        assert [c.date for c in land_row.counted] == sorted(c.date for c in land_row.counted)


def test_a_round_counts_only_rated_closed_and_inside_the_window():
    from scoring.rangliste import counts_in_rangliste

    as_of = D(2026, 6, 30)
    start = window_start(as_of)
    assert counts_in_rangliste(rated=True, closed=True, day=start, as_of=as_of)
    assert counts_in_rangliste(rated=True, closed=True, day=as_of, as_of=as_of)
    assert not counts_in_rangliste(rated=False, closed=True, day=as_of, as_of=as_of)
    assert not counts_in_rangliste(rated=True, closed=False, day=as_of, as_of=as_of)
    assert not counts_in_rangliste(
        rated=True, closed=True, day=start - dt.timedelta(days=1), as_of=as_of
    )
    assert not counts_in_rangliste(
        rated=True, closed=True, day=as_of + dt.timedelta(days=1), as_of=as_of
    )
