"""``python -m scoring stats FILE`` and ``python -m scoring kasse --cent N FILE``
(statistics.md "Command-line contract").

Thin I/O: the JSON shapes are ``scoring.stats_json``'s, the figures ``scoring.stats``' and
``scoring.kasse``'s. FILE is a path, or stdin when absent or ``-``. Exit status 0; 1 with
``{"error": {"code", "field", "message"}}`` for an invalid list (``stats``: ``field`` names
the list, ``lists[i]``); 2 with one line on stderr for unreadable input or, for ``kasse``, a
rate that is not a positive integer. ``--lang en``: messages in English. Never a traceback;
a reader that closes the pipe early ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from scoring import interchange
from scoring.cli import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE, UnreadableInput, _read
from scoring.errors import RoundError, ScoringError
from scoring.kasse import KasseError, check_rate, kasse
from scoring.messages import Translate, identity, translator
from scoring.stats import player_statistics
from scoring.stats_json import (
    StatsError,
    kasse_to_dict,
    list_error_to_dict,
    list_from_dict,
    statistics_to_json,
    stats_input_from_dict,
)

COMMANDS = ("stats", "kasse")
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


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as a status instead of leaving the process."""

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self._print_message(message, sys.stderr)
        raise _Exit(status)


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _parser(command: str) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=f"python -m scoring {command}",
        description=(
            "Player statistics over Spiellisten (statistics.md)."
            if command == "stats"
            else "The Kasse of one Spielliste: balances, pot and who pays whom (statistics.md)."
        ),
    )
    if command == "kasse":
        parser.add_argument("--cent", required=True, metavar="N", help="cents per point (≥ 1)")
    parser.add_argument("file", nargs="?", help="JSON file; stdin when absent or '-'")
    parser.add_argument(
        "--lang", default="de", metavar="LANG", help="language of error messages: de or en"
    )
    return parser


def _write(text: str, command: str) -> int | None:
    """Print ``text``; None when done, else the exit status (a lone surrogate: exit 2)."""
    try:
        encoded = text.encode()
    except UnicodeEncodeError:
        print(
            f"python -m scoring {command}: input holds a lone surrogate (not Unicode)",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    try:
        sys.stdout.buffer.write(encoded + b"\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader is gone (``… | head``): nothing more to say, and nothing at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return None


def main(argv: Sequence[str], stdin: TextIO | None = None) -> int:
    """``argv``: the command (``stats`` or ``kasse``) and its arguments."""
    command, *rest = argv
    try:
        args = _parser(command).parse_args(rest)
    except _Exit as stop:
        return stop.status
    translate = translator(args.lang)
    try:
        if command == "kasse":
            cent = parse_rate(args.cent, translate)  # before reading: a bad rate reads nothing
            out, status = kasse_command(_read(args.file, stdin or sys.stdin), cent, translate)
        else:
            data = _read(args.file, stdin or sys.stdin)
            out, status = stats_command(data, translate)
    except UnreadableInput as err:
        print(f"python -m scoring {command}: {err}", file=sys.stderr)
        return EXIT_UNREADABLE
    failed = _write(out, command)
    return status if failed is None else failed
