"""Property tests over whole simulated rounds."""

import random

from hypothesis import given
from hypothesis import strategies as st

from scoring.round import replay_round
from scoring.simulate import random_round


@given(st.integers(0, 2**32), st.sampled_from([4, 5]))
def test_every_simulated_round_completes_with_one_pflichtsolo_each(seed, size):
    seats = ["Anna", "Bernd", "Carla", "Dieter", "Erika"][:size]
    games = random_round(random.Random(seed), seats)
    state = replay_round(seats, games)
    assert state.complete
    assert state.games_played == {4: 24, 5: 30}[size]
    assert state.owes_pflichtsolo == ()
    assert sorted(state.pflicht_games) == sorted(seats)
    assert sum(state.totals.values()) == 0
    assert all(row.check.ok for row in state.rows)
    # each player deals exactly 5 normal games (non-Pflichtsolo rows by dealer)
    normal_deals = [r.dealer for r in state.rows if not r.pflicht]
    if not any(r.vorfuehrung for r in state.rows):
        assert all(normal_deals.count(s) == 5 for s in seats)


@given(st.integers(0, 2**32), st.integers(0, 24))
def test_time_up_at_any_point_ends_with_all_pflichtsoli(seed, stop):
    seats = ["A", "B", "C", "D"]
    rng = random.Random(seed)
    games = random_round(rng, seats, games=stop)
    from scoring.simulate import next_random_game

    state = replay_round(seats, games, time_up_after=len(games))
    assert state.games_left == len(state.owes_pflichtsolo)
    while state.next_game is not None:
        assert state.next_game.vorfuehrung is not None
        games.append(next_random_game(rng, state))
        state = replay_round(seats, games, time_up_after=stop)
    assert state.owes_pflichtsolo == ()
