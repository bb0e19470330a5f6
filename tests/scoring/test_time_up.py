"""Time-up as round.md's Decision (TSR 8.5.1, 8.5.3, 9.4.3): a game in progress when time
is called, and a serious penalty in the last game started before time-up."""

import json
from typing import Any

import pytest

from scoring.round import GAMES_PER_ROUND, ROUND_MINUTES, RoundError, replay_round

from .round_helpers import Table, normal
from .test_cli import run

SEATS = ["A", "B", "C", "D"]
FIVE = ["A", "B", "C", "D", "E"]


def games_only(state):
    return [row for row in state.rows if row.penalty is None]


def finish(t):
    """Play the owed Vorführungen; every remaining game must be one."""
    while t.state.next_game is not None:
        assert t.state.next_game.vorfuehrung is not None
        assert not t.state.game_in_progress
        t.vorfuehrung()
    return t.state


def test_round_minutes_beside_games_per_round():
    assert ROUND_MINUTES == {4: 100, 5: 125}
    assert ROUND_MINUTES.keys() == GAMES_PER_ROUND.keys()


# --- a game in progress when time is called ---------------------------------------------


def test_four_players_normal_game_in_progress():
    t = Table(SEATS)
    for _ in range(5):
        t.normal()  # dealt by A B C D A
    t.time_up_after = 6
    state = t.state
    assert state.game_in_progress
    assert state.games_left == 5  # the game in progress and four owed Pflichtsoli
    nxt = state.next_game
    assert (nxt.number, nxt.dealer, nxt.vorfuehrung) == (6, "B", None)
    state = t.normal()
    assert not state.game_in_progress
    assert state.games_played == 6
    assert state.games_left == 4
    assert (state.next_game.dealer, state.next_game.vorfuehrung) == ("C", "D")
    # after the game in progress no normal game is dealt
    t.games.append(normal(SEATS))
    with pytest.raises(RoundError) as exc:
        _ = t.state
    assert (exc.value.code, exc.value.game) == ("vorfuehrung_due", 7)
    t.games.pop()
    state = finish(t)
    assert state.complete
    assert state.games_played == 10
    assert [r.vorfuehrung for r in state.rows] == [False] * 6 + [True] * 4


def test_four_players_pflichtsolo_in_progress_repeats_the_deal():
    t = Table(SEATS)
    for _ in range(5):
        t.normal()
    t.time_up_after = 6
    state = t.solo("C")  # dealt by B: a voluntary Pflichtsolo, not a Vorführung
    assert not state.game_in_progress
    assert state.rows[-1].pflicht
    assert not state.rows[-1].vorfuehrung
    assert state.owes_pflichtsolo == ("A", "B", "D")
    assert state.games_left == 3
    assert state.next_game.dealer == "B"  # 4.2.5: the same dealer deals again
    assert state.next_game.vorfuehrung == "D"  # left of B: C has played his
    state = finish(t)
    assert state.games_played == 9
    assert state.owes_pflichtsolo == ()


def test_four_players_lustsolo_in_progress():
    t = Table(SEATS)
    t.solo("A")
    t.normal()
    t.time_up_after = 3
    assert t.state.games_left == 4  # the game in progress and B, C, D
    state = t.solo("A", pflicht=False)
    assert state.games_left == 3
    assert finish(t).games_played == 6


def test_four_players_due_vorfuehrung_in_progress():
    t = Table(SEATS)
    for _ in range(20):
        t.normal()
    t.time_up_after = 21
    state = t.state
    assert state.game_in_progress
    assert state.games_left == 4  # the Vorführung in progress is one of the four owed
    assert (state.next_game.dealer, state.next_game.vorfuehrung) == ("A", "B")
    t.games.append(normal(SEATS))
    with pytest.raises(RoundError) as exc:
        _ = t.state
    assert exc.value.code == "vorfuehrung_due"
    t.games.pop()
    state = t.vorfuehrung()
    assert state.rows[-1].vorfuehrung
    assert state.games_left == 3
    assert finish(t).games_played == 24


def test_four_players_one_game_before_the_vorfuehrungen():
    t = Table(SEATS)
    for _ in range(19):
        t.normal()
    t.time_up_after = 20
    state = t.state
    assert state.games_left == 5
    assert state.next_game.vorfuehrung is None  # 5 left, 4 owed: a normal game
    t.normal()
    assert finish(t).games_played == 24


