"""Final totals typed from the paper list (scoring.totals) and their JSON (interchange)."""

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import GameRecordError
from scoring.game import score_game
from scoring.interchange import (
    LEVEL_CODES,
    check_totals_from_dict,
    error_to_dict,
    record_from_dict,
    totals_check_to_dict,
)
from scoring.messages import MESSAGES, render, translator
from scoring.penalties import Penalty, PenaltyKind
from scoring.round import replay_round
from scoring.simulate import next_random_game, random_round
from scoring.totals import (
    MAX_GAME_POINTS,
    MAX_ROUND_DEDUCTION,
    MAX_ROUND_TOTAL,
    TOTALS_PARITY,
    TOTALS_UNUSUAL,
    UNUSUAL_ROUND_TOTAL,
    TableTotals,
    TotalsError,
    check_totals,
    differing_seats,
    totals_errors,
)

SEATS = ["Anna", "Bernd", "Carla", "Dieter"]
FIVE = [*SEATS, "Erika"]


def test_a_plain_table_passes_without_warning():
    check = check_totals(SEATS, {"Anna": 12, "Bernd": -4, "Carla": -10, "Dieter": 2})
    assert check.warnings == ()
    assert check.entry.totals == {"Anna": 12, "Bernd": -4, "Carla": -10, "Dieter": 2}
    assert check.entry.deduction == {}


def test_zero_sum_refused_with_its_numbers():
    with pytest.raises(TotalsError) as exc:
        check_totals(SEATS, {"Anna": 12, "Bernd": -4, "Carla": -10, "Dieter": 4})
    err = exc.value
    assert (err.code, err.field, err.params["sum"]) == ("totals_zero_sum", "totals", 2)
    assert "ergeben zusammen 2" in err.message
    assert "add up to 2" in err.render(translator("en"))


def test_deductions_break_the_zero_sum_legitimately():
    totals = {"Anna": 7, "Bernd": -4, "Carla": -10, "Dieter": 2}  # Anna lost 5 (9.7.2 b)
    check = check_totals(SEATS, totals, {"Anna": 5})
    assert check.entry.deduction == {"Anna": 5}
    assert check.warnings == ()  # 7 + 5 = 12: the parity holds with the deduction added back
    check = check_totals(SEATS, totals | {"Anna": 12 - 17}, {"Anna": 17, "Bernd": 0})
    assert check.entry.deduction == {"Anna": 17}  # several deductions, zero left out
    with pytest.raises(TotalsError) as exc:
        check_totals(SEATS, totals, {"Anna": 4})
    assert exc.value.code == "totals_zero_sum"
    assert exc.value.params == {"variant": "deduction", "sum": -5, "expected": -4}
    assert "Punktabzügen müssen es -4 sein" in exc.value.message


@pytest.mark.parametrize(
    ("totals", "deduction", "code", "field"),
    [
        ({"Anna": 1, "Bernd": 1, "Carla": -2}, None, "totals_missing_seat", "totals.Dieter"),
        (
            {"Anna": 1, "Bernd": 1, "Carla": -2, "Dieter": 0, "Xaver": 0},
            None,
            "totals_unknown_seat",
            "totals.Xaver",
        ),
        ({"Anna": 1.0, "Bernd": 1, "Carla": -2, "Dieter": 0}, None, "totals_not_integer", ""),
        ({"Anna": True, "Bernd": 1, "Carla": -2, "Dieter": 0}, None, "totals_not_integer", ""),
        ({"Anna": "3", "Bernd": 1, "Carla": -2, "Dieter": 0}, None, "totals_not_integer", ""),
        (
            {"Anna": MAX_ROUND_TOTAL + 1, "Bernd": 0, "Carla": 0, "Dieter": -MAX_ROUND_TOTAL - 1},
            None,
            "totals_out_of_range",
            "totals.Anna",
        ),
        ({"Anna": -1, "Bernd": 0, "Carla": 0, "Dieter": 0}, {"Anna": 13 * 5}, "deduction", ""),
        ({"Anna": -1, "Bernd": 0, "Carla": 0, "Dieter": 0}, {"Anna": -1}, "deduction", ""),
        ({"Anna": -1, "Bernd": 0, "Carla": 0, "Dieter": 0}, {"Anna": "1"}, "deduction", ""),
        (
            {"Anna": -1, "Bernd": 0, "Carla": 0, "Dieter": 0},
            {"Xaver": 1},
            "totals_unknown_seat",
            "deduction.Xaver",
        ),
    ],
)
def test_bad_entries_are_refused_with_a_code_and_field(totals, deduction, code, field):
    with pytest.raises(TotalsError) as exc:
        check_totals(SEATS, totals, deduction)
    code = "deduction_out_of_range" if code == "deduction" else code
    assert exc.value.code == code
    if field:
        assert exc.value.field == field
    assert exc.value.message != exc.value.code  # has a text
    assert exc.value.render(translator("en")) != exc.value.message


