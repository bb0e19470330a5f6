"""``python -m scoring round``: replay one table's round from JSON (issue contract).

Thin I/O: the JSON shapes are ``scoring.interchange``'s.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from scoring import interchange
from scoring.cli_common import EXIT_INVALID, EXIT_OK, Command, UnreadableInput, error_json
from scoring.messages import Translate, identity
from scoring.round import RoundError
from scoring.rules import TSR, RuleProfile


def round_command(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    """JSON text out and the exit status; messages in the language of ``translate``.
    ``rules`` (``--rules``): replay by that profile and show the Bock fields."""
    try:
        state = interchange.round_from_dict(data, TSR if rules is None else rules)
    except interchange.RoundInputUnreadable as err:
        raise UnreadableInput(str(err)) from None
    except RoundError as err:
        return error_json(err, translate), EXIT_INVALID
    out = interchange.state_to_dict(state, house=rules is not None)
    return json.dumps(out, ensure_ascii=False), EXIT_OK


run_round = round_command  # its name in ``scoring.cli`` since the first CLI


def _run(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return round_command(data, translate, args.rules)


COMMAND = Command("round", "replay one table's round (Spielliste)", _run, rules=True)
