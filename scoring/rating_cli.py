"""``python -m scoring rating FILE [--history NAME]``: every player's Spielstärke from rated
lists (rating.md "Command-line contract").

Thin I/O: the JSON shapes are ``scoring.interchange.rating``'s, the model ``scoring.rating``'s.
Exit status 0; 1 with the error object for an invalid list (``field`` its JSON path, the text
framed with its number and key) or a ``--history`` name who played no list; 2 for unreadable
input.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from scoring.cli_common import EXIT_INVALID, EXIT_OK, Command, UnreadableInput, error_json
from scoring.errors import RatingError
from scoring.interchange.rating import (
    pairs_hook,
    rating_history_to_dict,
    rating_input_from_dict,
    rating_to_dict,
)
from scoring.messages import Translate, identity
from scoring.rating import rate


def rating_command(
    data: Any, translate: Translate = identity, history: str | None = None
) -> tuple[str, int]:
    """JSON text out and the exit status; messages in the language of ``translate``."""
    if not isinstance(data, dict):
        raise UnreadableInput('expected a JSON object with "lists"')
    try:
        lists = rating_input_from_dict(data)
        ratings, steps = rate(lists)
        if history is None:
            out = rating_to_dict(ratings)
        elif history not in ratings.skills:
            raise RatingError("rating_unknown_player", {"name": history}, field="--history")
        else:
            out = rating_history_to_dict(history, steps)
    except RatingError as err:
        return error_json(err, translate), EXIT_INVALID
    return json.dumps(out, ensure_ascii=False), EXIT_OK


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--history", metavar="NAME", default=None, help="that player's state after each list"
    )


def _run(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return rating_command(data, translate, args.history)


COMMAND = Command(
    "rating",
    "the playing strength (Spielstaerke) of every player from rated lists (rating.md)",
    _run,
    arguments=_arguments,
    description="The playing strength (rating.md): Weng-Lin Plackett-Luce over rated lists.",
    pairs_hook=pairs_hook,
)
