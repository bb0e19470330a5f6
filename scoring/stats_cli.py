"""``python -m scoring stats FILE`` and ``python -m scoring kasse --cent N FILE``
(statistics.md "Command-line contract").

Thin I/O: the JSON shapes are ``scoring.interchange.stats``'s, the figures ``scoring.stats``' and
``scoring.kasse``'s. FILE is a path, or stdin when absent or ``-``. Exit status 0; 1 with
``{"error": {"code", "field", "message"}}`` for an invalid list (``stats``: ``field`` names
the list, ``lists[i]``); 2 with one line on stderr for unreadable input or, for ``kasse``, a
rate that is not a positive integer. ``--lang en``: messages in English. Never a traceback;
a reader that closes the pipe early ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from scoring import interchange
from scoring.cli_common import EXIT_INVALID, EXIT_OK, Command, UnreadableInput
from scoring.errors import RoundError, ScoringError
from scoring.interchange.stats import (
    StatsError,
    kasse_to_dict,
    list_error_to_dict,
    list_from_dict,
    statistics_to_json,
    stats_input_from_dict,
)
from scoring.kasse import KasseError, check_rate, kasse
from scoring.messages import Translate, identity
from scoring.stats import player_statistics

_DIGITS = re.compile(r"[0-9]+")


def _error(err: ScoringError, translate: Translate) -> tuple[str, int]:
    out = {"error": list_error_to_dict(err, translate)}
    return json.dumps(out, ensure_ascii=False), EXIT_INVALID


def stats_command(data: Any, translate: Translate = identity) -> tuple[str, int]:
    """``{"lists": [...]}`` in; ``{"players": [...]}`` and the exit status out."""
    if not isinstance(data, dict):
        raise UnreadableInput('expected a JSON object with "lists"')
    try:
        states = stats_input_from_dict(data)
    except StatsError as err:
        return _error(err, translate)
    return statistics_to_json(player_statistics(states)), EXIT_OK


def kasse_command(data: Any, cent: int, translate: Translate = identity) -> tuple[str, int]:
    """One list in; ``{"balances", "pot", "payments"}`` at ``cent`` per point out."""
    try:
        state = list_from_dict(data)
    except interchange.RoundInputUnreadable as err:
        raise UnreadableInput(str(err)) from None
    except RoundError as err:
        return _error(err, translate)
    out = kasse_to_dict(kasse(state, cent))
    return json.dumps(out, ensure_ascii=False), EXIT_OK


def parse_rate(text: str, translate: Translate = identity) -> int:
    """``--cent``: ASCII digits of a positive integer; UnreadableInput (exit 2) otherwise."""
    value = text.strip()
    try:
        if not _DIGITS.fullmatch(value):
            raise KasseError("kasse_invalid_rate", field="cent")
        return check_rate(int(value))
    except KasseError as err:
        raise UnreadableInput(f"--cent {text!r}: {err.render(translate)}") from None
    except ValueError:  # more digits than Python converts (4,300)
        raise UnreadableInput(f"--cent: a number too long to read ({len(value)} digits)") from None


def _run_stats(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return stats_command(data, translate)


def _run_kasse(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    cent = parse_rate(args.cent, translate)  # a bad rate is exit 2 whatever the list holds
    return kasse_command(data, cent, translate)


def _kasse_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cent", required=True, metavar="N", help="cents per point (≥ 1)")


STATS = Command(
    "stats",
    "player statistics over Spiellisten (statistics.md)",
    _run_stats,
    description="Player statistics over Spiellisten (statistics.md).",
)
KASSE = Command(
    "kasse",
    "the Kasse of one Spielliste: balances, pot, payments",
    _run_kasse,
    arguments=_kasse_arguments,
    description="The Kasse of one Spielliste: balances, pot and who pays whom (statistics.md).",
)
