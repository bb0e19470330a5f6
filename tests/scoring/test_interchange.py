"""JSON in and out (scoring.interchange): round trips, shapes, and the rules the site reuses."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from scoring import interchange as ix
from scoring.errors import GameRecordError
from scoring.game import AUGEN_QUICK_PICKS, reaches_target, score_game
from scoring.messages import translator
from scoring.penalties import Penalty, PenaltyError, PenaltyKind
from scoring.records import Level, Party
from scoring.round import RoundError, check_seats, replay_round

from .helpers import record
from .round_helpers import normal, solo
from .strategies import game_records

SEATS = ["Anna", "Bernd", "Carla", "Dieter"]


@given(game_records())
def test_record_dict_record_round_trip(data):
    rec = ix.record_from_dict(data)
    out = ix.record_to_dict(rec)
    assert ix.record_from_dict(out) == rec
    assert ix.record_to_dict(ix.record_from_dict(out)) == out
    assert json.loads(json.dumps(out)) == out


def test_result_dict_and_fast_json_agree():
    rec = ix.record_from_dict(
        record(
            re_augen=160,
            announcements={"re": "ansage", "kontra": "none"},
            specials={"doppelkopf": {"re": 1}, "fuchs": {"kontra": 1}, "karlchen": "re"},
        )
    )
    result = score_game(rec)
    as_dict = ix.result_to_dict(result)
    names = {name: json.dumps(name) for name in rec.players}
    assert json.loads(ix.result_to_json(result, names)) == as_dict
    assert as_dict["breakdown"][0] == {"item": "7.2.2 a", "key": "won", "party": "re", "points": 1}
    assert all(set(line) == {"item", "key", "party", "points"} for line in as_dict["breakdown"])


def test_penalty_dict_round_trip_and_errors():
    pen = Penalty(after_game=3, kind=PenaltyKind.SERIOUS, offender="Anna", absagen=2)
    data = ix.penalty_to_dict(pen)
    assert data == {
        "after_game": 3,
        "kind": "serious",
        "offender": "Anna",
        "beneficiary": None,
        "absagen": 2,
        "points": 0,
    }
    assert ix.penalty_from_dict(data) == pen
    with pytest.raises(PenaltyError) as exc:
        ix.penalty_from_dict({**data, "kind": "grob"})
    assert (exc.value.code, exc.value.field) == ("penalty_unknown_kind", "kind")
    assert "'grob'" in exc.value.message


def _round_input():
    games = [normal(SEATS), solo(SEATS, "Carla"), normal(SEATS, re=["Anna", "Dieter"])]
    penalties = [Penalty(after_game=2, kind=PenaltyKind.MINOR, offender="Dieter")]
    data = {
        "seats": SEATS,
        "games": [ix.record_to_dict(g) for g in games],
        "penalties": [ix.penalty_to_dict(p) for p in penalties],
        "time_up_after": None,
    }
    return data, games, penalties


def test_round_input_to_state_to_dict():
    data, games, penalties = _round_input()
    state = ix.round_from_dict(json.loads(json.dumps(data)))
    assert state == replay_round(SEATS, games, penalties)
    out = ix.state_to_dict(state)
    assert json.loads(json.dumps(out)) == out
    assert set(out) == {
        "rows",
        "totals",
        "games_left",
        "next_dealer",
        "next_sitting_out",
        "owes_pflichtsolo",
        "next_vorfuehrung",
        "complete",
        "game_in_progress",
    }
    assert [row["kind"] for row in out["rows"]] == ["normal", "solo", "penalty", "normal"]
    assert out["rows"][1]["solo"] == "damen"
    assert out["rows"][2]["penalty"] == ix.penalty_to_dict(penalties[0])
    assert out["rows"] == [ix.row_to_dict(row) for row in state.rows]
    assert out["totals"] == dict(state.totals)
    assert out["games_left"] == 21


def test_round_input_errors_name_the_game_or_penalty_row():
    data, _, _ = _round_input()
    data["games"][1]["re_augen"] = 999
    with pytest.raises(RoundError) as exc:
        ix.round_from_dict(data)
    err = exc.value
    assert (err.code, err.game, err.field) == ("augen_out_of_range", 2, "re_augen")
    assert ix.error_to_dict(err) == {
        "code": "augen_out_of_range",
        "game": 2,
        "message": "Spiel 2: Re-Augen müssen eine ganze Zahl 0–240 sein.",
        "field": "re_augen",
    }
    data, _, _ = _round_input()
    data["penalties"][0]["absagen"] = 9
    with pytest.raises(RoundError) as exc:
        ix.round_from_dict(data)
    assert exc.value.render(translator("en")) == "Penalty row: absagen is 0 to 4."
    with pytest.raises(ix.RoundInputUnreadable):
        ix.round_from_dict([])


def test_error_to_dict_shapes():
    err = GameRecordError("missing_field", {"name": "re"}, field="re")
    assert ix.error_to_dict(err) == {
        "code": "missing_field",
        "field": "re",
        "message": "Das Feld „re“ fehlt.",
    }
    assert ix.error_to_dict(err, translator("en"))["message"] == "The field “re” is missing."
    seats = RoundError("invalid_seats", field="seats")
    assert ix.error_to_dict(seats) == {
        "code": "invalid_seats",
        "game": None,
        "message": "Ein Tisch hat 4 oder 5 Spieler (8.3.1, 10).",
        "field": "seats",
    }


def test_vocabularies():
    assert ix.LEVEL_CODES == ("none", "ansage", "k90", "k60", "k30", "schwarz")
    assert sorted(ix.KINDS) == ["hochzeit", "normal", "solo", "stille_hochzeit"]
    assert sorted(ix.SOLO_TYPES) == ["buben", "damen", "fleischlos", "herz", "karo", "kreuz", "pik"]
    assert sorted(ix.PARTIES) == ["kontra", "re"]
    assert ix.PENALTY_KINDS == (
        "minor",
        "minor_solo_harm",
        "serious",
        "serious_solo_opponent",
        "unsporting",
    )


# --- rules the site takes from here ----------------------------------------------------


def test_augen_quick_picks_are_the_winning_thresholds():
    assert AUGEN_QUICK_PICKS == (0, 30, 60, 90, 120, 121, 151, 181, 211, 240)
    # Each pick between 0 and 240 is where some party's target is first reached.
    levels = list(Level)
    for augen in AUGEN_QUICK_PICKS[1:-1]:
        flips = [
            (party, own, opp)
            for party in Party
            for own in levels
            for opp in levels
            if own is not Level.SCHWARZ
            and opp is not Level.SCHWARZ
            and reaches_target(
                party, augen, took_all=False, took_any=True, re_level=own, kontra_level=opp
            )
            and not reaches_target(
                party, augen - 1, took_all=False, took_any=True, re_level=own, kontra_level=opp
            )
        ]
        assert flips, augen


@pytest.mark.parametrize(
    ("names", "code", "variant"),
    [
        (["A", "B", "C"], "invalid_seats", None),
        (["A", "B", "C", "D", "E", "F"], "invalid_seats", None),
        (["A", "B", "C", "  "], "invalid_seats", "name"),
        (["A", "B", "C", "A"], "invalid_seats", "distinct"),
        (["Anna", "B", "C", "anna"], "duplicate_names", None),
        (["Anna  Maria", "B", "C", "anna maria"], "duplicate_names", None),
    ],
)
def test_check_seats_refuses(names, code, variant):
    with pytest.raises(RoundError) as exc:
        check_seats(names)
    assert (exc.value.code, exc.value.field, exc.value.game) == (code, "seats", None)
    assert exc.value.params.get("variant") == variant
    assert exc.value.render(translator("en")) != exc.value.message
    with pytest.raises(RoundError):
        replay_round(names, [])


def test_check_seats_accepts_four_or_five_distinct_names():
    check_seats(SEATS)  # accepted: no error
    check_seats([*SEATS, "Erika"])
    with pytest.raises(RoundError) as exc:
        check_seats(["Anna", "B", "C", "ANNA"])
    assert exc.value.message == (
        "Zwei Spieler am Tisch heißen „ANNA“ – bitte unterscheidbar benennen (z. B. „Thomas M.“)."
    )
