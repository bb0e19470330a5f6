"""Rounds in and out (round.md): a round input replayed, a replayed round as
``python -m scoring round`` prints it."""

from __future__ import annotations

from typing import Any

from scoring.errors import GameRecordError, RoundError
from scoring.interchange.penalties import penalty_from_dict, penalty_to_dict
from scoring.interchange.records import (
    QUICK_KIND,
    REDEAL_KIND,
    quick_from_dict,
    record_from_dict,
    redeal_from_dict,
)
from scoring.penalties import Penalty, PenaltyError
from scoring.quick import QuickGame
from scoring.records import GameRecord, Redeal
from scoring.round import RoundState, Row, replay_round
from scoring.rules import TSR, RuleProfile

_ROUND_FIELDS = frozenset({"seats", "games", "penalties", "time_up_after"})
_OPEN_ROUND_FIELDS = _ROUND_FIELDS | {"closed"}


class RoundInputUnreadable(Exception):
    """A round input that is not a JSON object (the CLI's exit status 2)."""


def round_from_dict(data: Any, rules: RuleProfile = TSR) -> RoundState:
    """Replay a round input ``{"seats", "games", "penalties"?, "time_up_after"?}`` (and
    ``"closed"?`` under ``games: open``) by ``rules``.

    Raises RoundInputUnreadable for a non-object, RoundError for anything else off.
    """
    if not isinstance(data, dict):
        raise RoundInputUnreadable("expected a JSON object with seats and games")
    fields = _OPEN_ROUND_FIELDS if rules.games_open else _ROUND_FIELDS
    unknown = sorted(str(k) for k in data.keys() - fields)
    if unknown:
        raise RoundError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise RoundError("invalid_seats", {"variant": "list"}, field="seats")
    time_up = data.get("time_up_after")
    if time_up is not None and type(time_up) is not int:
        raise RoundError("invalid_time_up", {"variant": "type"}, field="time_up_after")
    closed = data.get("closed", False)
    if type(closed) is not bool:
        raise RoundError("invalid_type", {"variant": "bool", "name": "closed"}, field="closed")
    return replay_round(
        seats,
        games_from_list(data.get("games", []), rules),
        penalties_from_list(data.get("penalties")),
        time_up,
        rules=rules,
        closed=closed,
    )


def games_from_list(
    games: object, rules: RuleProfile = TSR
) -> list[GameRecord | QuickGame | Redeal]:
    """The game records of a round input; an error names its game (``game``, "Spiel k: …").

    Besides full records the list may hold quick rows (``{"kind": "quick", …}``) and,
    under ``schmeissen``, redeals (``{"kind": "geschmissen"}``); the returned list then
    holds ``QuickGame`` and ``Redeal`` entries too.
    """
    if not isinstance(games, list):
        raise RoundError("invalid_games", field="games")
    records: list[GameRecord | QuickGame | Redeal] = []
    number = 0
    for data in games:
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind != REDEAL_KIND:
            number += 1
        try:
            if kind == REDEAL_KIND:
                records.append(redeal_from_dict(data, rules))
            elif kind == QUICK_KIND:
                records.append(quick_from_dict(data))
            else:
                records.append(record_from_dict(data, rules))
        except GameRecordError as err:
            raise RoundError(
                err.code, err.params, field=err.field, game=number, context="wrap.game"
            ) from None
    return records


def penalties_from_list(penalties: object) -> list[Penalty]:
    """The penalty rows of a round input (None: none); errors say "Strafzeile: …"."""
    if penalties is None:
        return []
    if not isinstance(penalties, list):
        raise RoundError("invalid_penalties", field="penalties")
    out = []
    for data in penalties:
        try:
            out.append(penalty_from_dict(data))
        except PenaltyError as err:
            after = data.get("after_game") if isinstance(data, dict) else None
            raise RoundError(
                err.code,
                err.params,
                field=err.field,
                game=after if isinstance(after, int) else None,
                context="wrap.penalty",
            ) from None
    return out


def row_to_dict(row: Row, house: bool = False) -> dict[str, Any]:
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
        out["penalty"] = penalty_to_dict(row.penalty)
    if row.voided:
        out["voided"] = True  # 9.4.4: the solo counts as played; its penalty row scores
    if house:
        out["bock"] = row.bock
        out["bock_triggers"] = row.bock_triggers
        if row.quick is not None:
            out["quick"] = True
            out["winners"] = list(row.quick.winners)
            out["value"] = row.quick.value
    return out


def state_to_dict(state: RoundState, house: bool | None = None) -> dict[str, Any]:
    """The round as ``python -m scoring round`` prints it (round.md, issue contract);
    ``game_in_progress``: time is up but the game dealt before is still to be entered.

    ``house`` (default: the state's profile is not the TSR; the CLI: ``--rules`` given)
    adds per row ``bock`` and ``bock_triggers`` and overall ``bock_queue``, ``closed``
    and ``can_close`` (house-rules.md "Contracts")."""
    if house is None:
        house = not state.rules.is_tsr
    nxt = state.next_game
    out: dict[str, Any] = {
        "rows": [row_to_dict(row, house) for row in state.rows],
        "totals": dict(state.totals),
        "games_left": state.games_left,
        "next_dealer": nxt.dealer if nxt else None,
        "next_sitting_out": nxt.sitting_out if nxt else None,
        "owes_pflichtsolo": list(state.owes_pflichtsolo),
        "next_vorfuehrung": nxt.vorfuehrung if nxt else None,
        "complete": state.complete,
        "game_in_progress": state.game_in_progress,
    }
    if house:
        out["bock_queue"] = list(state.bock_queue)
        out["closed"] = state.closed
        out["can_close"] = state.can_close
    return out
