"""Draw properties: everyone seated once, minimal repeats, deterministic."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draw import (
    DrawError,
    club_pairs,
    draw_round,
    meetings_of,
    repeat_pairs,
    table_sizes,
)

NAMES = [f"P{i:03d}" for i in range(200)]


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (4, [4]),
        (5, [5]),
        (8, [4, 4]),
        (9, [4, 5]),
        (10, [5, 5]),
        (13, [4, 4, 5]),
        (15, [5, 5, 5]),
        (168, [4] * 42),
    ],
)
def test_table_sizes(count, sizes):
    assert table_sizes(count) == sizes


@pytest.mark.parametrize("count", [0, 3, 6, 7, 11])
def test_impossible_counts_are_refused_clearly(count):
    with pytest.raises(DrawError) as exc:
        table_sizes(count)
    assert exc.value.code == "draw_impossible"
    assert str(count) in exc.value.message


@given(st.integers(4, 120).filter(lambda n: n not in (6, 7, 11)), st.integers(0, 10**6))
def test_every_participant_seated_exactly_once(count, seed):
    players = NAMES[:count]
    draw = draw_round(players, seed=seed)
    seated = [p for t in draw.tables for p in t]
    assert Counter(seated) == Counter(players)
    assert all(len(t) in (4, 5) for t in draw.tables)
    assert bool(draw.warning_codes) == (count % 4 != 0)


def test_same_seed_same_draw_other_seed_other_draw():
    first = draw_round(NAMES[:32], seed=42)
    assert draw_round(NAMES[:32], seed=42) == first
    assert draw_round(NAMES[:32], seed=43) != first


def test_second_round_of_16_has_no_repeat_meetings():
    # 16 players, 4 tables: a repeat-free second (and third) round exists
    players = NAMES[:16]
    history = list(draw_round(players, seed=1).tables)
    for r in range(2, 4):
        draw = draw_round(players, seed=r, met=meetings_of(history))
        assert draw.repeat_meetings == 0
        history += draw.tables


def test_eight_players_second_round_minimum_is_four_repeats_and_is_found():
    # 8 players at 2 tables: a new table holds k of the old table 1 and 4-k of table 2,
    # repeating C(k,2) + C(4-k,2) pairs, least (1 + 1) at k = 2; both tables: 4.
    players = NAMES[:8]
    first = draw_round(players, seed=5)
    second = draw_round(players, seed=6, met=meetings_of(first.tables))
    assert second.repeat_meetings == 4


def test_seeding_puts_the_top_players_together():
    standing = NAMES[:12]
    draw = draw_round(list(reversed(standing)), seed=3, seeding=standing)
    assert set(draw.tables[0]) == set(standing[:4])
    assert set(draw.tables[2]) == set(standing[8:])


def test_duplicate_participant_refused():
    with pytest.raises(DrawError):
        draw_round(["A", "B", "C", "A"], seed=1)


def test_official_events_refuse_five_player_tables():
    with pytest.raises(DrawError) as exc:
        draw_round(NAMES[:13], seed=1, official=True)
    assert exc.value.code == "official_needs_fours"
    assert len(draw_round(NAMES[:12], seed=1, official=True).tables) == 3


# --- players of the same club kept apart (competitions.md "Table draw") -----------------

CLUBS_32 = {p: f"club{i % 8}" for i, p in enumerate(NAMES[:32])}  # 8 clubs of 4


def _history(players, rounds, seed):
    tables: list[tuple[str, ...]] = []
    for r in range(rounds):
        tables += draw_round(players, seed=seed + r, met=meetings_of(tables)).tables
    return meetings_of(tables)


@given(st.integers(0, 10**6))
def test_round_one_keeps_a_feasible_field_of_clubs_apart(seed):
    draw = draw_round(NAMES[:32], seed=seed, clubs=CLUBS_32)
    assert draw.same_club_pairs == 0
    assert club_pairs(draw.tables, CLUBS_32) == ()
    assert Counter(p for t in draw.tables for p in t) == Counter(NAMES[:32])
    # without the option the same seed's draw usually has clubmates together
    plain = draw_round(NAMES[:32], seed=seed)
    assert plain.same_club_pairs == 0  # not counted without clubs


def test_without_the_option_clubmates_do_meet():
    together = [len(club_pairs(draw_round(NAMES[:32], seed=s).tables, CLUBS_32)) for s in range(20)]
    assert sum(together) > 0


@settings(max_examples=60, deadline=None)
@given(
    st.integers(12, 48).filter(lambda n: n not in (6, 7, 11)),
    st.integers(0, 10**6),
    st.integers(0, 3),
    st.lists(st.integers(-1, 9), min_size=48, max_size=48),
)
def test_clubs_never_worse_than_without_and_everyone_seated_once(count, seed, rounds, club_of):
    players = NAMES[:count]
    # club -1: no club (never counts)
    clubs = {p: f"c{c}" for p, c in zip(players, club_of, strict=False) if c >= 0}
    met = _history(players, rounds, seed)
    with_clubs = draw_round(players, seed=seed, met=met, clubs=clubs)
    without = draw_round(players, seed=seed, met=met)
    seated = [p for t in with_clubs.tables for p in t]
    assert Counter(seated) == Counter(players)
    assert with_clubs.same_club_pairs == len(club_pairs(with_clubs.tables, clubs))
    assert with_clubs.repeat_meetings == sum(n for *_, n in repeat_pairs(with_clubs.tables, met))
    # lexicographic: repeat meetings first, then same-club pairs (the module Decision)
    assert (with_clubs.repeat_meetings, with_clubs.same_club_pairs) <= (
        without.repeat_meetings,
        len(club_pairs(without.tables, clubs)),
    )
    assert draw_round(players, seed=seed, met=met, clubs=clubs) == with_clubs


def test_clubs_that_never_meet_change_nothing():
    plain = draw_round(NAMES[:32], seed=7)
    clubs = {p: f"c{i}" for i, t in enumerate(plain.tables) for p in t}  # one club a table
    clubs = {p: f"c{n}" for n, t in enumerate(zip(*plain.tables, strict=False)) for p in t}
    assert draw_round(NAMES[:32], seed=7, clubs=clubs).tables == plain.tables


def test_players_without_a_club_never_count():
    clubs = dict.fromkeys(NAMES[:16], "")  # nobody has a club
    assert draw_round(NAMES[:16], seed=3, clubs=clubs) == draw_round(NAMES[:16], seed=3)
    draw = draw_round(NAMES[:8], seed=3, clubs={"P000": "x"})
    assert draw.same_club_pairs == 0


def test_seeded_draws_ignore_clubs():
    standing = NAMES[:12]
    clubs = dict.fromkeys(standing, "one club")
    seeded = draw_round(standing, seed=3, seeding=standing, clubs=clubs)
    assert seeded == draw_round(standing, seed=3, seeding=standing)
    assert seeded.same_club_pairs == 0


def test_unavoidable_clubmates_reach_the_least_possible():
    # one club of 12 at 8 tables: at least 4 tables hold two of them
    players = NAMES[:32]
    clubs = dict.fromkeys(players[:12], "big")
    draw = draw_round(players, seed=11, clubs=clubs)
    assert draw.same_club_pairs == 4
    assert all(sum(p in clubs for p in t) <= 2 for t in draw.tables)


def test_dem_size_round_eight_keeps_clubs_apart_without_repeats():
    players = NAMES[:168]
    clubs = {p: f"club{i % 40}" for i, p in enumerate(players)}
    tables: list[tuple[str, ...]] = []
    for r in range(1, 9):
        draw = draw_round(players, seed=r, met=meetings_of(tables), clubs=clubs)
        assert (draw.repeat_meetings, draw.same_club_pairs) == (0, 0)
        tables += draw.tables


def test_repeat_pairs_name_who_meets_whom_again():
    met = meetings_of([("A", "B", "C", "D"), ("A", "B", "E", "F")])
    tables = [("B", "A", "E", "X"), ("C", "F", "Y", "Z")]
    assert repeat_pairs(tables, met) == (("A", "B", 2), ("A", "E", 1), ("B", "E", 1))
    assert repeat_pairs(tables, {}) == ()
    assert club_pairs(tables, {"A": "k", "E": "k", "C": "k", "Y": "m", "Z": "m"}) == (
        ("A", "E", "k"),
        ("Y", "Z", "m"),
    )
