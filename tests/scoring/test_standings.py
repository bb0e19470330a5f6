import pytest

from scoring.errors import ScoringError
from scoring.standings import rank

RESULTS = {
    "Anna": [10, -4, 6],  # 12, two plus rounds, best 10
    "Bernd": [4, 4, 4],  # 12, three plus rounds
    "Carla": [12, 0, 0],  # 12, one plus round, best 12
    "Dieter": [-20, 5, None],  # -15, missed round 3
    "Erika": [2, 5, 5],  # 12, three plus rounds, best 5 (ties Bernd on all but best)
}


def test_default_tie_breaks():
    standings = rank(RESULTS, rounds=3)
    assert [s.player for s in standings] == ["Erika", "Bernd", "Anna", "Carla", "Dieter"]
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]
    erika = standings[0]
    assert (erika.total, erika.positive_rounds, erika.best_round, erika.last_round) == (12, 3, 5, 5)
    assert standings[-1].rounds_played == 2
    assert standings[-1].per_round == (-20, 5, None)


def test_configurable_order_and_shared_rank():
    standings = rank(RESULTS, rounds=3, order=["total"])
    assert [s.rank for s in standings] == [1, 1, 1, 1, 5]
    standings = rank(RESULTS, rounds=3, order=["total", "best_round"])
    assert [s.player for s in standings][:2] == ["Carla", "Anna"]


def test_invalid_order_rejected():
    with pytest.raises(ScoringError):
        rank(RESULTS, rounds=3, order=["total", "total"])
    with pytest.raises(ScoringError):
        rank(RESULTS, rounds=3, order=["alphabet"])


def test_participants_without_a_round_come_last():
    standings = rank({"Late": [None, None], "Loser": [-30, -12], "Win": [5, 1]}, rounds=2)
    assert [s.player for s in standings] == ["Win", "Loser", "Late"]
    assert standings[-1].rank == 3
    assert standings[-1].best_round is None


def test_shared_ranks_are_listed_by_display_name_not_by_key():
    results = {"10": [0], "2": [0], "1": [0], "11": [0]}
    names = {"10": "Anna", "2": "dieter", "1": "Carla", "11": "Bernd"}
    ranked = rank(results, rounds=1, names=names)
    assert [s.player for s in ranked] == ["10", "11", "1", "2"]
    assert {s.rank for s in ranked} == {1}