def test_five_players_normal_game_in_progress():
    t = Table(FIVE)
    for _ in range(5):
        t.normal()  # A B C D E deal and sit out
    t.time_up_after = 6
    state = t.state
    assert state.game_in_progress
    assert state.games_left == 6
    assert (state.next_game.dealer, state.next_game.sitting_out) == ("A", "A")
    state = t.normal()
    assert state.games_left == 5
    nxt = state.next_game
    assert (nxt.dealer, nxt.sitting_out, nxt.vorfuehrung) == ("B", "B", "C")
    state = finish(t)
    assert state.games_played == 11
    assert state.owes_pflichtsolo == ()


def test_five_players_pflichtsolo_in_progress():
    t = Table(FIVE)
    for _ in range(5):
        t.normal()
    t.time_up_after = 6
    state = t.solo("C")  # A deals and sits out
    assert state.rows[-1].sitting_out == "A"
    assert state.games_left == 4
    assert state.next_game.dealer == "A"  # the same dealer deals again
    assert state.next_game.vorfuehrung == "B"
    assert finish(t).games_played == 10


def test_five_players_due_vorfuehrung_in_progress():
    t = Table(FIVE)
    for _ in range(25):
        t.normal()
    t.time_up_after = 26
    state = t.state
    assert state.games_left == 5
    nxt = state.next_game
    assert (nxt.dealer, nxt.vorfuehrung) == ("A", "B")  # the dealer sits out: skipped
    t.vorfuehrung()
    assert finish(t).games_played == 30


def test_time_called_with_no_game_dealt():
    state = replay_round(SEATS, [], time_up_after=0)
    assert not state.game_in_progress
    assert state.games_left == 4
    assert (state.next_game.dealer, state.next_game.vorfuehrung) == ("A", "B")
    t = Table(FIVE, time_up_after=0)
    assert t.state.games_left == 5
    assert t.state.next_game.vorfuehrung == "B"
    assert finish(t).games_played == 5


def test_first_game_in_progress():
    state = replay_round(SEATS, [], time_up_after=1)
    assert state.game_in_progress
    assert state.games_left == 5
    assert state.next_game.vorfuehrung is None


@pytest.mark.parametrize("time_up", [-1, 7])
def test_time_up_out_of_range(time_up):
    with pytest.raises(RoundError) as exc:
        replay_round(SEATS, [normal(SEATS)] * 5, time_up_after=time_up)
    assert exc.value.code == "invalid_time_up"


def test_no_game_in_progress_after_a_complete_round():
    t = Table(SEATS)
    for _ in range(20):
        t.normal()
    for _ in range(4):
        t.vorfuehrung()
    t.time_up_after = 25
    with pytest.raises(RoundError) as exc:
        _ = t.state
    assert exc.value.code == "invalid_time_up"
    assert exc.value.params["variant"] == "complete"
    t.time_up_after = 24
    assert t.state.complete


# --- a serious penalty in the last game started before time-up ---------------------------


def test_serious_penalty_voids_the_last_game_without_repeat_four_players():
    t = Table(SEATS)
    for _ in range(5):
        t.normal()
    t.time_up_after = 5
    state = t.penalty("serious", "C", absagen=1)
    row = state.rows[-1]
    assert row.kind == "penalty"
    assert (row.game, row.dealer, row.sitting_out) == (5, "B", None)  # game 6 was B's deal
    assert row.points == {"A": 5, "B": 5, "C": -15, "D": 5}
    assert state.games_played == 5
    assert state.games_left == 4
    # no repeat: the player after the voided game's dealer deals the first Vorführung
    assert (state.next_game.dealer, state.next_game.vorfuehrung) == ("C", "D")
    state = finish(t)
    assert state.games_played == 9
    assert [r.dealer for r in games_only(state)][-4:] == ["C", "D", "A", "B"]
    assert sum(state.totals.values()) == 0


def test_serious_penalty_after_time_up_with_nobody_owing_completes_the_list():
    t = Table(SEATS)
    for who in SEATS:
        t.solo(who)  # A deals all four (4.2.5)
    t.normal()
    t.time_up_after = 5
    assert t.state.complete
    state = t.penalty("serious", "B")
    assert state.complete
    assert state.games_left == 0
    assert state.rows[-1].dealer == "B"
    assert state.rows[-1].points == {"A": 4, "B": -12, "C": 4, "D": 4}


def test_serious_penalty_voids_the_last_game_without_repeat_five_players():
    t = Table(FIVE)
    for _ in range(5):
        t.normal()
    t.time_up_after = 5
    state = t.penalty("serious", "C")
    row = state.rows[-1]
    assert (row.dealer, row.sitting_out) == ("A", "A")
    assert row.points == {"A": 0, "B": 4, "C": -12, "D": 4, "E": 4}
    nxt = state.next_game
    assert (nxt.dealer, nxt.sitting_out, nxt.vorfuehrung) == ("B", "B", "C")
    state = finish(t)
    assert state.games_played == 10
    assert [r.dealer for r in games_only(state)][-5:] == ["B", "C", "D", "E", "A"]


