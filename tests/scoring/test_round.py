"""Round state machine scenarios (round.md)."""

import pytest

from scoring.interchange import record_from_dict
from scoring.penalties import Penalty, PenaltyKind
from scoring.round import RoundError, replay_round

from .round_helpers import Table, normal, solo

SEATS = ["A", "B", "C", "D"]
FIVE = ["A", "B", "C", "D", "E"]


def dealers(state):
    return [row.dealer for row in state.rows if row.penalty is None]


def test_fresh_round_position_1_deals_first():
    state = replay_round(SEATS, [])
    assert state.next_game.dealer == "A"
    assert state.games_left == 24
    assert state.owes_pflichtsolo == ("A", "B", "C", "D")
    assert state.next_game.vorfuehrung is None
    assert not state.complete


def test_deal_passes_clockwise_and_repeats_after_a_pflichtsolo():
    t = Table(SEATS)
    t.normal()
    t.solo("C")  # Pflichtsolo dealt by B: B deals again
    t.normal()
    t.normal()
    assert dealers(t.state) == ["A", "B", "B", "C"]
    assert t.state.next_game.dealer == "D"
    assert t.state.owes_pflichtsolo == ("A", "B", "D")
    assert t.state.rows[1].pflicht


def test_lustsolo_hochzeit_and_stille_hochzeit_do_not_repeat_the_deal():
    t = Table(SEATS)
    t.solo("A")  # Pflichtsolo: A deals again
    t.solo("A", pflicht=False)  # Lustsolo
    t.games.append(
        record_from_dict(
            {"kind": "stille_hochzeit", "players": list(SEATS), "re": ["D"], "re_augen": 100}
        )
    )
    t.games.append(
        record_from_dict({"kind": "hochzeit", "players": list(SEATS), "re": ["C"], "re_augen": 100})
    )
    assert dealers(t.state) == ["A", "A", "B", "C"]
    assert t.state.next_game.dealer == "D"
    assert t.state.owes_pflichtsolo == ("B", "C", "D")


def test_forced_vorfuehrungen_at_the_end_no_deal_repeat():
    t = Table(SEATS)
    for _ in range(20):
        t.normal()
    state = t.state
    assert state.games_left == 4
    assert state.next_game.dealer == "A"
    assert state.next_game.vorfuehrung == "B"  # left of the dealer
    t.vorfuehrung()
    assert t.state.next_game.dealer == "B"  # no repeat after a Vorführung
    assert t.state.next_game.vorfuehrung == "C"
    t.vorfuehrung()
    t.vorfuehrung()
    assert t.state.next_game.vorfuehrung == "A"  # D deals, A left of him
    t.vorfuehrung()
    state = t.state
    assert state.complete
    assert state.games_played == 24
    assert [r.vorfuehrung for r in state.rows][-4:] == [True] * 4
    assert dealers(state)[-4:] == ["A", "B", "C", "D"]


def test_vorfuehrung_dealer_himself_last():
    t = Table(SEATS)
    t.solo("B")
    t.solo("C")
    t.solo("D")
    for _ in range(20):
        t.normal()
    # 23 played, only A owes, 1 left; B, C, D repeated deals so A deals now again
    state = t.state
    assert state.next_game.vorfuehrung == "A"
    assert state.next_game.dealer == "A"


def test_several_owed_vorfuehrung_starts_when_missing_equals_left():
    t = Table(SEATS)
    t.solo("A")
    t.solo("B")
    for _ in range(20):
        t.normal()
    state = t.state
    assert state.games_left == 2
    assert state.owes_pflichtsolo == ("C", "D")
    assert state.next_game.vorfuehrung is not None
    # before that, with 3 left, a normal game was still allowed
    t2 = Table(SEATS)
    t2.solo("A")
    t2.solo("B")
    for _ in range(19):
        t2.normal()
    assert t2.state.games_left == 3
    assert t2.state.next_game.vorfuehrung is None


def test_voluntary_pflichtsolo_while_others_are_vorgefuehrt():
    t = Table(SEATS)
    for _ in range(19):
        t.normal()
    assert t.state.next_game.vorfuehrung is None  # 5 left, 4 missing
    t.solo("D")  # D plays his Pflichtsolo voluntarily: deal repeats
    state = t.state
    assert state.games_left == 4
    assert state.owes_pflichtsolo == ("A", "B", "C")
    assert state.next_game.vorfuehrung is None  # 3 missing, 4 left
    t.normal()
    assert t.state.next_game.vorfuehrung is not None


def test_time_up_only_owed_pflichtsoli_remain_as_vorfuehrungen():
    t = Table(SEATS)
    t.solo("B")
    for _ in range(9):
        t.normal()
    assert t.state.games_left == 14
    t.time_up_after = 10
    state = t.state
    assert state.games_played == 10
    assert state.games_left == 3
    assert state.next_game.vorfuehrung is not None
    for _ in range(3):
        t.vorfuehrung()
    assert t.state.complete
    assert t.state.games_played == 13


