"""``replay_round(then=...)``: one more game built once the machine knows who plays it
(the site reads its entry form inside the write's one replay, issue 19)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.errors import RoundError
from scoring.round import GAMES_PER_ROUND, NextGame, replay_round
from scoring.simulate import random_round

SEATS = {4: ["Anna", "Bernd", "Carla", "Dieter"], 5: ["Anna", "Bernd", "Carla", "Dieter", "Erna"]}


@pytest.mark.parametrize("size", [4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_then_plays_like_the_last_game_of_the_list(size, seed):
    seats = SEATS[size]
    rng = random.Random(seed)
    games = random_round(rng, seats, games=rng.randint(1, GAMES_PER_ROUND[size]))
    asked: list[NextGame] = []

    def last(upcoming: NextGame):
        asked.append(upcoming)
        return games[-1]

    assert replay_round(seats, games[:-1], then=last) == replay_round(seats, games)
    before = replay_round(seats, games[:-1])
    assert asked == [before.next_game]  # asked once, with the game that comes next


def test_then_after_the_last_game_is_one_game_too_many():
    seats = SEATS[4]
    games = random_round(random.Random(1), seats)
    asked: list[NextGame] = []

    def then(upcoming: NextGame) -> Any:
        asked.append(upcoming)
        return games[0]

    with pytest.raises(RoundError) as err:
        replay_round(seats, games, then=then)
    assert (err.value.code, err.value.game, asked) == ("game_beyond_round", 25, [])