def test_all_problems_at_once_for_a_form():
    errors = totals_errors(SEATS, {"Anna": "x", "Carla": 10**6, "Zoe": 1}, {"Bernd": 99})
    assert [(e.code, e.field) for e in errors] == [
        ("deduction_out_of_range", "deduction.Bernd"),
        ("totals_not_integer", "totals.Anna"),
        ("totals_missing_seat", "totals.Bernd"),
        ("totals_out_of_range", "totals.Carla"),
        ("totals_missing_seat", "totals.Dieter"),
        ("totals_unknown_seat", "totals.Zoe"),
    ]
    assert totals_errors(SEATS, dict.fromkeys(SEATS, 0)) == ()
    assert totals_errors(["A", "B", "C"], {})[0].code == "invalid_seats"
    assert totals_errors(["A", "A", "B", "C"], {})[0].code == "invalid_seats"


def test_bounds_come_from_the_rules():
    assert MAX_GAME_POINTS == 63
    assert MAX_ROUND_TOTAL == 25 * 63
    assert MAX_ROUND_DEDUCTION == 60
    # the most negative total allowed grows by the player's deductions
    totals = {"Anna": -MAX_ROUND_TOTAL - 10, "Bernd": MAX_ROUND_TOTAL, "Carla": 0, "Dieter": 0}
    assert check_totals(SEATS, totals, {"Anna": 10}).entry.totals == totals


def test_no_game_gives_one_player_more_than_max_game_points():
    players = ["A", "B", "C", "D"]
    most = 0
    for re_level, kontra_level in product(LEVEL_CODES, LEVEL_CODES):
        for augen in (0, 29, 30, 59, 60, 89, 90, 119, 120, 151, 181, 211, 240):
            for schwarz, kind in product((None, "re", "kontra"), ("solo", "normal")):
                data = {
                    "kind": kind,
                    "players": players,
                    "re": ["A"] if kind == "solo" else ["A", "B"],
                    "re_augen": augen,
                    "schwarz": schwarz,
                    "announcements": {"re": re_level, "kontra": kontra_level},
                }
                if kind == "solo":
                    data |= {"solo": "damen", "pflicht": True}
                try:
                    result = score_game(record_from_dict(data))
                except GameRecordError:
                    continue
                most = max(most, *(abs(v) for v in result.points.values()))
    assert most == MAX_GAME_POINTS


def test_parity_warning_at_four_players_only():
    odd_even = {"Anna": 3, "Bernd": -4, "Carla": 0, "Dieter": 1}
    check = check_totals(SEATS, odd_even)
    assert check.warning_codes == (TOTALS_PARITY,)
    text = render(f"warning.{TOTALS_PARITY}", check.warnings[0].params)
    assert "Tippfehler" in text
    five = check_totals(FIVE, odd_even | {"Erika": 0})
    assert five.warnings == ()


def test_unusually_high_totals_are_warned_about_not_refused():
    totals = {"Anna": 310, "Bernd": -300, "Carla": -6, "Dieter": -4}
    check = check_totals(SEATS, totals)
    assert check.warning_codes == (TOTALS_UNUSUAL,)
    assert [w.params["name"] for w in check.warnings] == ["Anna", "Bernd"]
    assert check.warnings[0].params["bound"] == UNUSUAL_ROUND_TOTAL
    assert "310" in render("warning.totals_unusual", check.warnings[0].params, translator("en"))


def test_every_warning_has_a_text_in_both_languages():
    en = translator("en")
    for code in (TOTALS_PARITY, TOTALS_UNUSUAL):
        template = MESSAGES[f"warning.{code}"]
        assert en(template) != template


def test_double_entry_names_the_seats_that_differ():
    first = TableTotals({"Anna": 7, "Bernd": -4, "Carla": -10, "Dieter": 2}, {"Anna": 5})
    second = TableTotals({"Anna": 7, "Bernd": -4, "Carla": -1, "Dieter": -7}, {"Anna": 5})
    assert differing_seats(first, second) == ("Carla", "Dieter")
    assert differing_seats(first, first) == ()
    third = TableTotals(dict(first.totals), {"Anna": 5, "Bernd": 0})
    assert differing_seats(first, third) == ()  # a zero deduction is none
    fourth = TableTotals(dict(first.totals), {})
    assert differing_seats(first, fourth, SEATS) == ("Anna",)
    fifth = TableTotals({k: v for k, v in first.totals.items() if k != "Dieter"}, {"Anna": 5})
    assert differing_seats(fifth, first, list(reversed(SEATS))) == ("Dieter",)


# --- JSON ---------------------------------------------------------------------------------