def test_time_up_with_all_pflichtsoli_played_ends_the_round():
    t = Table(SEATS)
    for who in SEATS:
        t.solo(who)
    t.normal()
    t.time_up_after = 5
    assert t.state.complete
    t.games.append(normal(SEATS))
    with pytest.raises(RoundError) as exc:
        _ = t.state
    assert exc.value.code == "game_beyond_round"
    assert exc.value.game == 6


def test_game_beyond_the_round_is_refused():
    t = Table(SEATS)
    for who in SEATS:
        t.solo(who)
    for _ in range(20):
        t.normal()
    assert t.state.complete
    t.games.append(normal(SEATS))
    with pytest.raises(RoundError) as exc:
        _ = t.state
    assert exc.value.code == "game_beyond_round"
    assert exc.value.game == 25


@pytest.mark.parametrize(
    ("games", "code", "game"),
    [
        ([solo(SEATS, "B", pflicht=False)], "lustsolo_before_pflichtsolo", 1),
        ([solo(SEATS, "B"), solo(SEATS, "B")], "second_pflichtsolo", 2),
        ([normal(["A", "B", "C", "X"])], "unknown_player", 1),
    ],
)
def test_procedure_violations(games, code, game):
    with pytest.raises(RoundError) as exc:
        replay_round(SEATS, games)
    assert exc.value.code == code
    assert exc.value.game == game
    assert exc.value.message


def test_normal_game_or_wrong_soloist_when_a_vorfuehrung_is_due():
    t = Table(SEATS)
    for _ in range(20):
        t.normal()
    base = list(t.games)
    with pytest.raises(RoundError) as exc:
        replay_round(SEATS, [*base, normal(SEATS)])
    assert exc.value.code == "vorfuehrung_due"
    with pytest.raises(RoundError) as exc:
        replay_round(SEATS, [*base, solo(SEATS, "C")])
    assert exc.value.code == "wrong_soloist"
    with pytest.raises(RoundError) as exc:
        replay_round(SEATS, [*base, solo(SEATS, "B", pflicht=False)])
    assert exc.value.code == "vorfuehrung_must_be_pflicht"


def test_five_players_dealer_sits_out_and_scores_zero():
    t = Table(FIVE)
    state = t.state
    assert state.games_left == 30
    assert state.next_game.sitting_out == "A"
    assert state.next_game.players == ("B", "C", "D", "E")
    t.normal()
    row = t.state.rows[0]
    assert row.points["A"] == 0
    assert row.sitting_out == "A"
    assert row.check.parity is None  # 10.1.3
    assert t.state.next_game.sitting_out == "B"


def test_five_players_sitting_out_player_in_game_is_refused():
    with pytest.raises(RoundError) as exc:
        replay_round(FIVE, [normal(["A", "B", "C", "D"])])
    assert exc.value.code == "sitting_out_player_in_game"


def test_five_players_pflichtsolo_repeats_the_deal_same_player_sits_out():
    t = Table(FIVE)
    t.solo("C")
    assert t.state.next_game.dealer == "A"
    assert t.state.next_game.sitting_out == "A"


def test_five_players_vorfuehrung_skips_the_dealer():
    t = Table(FIVE)
    for who in ["B", "C", "D"]:
        t.solo(who)  # A deals these three and sits out; deal repeats each time
    for _ in range(25):
        t.normal()
    state = t.state
    # 28 played, A and E owe, 2 left: dealer after 25 normal games is A again
    assert state.games_left == 2
    assert state.next_game.dealer == "A"
    assert state.next_game.vorfuehrung == "E"  # A is skipped even though he owes
    t.vorfuehrung()
    state = t.state
    # Dealer B would deal; only A owes and A is not the dealer: search finds A
    assert state.next_game.dealer == "B"
    assert state.next_game.vorfuehrung == "A"


def test_five_players_decision_dealer_only_owing_passes_the_deal():
    t = Table(FIVE)
    for who in ["B", "C", "D", "E"]:
        t.solo(who)  # all dealt by A, who sits out each time
    for _ in range(25):
        t.normal()
    state = t.state
    # 29 played; only A owes; after 25 normal games A would deal again
    assert state.games_left == 1
    assert state.next_game.vorfuehrung == "A"
    assert state.next_game.dealer == "B"  # the deal passes to B ...
    assert state.next_game.sitting_out == "B"  # ... who sits out instead
    assert "A" in state.next_game.players
    t.vorfuehrung()
    assert t.state.complete
    assert t.state.rows[-1].sitting_out == "B"


