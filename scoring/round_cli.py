"""``python -m scoring round``: replay one table's round from JSON (issue contract)."""

from __future__ import annotations

import json
from typing import Any

from scoring.round import (
    RoundError,
    RoundState,
    Row,
    parse_round_games,
    parse_round_penalties,
    replay_round,
)

_FIELDS = frozenset({"seats", "games", "penalties", "time_up_after"})


class RoundInputUnreadable(Exception):
    pass


def round_from_dict(data: Any) -> RoundState:
    if not isinstance(data, dict):
        raise RoundInputUnreadable("expected a JSON object with seats and games")
    unknown = sorted(str(k) for k in data.keys() - _FIELDS)
    if unknown:
        raise RoundError(
            "unknown_field", f"Unbekanntes Feld „{unknown[0]}“.", game=None, field=unknown[0]
        )
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise RoundError(
            "invalid_seats",
            "seats ist die Liste der Spieler nach Position.",
            game=None,
            field="seats",
        )
    time_up = data.get("time_up_after")
    if time_up is not None and type(time_up) is not int:
        raise RoundError(
            "invalid_time_up",
            "time_up_after ist null oder eine Spielnummer.",
            game=None,
            field="time_up_after",
        )
    return replay_round(
        seats,
        parse_round_games(data.get("games", [])),
        parse_round_penalties(data.get("penalties")),
        time_up,
    )


def row_to_dict(row: Row) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": row.game,
        "dealer": row.dealer,
        "sitting_out": row.sitting_out,
        "kind": row.kind,
        "pflicht": row.pflicht,
        "vorfuehrung": row.vorfuehrung,
        "points": dict(row.points),
        "totals": dict(row.totals),
        "zero_sum": row.check.zero_sum,
        "parity": row.check.parity,
    }
    if row.record is not None and row.record.solo is not None:
        out["solo"] = row.record.solo.value
    if row.penalty is not None:
        out["penalty"] = row.penalty.to_dict()
    if row.voided:
        out["voided"] = True  # 9.4.4: the solo counts as played; its penalty row scores
    return out


def state_to_dict(state: RoundState) -> dict[str, Any]:
    nxt = state.next_game
    return {
        "rows": [row_to_dict(row) for row in state.rows],
        "totals": dict(state.totals),
        "games_left": state.games_left,
        "next_dealer": nxt.dealer if nxt else None,
        "next_sitting_out": nxt.sitting_out if nxt else None,
        "owes_pflichtsolo": list(state.owes_pflichtsolo),
        "next_vorfuehrung": nxt.vorfuehrung if nxt else None,
        "complete": state.complete,
    }


def round_command(data: Any) -> tuple[str, int]:
    from scoring.cli import EXIT_INVALID, EXIT_OK, UnreadableInput

    try:
        state = round_from_dict(data)
    except RoundInputUnreadable as err:
        raise UnreadableInput(str(err)) from None
    except RoundError as err:
        return json.dumps({"error": err.as_dict()}, ensure_ascii=False), EXIT_INVALID
    return json.dumps(state_to_dict(state), ensure_ascii=False), EXIT_OK
