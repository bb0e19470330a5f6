"""A scored game out: winner, points and the itemised breakdown (scoring.md §1, the score
CLI's result object), also straight into JSON text for the CLI's hot path."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.records import Party
from scoring.results import BreakdownLine, Evaluation, GameResult


def breakdown_line_to_dict(line: BreakdownLine) -> dict[str, Any]:
    """One itemised line; labels are for display (``scoring.messages``) and left out."""
    return {"item": line.item, "key": line.key, "party": line.party.value, "points": line.points}


def breakdown_to_json(lines: Sequence[BreakdownLine]) -> str:
    return json.dumps([breakdown_line_to_dict(line) for line in lines])


def result_to_dict(
    result: GameResult, *, house: bool = False, triggers: Sequence[str] = ()
) -> dict[str, Any]:
    """The CLI's result object (issue contract): winner, points, breakdown; ``house``
    (a ``--rules`` profile) adds the net ``value`` before the factors, the ``doubling``
    and ``bock`` factors and the Bock ``bock_triggers`` the game fires."""
    out: dict[str, Any] = {
        "winner": None if result.winner is None else result.winner.value,
        "points": dict(result.points),
        "breakdown": [breakdown_line_to_dict(line) for line in result.breakdown],
    }
    if house:
        out["value"] = result.evaluation.value
        out["doubling"] = result.doubling
        out["bock"] = result.bock
        out["bock_triggers"] = list(triggers)
    return out


# The breakdown's JSON text per distinct evaluation: the engine caches its evaluations
# (``scoring.game``), so most games of a batch share one and its text is made once. Keyed by
# identity (hashing the lines would cost more than it saves): the entry holds the evaluation,
# so no other object can take its ``id`` while it is cached. Bounded like the engine's cache.
_BREAKDOWN_JSON: dict[int, tuple[Evaluation, str]] = {}
_BREAKDOWN_JSON_MAX = 1 << 16


def breakdown_json(evaluation: Evaluation) -> str:
    """``breakdown_to_json(evaluation.breakdown)``, made once per distinct evaluation."""
    cached = _BREAKDOWN_JSON.get(id(evaluation))
    if cached is not None:
        return cached[1]
    text = breakdown_to_json(evaluation.breakdown)
    if len(_BREAKDOWN_JSON) >= _BREAKDOWN_JSON_MAX:
        _BREAKDOWN_JSON.clear()
    _BREAKDOWN_JSON[id(evaluation)] = (evaluation, text)
    return text


_WINNER_JSON = {None: "null", Party.RE: '"re"', Party.KONTRA: '"kontra"'}


def result_to_json(result: GameResult, name_json: Mapping[str, str]) -> str:
    """``json.dumps(result_to_dict(result))``, fast: the breakdown's JSON is made once per
    distinct evaluation (``breakdown_json``). ``name_json`` maps each player
    name to its JSON string literal."""
    points = ", ".join(f"{name_json[name]}: {pts}" for name, pts in result.points.items())
    ev = result.evaluation
    return (
        f'{{"winner": {_WINNER_JSON[ev.winner]}, "points": {{{points}}}, '
        f'"breakdown": {breakdown_json(ev)}}}'
    )