def test_json_in_and_out():
    data = {"table": 7, "totals": {"Anna": 7, "Bernd": -4, "Carla": -10, "Dieter": 2}}
    data["deduction"] = {"Anna": 5}
    out = totals_check_to_dict(check_totals_from_dict(data, SEATS))
    assert out == {**data, "warnings": []}
    data = {"totals": {"Anna": 3, "Bernd": -4, "Carla": 0, "Dieter": 1}, "deduction": None}
    out = totals_check_to_dict(check_totals_from_dict(data, SEATS), translator("en"))
    assert out["table"] is None
    assert out["deduction"] == {}
    [warning] = out["warnings"]
    assert warning["code"] == TOTALS_PARITY
    assert warning["params"] == {}
    assert "typing error" in warning["message"]


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ([1, 2], "totals_not_an_object", ""),
        ({"totals": {}, "x": 1}, "unknown_field", "x"),
        ({"table": 0, "totals": {}}, "totals_invalid_table", "table"),
        ({"table": "3", "totals": {}}, "totals_invalid_table", "table"),
        ({"table": True, "totals": {}}, "totals_invalid_table", "table"),
        ({"table": 3}, "missing_field", "totals"),
        ({"totals": [1, 2, 3, 4]}, "totals_invalid", "totals"),
        ({"totals": {}, "deduction": [1]}, "totals_invalid", "deduction"),
        ({"totals": {"Anna": 1}}, "totals_missing_seat", "totals.Bernd"),
    ],
)
def test_json_errors(data, code, field):
    with pytest.raises(TotalsError) as exc:
        check_totals_from_dict(data, SEATS)
    out = error_to_dict(exc.value, translator("en"))
    assert (out["code"], out["field"]) == (code, field)
    assert out["message"]


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-2000, 2000) | st.floats() | st.text(max_size=3),
        lambda c: st.lists(c, max_size=5) | st.dictionaries(st.sampled_from([*SEATS, "x"]), c),
        max_leaves=12,
    ),
    st.dictionaries(
        st.sampled_from(["table", "totals", "deduction", "x"]),
        st.dictionaries(st.sampled_from([*SEATS, "Z"]), st.integers(-80, 80) | st.none()),
    ),
)
def test_json_never_fails_other_than_by_a_totals_error(junk, shaped):
    for data in (junk, shaped):
        error = None
        try:
            check = check_totals_from_dict(data, SEATS)
        except TotalsError as err:
            error = error_to_dict(err)
        if error is not None:
            assert error["message"]
        else:
            assert totals_check_to_dict(check)["totals"].keys() == set(SEATS)


# --- any list's result passes -----------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([4, 5]), st.integers(0, 30), st.integers(0, 3))
def test_totals_of_any_simulated_round_pass(seed, size, stop, penalties):
    """Replayed rounds — whole or cut short by time-up, with minor, serious and unsporting
    rows — give totals that pass; at 4 players without a warning (no solo penalty rows)."""
    seats = FIVE[:size]
    rng = random.Random(seed)
    games = random_round(rng, seats, games=stop)
    rows: list[Penalty] = []
    deduction: dict[str, int] = {}
    for _ in range(penalties):
        state = replay_round(seats, games, rows)
        if state.next_game is None:
            break
        kinds = [PenaltyKind.SERIOUS, PenaltyKind.UNSPORTING]
        kind = rng.choice([PenaltyKind.MINOR, *kinds] if games else kinds)
        if kind is PenaltyKind.SERIOUS:
            offender = rng.choice(state.next_game.players)  # the game it voids
        elif kind is PenaltyKind.MINOR:
            offender = rng.choice(games[-1].players)  # the game it belongs to
        else:
            offender = rng.choice(seats)
        points = rng.randint(1, 12) if kind is PenaltyKind.UNSPORTING else 0
        rows.append(Penalty(after_game=len(games), kind=kind, offender=offender, points=points))
        if points:
            deduction[offender] = deduction.get(offender, 0) + points
        state = replay_round(seats, games, rows)
        if state.next_game is not None:
            games.append(next_random_game(rng, state))
    time_up = len(games)
    state = replay_round(seats, games, rows, time_up_after=time_up)
    while state.next_game is not None:
        games.append(next_random_game(rng, state))
        state = replay_round(seats, games, rows, time_up_after=time_up)
    check = check_totals(seats, dict(state.totals), deduction)
    assert check.entry.totals == state.totals
    if size == 4:
        assert check.warnings == ()
    else:
        assert TOTALS_PARITY not in check.warning_codes


def test_a_list_from_paper_counts_a_full_rounds_games():
    from scoring.totals import PAPER_GAMES, TABLE_SIZES, games_counted

    assert TABLE_SIZES == (4, 5)
    assert PAPER_GAMES == 24
    assert games_counted(0, totals_only=True) == 24
    assert games_counted(0, totals_only=False) == 0
    assert games_counted(17, totals_only=False) == 17
    assert games_counted(17, totals_only=True) == 17  # game rows, where it has them