def test_minor_penalty_row():
    t = Table(SEATS)
    t.normal()
    state = t.penalty("minor", "C")
    row = state.rows[-1]
    assert row.kind == "penalty"
    assert row.points == {"A": 1, "B": 1, "C": -3, "D": 1}
    assert row.check.zero_sum
    assert row.check.parity is True
    assert state.next_game.dealer == "B"  # penalties do not move the deal


def test_serious_penalty_voids_the_game_and_the_same_dealer_deals_again():
    t = Table(SEATS)
    t.normal()
    state = t.penalty("serious", "D", absagen=2)
    assert state.rows[-1].points == {"A": 6, "B": 6, "C": 6, "D": -18}
    assert state.rows[-1].dealer == "B"
    assert state.games_played == 1
    assert state.next_game.dealer == "B"
    assert state.next_game.number == 2


def test_solo_penalties_in_favour_of_the_soloist_break_parity():
    t = Table(SEATS)
    t.solo("B")
    state = t.penalty("minor_solo_harm", "D", beneficiary="B")
    assert state.rows[-1].points == {"A": 0, "B": 3, "C": 0, "D": -3}
    assert state.rows[-1].check.parity is None
    assert state.rows[-1].check.zero_sum
    state = t.penalty("serious_solo_opponent", "A", beneficiary="B", absagen=3)
    assert state.rows[-1].points == {"A": -21, "B": 21, "C": 0, "D": 0}
    assert state.rows[-1].check.ok


def test_serious_breach_against_a_soloist_the_penalty_is_the_solo_result():
    t = Table(SEATS)
    t.normal()
    t.solo("B", augen=100)  # as entered: the soloist would have lost (-3 / +1)
    t.penalty("minor", "C")  # happened earlier in that game: stands
    state = t.penalty("serious_solo_opponent", "D", beneficiary="B", absagen=1)
    solo_row = state.rows[1]
    assert solo_row.voided
    assert set(solo_row.points.values()) == {0}
    assert solo_row.pflicht  # it counts as played: B's Pflichtsolo is done
    assert state.owes_pflichtsolo == ("A", "C", "D")
    assert state.next_game.dealer == "B"  # the deal repeats after a Pflichtsolo
    # game 1 (+1 A, B; -1 C, D), minor (C -3, others +1), 9.4.4 (B +15, D -15)
    assert state.totals == {"A": 2, "B": 17, "C": -4, "D": -15}
    assert [r.totals for r in state.rows][-1] == state.totals
    assert state.rows[2].totals == {"A": 2, "B": 2, "C": -4, "D": 0}
    with pytest.raises(RoundError) as exc:
        t.penalty("serious_solo_opponent", "A", beneficiary="B")
    assert exc.value.code == "game_already_aborted"


def test_unsporting_deduction_breaks_the_zero_sum_legitimately():
    t = Table(SEATS)
    t.normal()
    state = t.penalty("unsporting", "A", points=5)
    row = state.rows[-1]
    assert row.points == {"A": -5, "B": 0, "C": 0, "D": 0}
    assert row.check.zero_sum  # the deduction is the row's expected sum
    assert row.check.parity is None
    assert sum(state.totals.values()) == -5


def test_five_player_serious_penalty_leaves_the_sitting_out_dealer_at_zero():
    t = Table(FIVE)
    t.normal()
    state = t.penalty("serious", "C")
    # B deals the aborted game and sits out; A played in it
    assert state.rows[-1].points == {"A": 4, "B": 0, "C": -12, "D": 4, "E": 4}
    assert state.rows[-1].sitting_out == "B"


@pytest.mark.parametrize(
    ("penalty", "code"),
    [
        (
            Penalty(after_game=1, kind=PenaltyKind.MINOR_SOLO_HARM, offender="C", beneficiary="A"),
            "penalty_not_in_solo",
        ),
        (
            Penalty(after_game=1, kind=PenaltyKind.MINOR, offender="X"),
            "penalty_offender_not_in_game",
        ),
        (
            Penalty(after_game=3, kind=PenaltyKind.MINOR, offender="A"),
            "penalty_after_game_out_of_range",
        ),
        (
            Penalty(after_game=0, kind=PenaltyKind.MINOR, offender="A"),
            "penalty_after_game_out_of_range",
        ),
    ],
)
def test_bad_penalty_rows(penalty, code):
    with pytest.raises(RoundError) as exc:
        replay_round(SEATS, [normal(SEATS)], [penalty])
    assert exc.value.code == code


def test_running_totals_and_plus_markers():
    t = Table(SEATS)
    t.normal(augen=130)  # A, B Re win +1
    t.solo("C", augen=100)  # C loses: -3, others +1
    state = t.state
    assert state.rows[0].totals == {"A": 1, "B": 1, "C": -1, "D": -1}
    assert state.rows[1].totals == {"A": 2, "B": 2, "C": -4, "D": 0}
    assert state.rows[1].plus == ("A", "B", "D")
    assert state.totals == state.rows[-1].totals
