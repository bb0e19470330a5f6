"""``python -m scoring rangliste FILE``: the Rangliste, the "unter 36" list and the
Bundesländerwertung on a reference date (competitions.md "Command-line contracts").

Thin I/O: the JSON shapes are ``scoring.interchange``'s, the rules ``scoring.rangliste``'s.
Rated tournaments play the TSR: ``--rules`` is not an option here.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from scoring import interchange
from scoring.cli_common import EXIT_INVALID, EXIT_OK, Command, UnreadableInput, error_json
from scoring.errors import RanglisteError
from scoring.messages import Translate, identity
from scoring.rangliste import compute_rangliste
from scoring.rules import RuleProfile


def rangliste_command(data: Any, translate: Translate = identity) -> tuple[str, int]:
    """JSON text out and the exit status; messages in the language of ``translate``."""
    if not isinstance(data, dict):
        raise UnreadableInput('expected a JSON object with "as_of" and "results"')
    try:
        as_of, results = interchange.rangliste_input_from_dict(data)
        out = interchange.rangliste_to_dict(compute_rangliste(results, as_of=as_of))
    except RanglisteError as err:
        return error_json(err, translate), EXIT_INVALID
    return json.dumps(out, ensure_ascii=False), EXIT_OK


def run_rangliste(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    """``rangliste_command`` in the shape of the other ``run_*`` (``rules`` is ignored)."""
    return rangliste_command(data, translate)


def _run(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return rangliste_command(data, translate)


COMMAND = Command("rangliste", "the ranking list (Rangliste) on a reference date", _run)
