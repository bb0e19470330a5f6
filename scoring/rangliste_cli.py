"""``python -m scoring rangliste FILE``: the Rangliste, the "unter 36" list and the
Bundesländerwertung on a reference date (competitions.md "Command-line contracts").

Thin I/O: the JSON shapes are ``scoring.interchange``'s, the rules ``scoring.rangliste``'s.
"""

from __future__ import annotations

import json
from typing import Any

from scoring import interchange
from scoring.errors import RanglisteError
from scoring.messages import Translate, identity
from scoring.rangliste import compute_rangliste


def rangliste_command(data: Any, translate: Translate = identity) -> tuple[str, int]:
    """JSON text out and the exit status; messages in the language of ``translate``."""
    from scoring.cli import EXIT_INVALID, EXIT_OK, UnreadableInput

    if not isinstance(data, dict):
        raise UnreadableInput('expected a JSON object with "as_of" and "results"')
    try:
        as_of, results = interchange.rangliste_input_from_dict(data)
        out = interchange.rangliste_to_dict(compute_rangliste(results, as_of=as_of))
    except RanglisteError as err:
        error = interchange.error_to_dict(err, translate)
        return json.dumps({"error": error}, ensure_ascii=False), EXIT_INVALID
    return json.dumps(out, ensure_ascii=False), EXIT_OK
