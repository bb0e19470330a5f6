"""A round's playing time (scoring.clock)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.clock import OWN_ROUND_MINUTES, own_minutes_allowed, round_minutes


def test_the_tsr_times():
    assert round_minutes(4) == 100  # 8.5.1
    assert round_minutes(5) == 125  # 10.1.5


def test_an_own_time_is_a_four_player_tables_and_a_quarter_more_at_five():
    assert round_minutes(4, 90) == 90
    assert round_minutes(5, 90) == 112  # 112.5, rounded down
    assert round_minutes(5, 100) == 125  # the TSR's proportion
    assert round_minutes(5, 30) == 37


@given(st.integers(*OWN_ROUND_MINUTES))
def test_a_five_player_table_never_gets_less_time(own):
    assert own <= round_minutes(5, own) <= own * 5 // 4


def test_the_bounds_of_an_own_time():
    assert OWN_ROUND_MINUTES == (30, 240)
    assert [own_minutes_allowed(m) for m in (29, 30, 240, 241)] == [False, True, True, False]
