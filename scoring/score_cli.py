"""``python -m scoring score [FILE]``: score one game record or an array of them.

Thin I/O: the JSON shapes are ``scoring.interchange``'s. Without ``--rules`` a batch takes
the fast path (``result_to_json``: each player name and each distinct breakdown turned into
JSON once).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from scoring.cli_common import EXIT_INVALID, EXIT_OK, Command, UnreadableInput, error_json
from scoring.errors import GameRecordError
from scoring.game import bock_triggers, score_game
from scoring.interchange import record_from_dict, result_to_dict, result_to_json
from scoring.messages import Translate, identity
from scoring.rules import RuleProfile


class _NameJson(dict[str, str]):
    """Player name -> its JSON literal, made once per name."""

    def __missing__(self, name: str) -> str:
        literal = self[name] = json.dumps(name, ensure_ascii=False)
        return literal


def _score_json(data: Any, names: _NameJson, translate: Translate) -> tuple[str, bool]:
    try:
        result = score_game(record_from_dict(data))
    except GameRecordError as err:
        return error_json(err, translate), False
    return result_to_json(result, names), True


def _score_house_json(data: Any, rules: RuleProfile, translate: Translate) -> tuple[str, bool]:
    try:
        record = record_from_dict(data, rules)
        result = score_game(record, rules)
    except GameRecordError as err:
        return error_json(err, translate), False
    out = result_to_dict(result, house=True, triggers=bock_triggers(record, result, rules))
    return json.dumps(out, ensure_ascii=False), True


def run_score(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    """The ``score`` command: JSON text out, and the exit status."""
    if rules is not None:
        if isinstance(data, dict):
            out, ok = _score_house_json(data, rules, translate)
            return out, EXIT_OK if ok else EXIT_INVALID
        if isinstance(data, list):
            results = [_score_house_json(item, rules, translate) for item in data]
            status = EXIT_OK if all(ok for _, ok in results) else EXIT_INVALID
            return "[" + ", ".join(out for out, _ in results) + "]", status
        raise UnreadableInput("expected a JSON object (one game) or an array of games")
    names = _NameJson()
    if isinstance(data, dict):
        out, ok = _score_json(data, names, translate)
        return out, EXIT_OK if ok else EXIT_INVALID
    if isinstance(data, list):
        parts = []
        all_ok = True
        for item in data:
            out, ok = _score_json(item, names, translate)
            parts.append(out)
            all_ok = all_ok and ok
        return "[" + ", ".join(parts) + "]", EXIT_OK if all_ok else EXIT_INVALID
    raise UnreadableInput("expected a JSON object (one game) or an array of games")


def _run(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return run_score(data, translate, args.rules)


COMMAND = Command("score", "score one game record or an array of them", _run, rules=True)
