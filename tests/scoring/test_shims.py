"""The old names that callers outside scoring/ still use (issue 7): each is a thin
delegation marked ``# SHIM(issue7)`` in the source. Delete this file with the shims."""

from __future__ import annotations

from scoring import interchange as ix
from scoring.messages import MESSAGES, label
from scoring.penalties import PENALTY_LABEL, Penalty, PenaltyKind, parse_penalty
from scoring.records import KINDS, LEVEL_CODES, PARTIES, SOLO_TYPES, GameRecord
from scoring.results import ITEMS
from scoring.round import parse_round_games, parse_round_penalties, replay_round
from scoring.round_cli import RoundInputUnreadable, round_from_dict, row_to_dict, state_to_dict

from .helpers import record, score


def test_shims_delegate():
    from scoring.parse import parse_game_record

    data = record(specials={"fuchs": {"re": 1}})
    rec = parse_game_record(data)
    assert rec == GameRecord.from_dict(data) == ix.record_from_dict(data)
    assert rec.to_dict() == ix.record_to_dict(rec)
    assert rec.specials.to_dict() == ix.specials_to_dict(rec.specials)
    result = score()
    assert result.to_dict() == ix.result_to_dict(result)
    assert result.breakdown[0].to_dict() == ix.breakdown_line_to_dict(result.breakdown[0])
    assert result.breakdown[0].label == "Gewonnen"
    assert ITEMS["won"] == ("7.2.2 a", "Gewonnen")
    pen = Penalty(after_game=1, kind=PenaltyKind.MINOR, offender="A")
    assert pen.to_dict() == ix.penalty_to_dict(pen)
    assert parse_penalty(pen.to_dict()) == pen
    assert PENALTY_LABEL[PenaltyKind.MINOR] == label("penalty_short", "minor")
    assert (KINDS, LEVEL_CODES, SOLO_TYPES, PARTIES) == (
        ix.KINDS,
        ix.LEVEL_CODES,
        ix.SOLO_TYPES,
        ix.PARTIES,
    )
    assert parse_round_games([data]) == [rec]
    assert parse_round_penalties([pen.to_dict()]) == [pen]
    seats = ["A", "B", "C", "D"]
    state = round_from_dict({"seats": seats, "games": [data]})
    assert state == replay_round(seats, [rec])
    assert state_to_dict(state) == ix.state_to_dict(state)
    assert row_to_dict(state.rows[0]) == ix.row_to_dict(state.rows[0])
    assert RoundInputUnreadable is ix.RoundInputUnreadable


def test_german_label_shims_read_the_table():
    from scoring.draw import OFFICIAL_WARNING, draw_round
    from scoring.standings import TIE_BREAKS

    assert TIE_BREAKS["total"] == MESSAGES["tie_break.total"] == "Gesamtpunkte"
    draw = draw_round(list("abcde"), seed=1)
    assert draw.warnings == (OFFICIAL_WARNING,)
    assert "offizielles DDV-Turnier" in OFFICIAL_WARNING