def test_serious_penalty_after_time_up_five_players_nobody_owing():
    t = Table(FIVE)
    for who in ["B", "C", "D", "E"]:
        t.solo(who)  # A deals (and sits out) all four
    t.normal()  # A deals; B deals next
    t.solo("A")  # B deals and sits out; B deals again
    assert t.state.owes_pflichtsolo == ()
    t.normal()  # B deals; C next
    t.time_up_after = len(t.games)
    assert t.state.complete
    state = t.penalty("serious", "D")
    assert state.complete
    row = state.rows[-1]
    assert (row.dealer, row.sitting_out) == ("C", "C")
    assert row.points == {"A": 4, "B": 4, "C": 0, "D": -12, "E": 4}


def test_voided_vorfuehrung_is_dealt_again_8_5_3():
    # 8.5.3 excepts vorgeführte Pflichtsoli from "no repeat": the same dealer deals again.
    t = Table(SEATS)
    for _ in range(20):
        t.normal()
    t.time_up_after = 20
    state = t.penalty("serious", "B")  # B's Vorführung (dealt by A) was voided
    assert state.rows[-1].dealer == "A"
    assert (state.next_game.dealer, state.next_game.vorfuehrung) == ("A", "B")
    assert finish(t).games_played == 24


def test_serious_penalty_in_a_vorfuehrung_after_time_up_is_dealt_again():
    t = Table(SEATS)
    for _ in range(5):
        t.normal()
    t.time_up_after = 5
    t.vorfuehrung()  # C deals, D vorgeführt
    state = t.penalty("serious", "D")
    assert state.rows[-1].dealer == "C"
    assert (state.next_game.dealer, state.next_game.vorfuehrung) == ("C", "D")


def test_serious_penalty_before_time_up_with_the_re_deal_in_progress():
    """A breach voided a deal before time was called; the re-deal (game 6) was in progress
    at time-up: it is played out, then only the owed Vorführungen."""
    t = Table(SEATS)
    for _ in range(5):
        t.normal()
    t.time_up_after = 6
    state = t.penalty("serious", "C")
    assert state.game_in_progress
    assert state.next_game.number == 6
    assert state.next_game.vorfuehrung is None  # the re-deal is a normal game
    assert state.next_game.dealer == state.rows[-1].dealer  # the same dealer deals again
    # A breach in the game in progress at time-up is recorded with time up after game 5.
    t.time_up_after = 5
    assert t.state.next_game.vorfuehrung == "D"


def test_serious_penalty_before_time_up_then_the_repeat_in_progress_is_entered():
    # Game 6 voided before time-up and dealt again; time called during the repeat: once
    # that game is entered, time_up_after = 6 stands.
    t = Table(SEATS)
    for _ in range(5):
        t.normal()
    t.penalty("serious", "C")
    t.normal()
    t.time_up_after = 6
    state = t.state
    assert [r.dealer for r in games_only(state)][-1] == "B"  # the same dealer dealt again
    assert state.games_left == 4
    assert state.next_game.dealer == "C"


# --- the command line -------------------------------------------------------------------


def cli_game(players=("A", "B", "C", "D")):
    return {"kind": "normal", "players": list(players), "re": list(players[:2]), "re_augen": 130}


def test_cli_game_in_progress_key():
    data: dict[str, Any] = {"seats": SEATS, "games": [cli_game()] * 5, "time_up_after": 6}
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["game_in_progress"] is True
    assert out["games_left"] == 5
    assert out["next_dealer"] == "B"
    assert out["next_vorfuehrung"] is None
    data["games"].append(cli_game())
    out = json.loads(run("round", stdin=json.dumps(data)).stdout)
    assert out["game_in_progress"] is False
    assert (out["games_left"], out["next_vorfuehrung"]) == (4, "D")


def test_cli_serious_penalty_after_time_up():
    penalty = {"after_game": 5, "kind": "serious", "offender": "C"}
    data = {"seats": SEATS, "games": [cli_game()] * 5, "penalties": [penalty], "time_up_after": 5}
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["rows"][-1]["kind"] == "penalty"
    assert out["rows"][-1]["dealer"] == "B"
    assert (out["next_dealer"], out["next_vorfuehrung"]) == ("C", "D")
    data["time_up_after"] = 6  # the re-deal was in progress at time-up: accepted
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["game_in_progress"] is True
    data["time_up_after"] = 7
    proc = run("round", stdin=json.dumps(data))
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"]["code"] == "invalid_time_up"
