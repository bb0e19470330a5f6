"""Property tests over whole simulated rounds.

Each example plays a whole round of 24 or 30 games, replaying it after every game: 100
rounds a test (in every run; CI's profile gives other properties 400) still play thousands
of games per property, at a quarter of the time."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.round import replay_round
from scoring.simulate import random_round


@settings(max_examples=100)
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


@settings(max_examples=100)
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


@settings(max_examples=100)
@given(st.integers(0, 2**32), st.sampled_from([4, 5]), st.integers(0, 30), st.booleans())
def test_time_up_with_a_game_in_progress_ends_with_all_pflichtsoli(seed, size, stop, serious):
    """Time called while game ``stop + 1`` is dealt (round.md's Decision): that game is
    entered under the normal rules, then only Vorführungen; or a serious penalty voids it
    without a repeat (time-up lowered to ``stop``, 8.5.3)."""
    from scoring.penalties import Penalty, PenaltyKind
    from scoring.simulate import next_random_game

    seats = ["Anna", "Bernd", "Carla", "Dieter", "Erika"][:size]
    total = {4: 24, 5: 30}[size]
    stop = min(stop, total - 1)
    rng = random.Random(seed)
    games = random_round(rng, seats, games=stop)
    stop = len(games)
    penalties = []
    time_up = stop + 1
    state = replay_round(seats, games, time_up_after=time_up)
    assert state.game_in_progress
    assert state.games_left == min(total - stop, 1 + len(state.owes_pflichtsolo))
    if serious:
        voided = state.next_game
        offender = rng.choice(voided.players)
        penalties = [Penalty(after_game=stop, kind=PenaltyKind.SERIOUS, offender=offender)]
        time_up = stop
        state = replay_round(seats, games, penalties, time_up_after=time_up)
        assert state.rows[-1].dealer == voided.dealer
        assert state.games_left == len(state.owes_pflichtsolo)
    else:
        games.append(next_random_game(rng, state))
        state = replay_round(seats, games, time_up_after=time_up)
        assert not state.game_in_progress
    while state.next_game is not None:
        assert state.next_game.vorfuehrung is not None
        games.append(next_random_game(rng, state))
        state = replay_round(seats, games, penalties, time_up_after=time_up)
    assert state.complete
    assert state.owes_pflichtsolo == ()
    assert sum(state.totals.values()) == 0
    assert all(row.check.ok for row in state.rows)


@settings(max_examples=100)
@given(st.integers(0, 2**32), st.integers(0, 25))
def test_random_round_with_time_called(seed, time_up):
    seats = ["A", "B", "C", "D"]
    games = random_round(random.Random(seed), seats, time_up_after=time_up)
    state = replay_round(seats, games, time_up_after=min(time_up, 24))
    assert state.complete
    assert state.owes_pflichtsolo == ()
