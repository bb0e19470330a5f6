"""``python -m scoring round``: replay one table's round from JSON (issue contract).

Thin I/O: the JSON shapes are ``scoring.interchange``'s.
"""

from __future__ import annotations

import json
from typing import Any

from scoring import interchange
from scoring.messages import Translate, identity
from scoring.round import RoundError
from scoring.rules import TSR, RuleProfile


def round_command(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    """JSON text out and the exit status; messages in the language of ``translate``.
    ``rules`` (``--rules``): replay by that profile and show the Bock fields."""
    from scoring.cli import EXIT_INVALID, EXIT_OK, UnreadableInput

    try:
        state = interchange.round_from_dict(data, TSR if rules is None else rules)
    except interchange.RoundInputUnreadable as err:
        raise UnreadableInput(str(err)) from None
    except RoundError as err:
        error = interchange.error_to_dict(err, translate)
        return json.dumps({"error": error}, ensure_ascii=False), EXIT_INVALID
    out = interchange.state_to_dict(state, house=rules is not None)
    return json.dumps(out, ensure_ascii=False), EXIT_OK
