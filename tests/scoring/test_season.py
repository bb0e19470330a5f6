"""Club season tables (scoring.season)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import SeasonError
from scoring.season import MemberList, SeasonMode, season_settings, season_table


def ml(name, liste, evening, points, games=24):
    return MemberList(
        player=name, name=name, liste=liste, evening=evening, points=points, games=games
    )


RESULTS = [
    ml("Anna", "1", "E1", 30),
    ml("Anna", "2", "E2", -10),
    ml("Anna", "3", "E3", 40),
    ml("bernd", "1", "E1", 20),
    ml("bernd", "4", "E2", 40),
    ml("Carla", "5", "E3", 60),
    ml("Dora", "2", "E2", 20, games=10),
    ml("Dora", "6", "E3", 40, games=30),
]


def rows(table):
    return [(r.rank, r.name, r.value) for r in table.rows]


def test_total_points_with_shared_ranks():
    table = season_table(RESULTS, season_settings("total"))
    assert table.evenings == 3
    assert rows(table) == [
        (1, "Anna", 60),
        (1, "bernd", 60),
        (1, "Carla", 60),
        (1, "Dora", 60),
    ]
    anna = table.rows[0]
    assert (anna.lists, anna.games, anna.points, anna.evenings) == (3, 72, 60, 3)


def test_schnitt_per_list_with_minimum():
    table = season_table(RESULTS, season_settings("schnitt_liste", minimum=2))
    assert rows(table) == [
        (1, "bernd", 30),
        (1, "Dora", 30),
        (3, "Anna", 20),
        (None, "Carla", 60),  # one list only: listed after, without a rank
    ]


def test_schnitt_per_game_with_minimum():
    table = season_table(RESULTS, season_settings("schnitt_spiel", minimum=40))
    assert rows(table) == [
        (1, "Dora", Fraction(60, 40)),
        (2, "bernd", Fraction(60, 48)),
        (3, "Anna", Fraction(60, 72)),
        (None, "Carla", Fraction(60, 24)),
    ]


def test_best_n_lists():
    table = season_table(RESULTS, season_settings("best_n", best_n=2))
    assert rows(table) == [(1, "Anna", 70), (2, "bernd", 60), (2, "Carla", 60), (2, "Dora", 60)]


def test_attendance_counts_evenings_and_may_be_given():
    table = season_table(RESULTS, season_settings("total"), evenings=5)
    assert table.evenings == 5
    assert {r.name: r.evenings for r in table.rows} == {
        "Anna": 3,
        "bernd": 2,
        "Carla": 1,
        "Dora": 2,
    }


@pytest.mark.parametrize(
    ("mode", "kw", "code", "field"),
    [
        ("punkte", {}, "season_invalid_mode", "mode"),
        ("total", {"minimum": 0}, "season_invalid_number", "minimum"),
        ("best_n", {"best_n": True}, "season_invalid_number", "best_n"),
    ],
)
def test_bad_settings(mode, kw, code, field):
    with pytest.raises(SeasonError) as err:
        season_settings(mode, **kw)
    assert (err.value.code, err.value.field) == (code, field)
    assert err.value.message


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["A", "b", "C", "d"]),
            st.integers(-80, 80),
            st.integers(1, 40),
            st.sampled_from(["E1", "E2", "E3"]),
        ),
        max_size=30,
    ),
    st.sampled_from(list(SeasonMode)),
    st.integers(1, 4),
)
def test_season_properties(entries, mode, number):
    results = [ml(n, str(i), e, p, g) for i, (n, p, g, e) in enumerate(entries)]
    table = season_table(results, season_settings(mode, minimum=number, best_n=number))
    assert sorted(r.name for r in table.rows) == sorted({n for n, *_ in entries})
    ranked = [r for r in table.rows if r.rank is not None]
    assert table.rows[: len(ranked)] == tuple(ranked)
    for i, r in enumerate(ranked):
        assert r.rank == (ranked[i - 1].rank if i and r.value == ranked[i - 1].value else i + 1)
