"""Command line: ``python -m scoring score [FILE]`` (and ``round``, ``rangliste``, ``liga``,
``schedule``, ``stats``, ``kasse``, ``rating``).

A stable contract other tools call. Exit status 0: every record valid; 1: any record
invalid (its error object stands in its place); 2: unreadable input, with a one-line
message on stderr. Never a traceback. ``--lang en`` gives the error messages in English
(default German); the JSON shapes are ``scoring.interchange``'s.

``--rules PROFILE`` (house-rules.md): a preset name (``tsr``, ``verein-002``,
``palast-003``) or a JSON file of options; a bad profile exits 2 with one line naming the
option. With ``--rules`` the results carry the Bock fields; without, everything is as
before.

Each subcommand lives in a module of its own (``score_cli``, ``round_cli``, ...) that
defines a ``Command`` (``scoring.cli_common``); this module only lists them in ``COMMANDS``
and dispatches. A new subcommand: its module with ``COMMAND = Command(name, help, run)``,
and one line in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from scoring import liga_cli, rangliste_cli, rating_cli, round_cli, score_cli, stats_cli
from scoring.cli_common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_UNREADABLE,
    Command,
    UnreadableInput,
    load_rules,
    read_json,
)
from scoring.liga_cli import run_liga, run_schedule
from scoring.messages import translator
from scoring.rangliste_cli import run_rangliste
from scoring.round_cli import run_round
from scoring.rules import PRESETS
from scoring.score_cli import run_score

__all__ = [
    "COMMANDS",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_UNREADABLE",
    "UnreadableInput",
    "load_rules",
    "main",
    "run_liga",
    "run_rangliste",
    "run_round",
    "run_schedule",
    "run_score",
]

# The subcommands in the order ``--help`` lists them.
COMMANDS: tuple[Command, ...] = (
    score_cli.COMMAND,
    round_cli.COMMAND,
    rangliste_cli.COMMAND,
    liga_cli.LIGA,
    liga_cli.SCHEDULE,
    stats_cli.STATS,
    stats_cli.KASSE,
    rating_cli.COMMAND,
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="Score Doppelkopf games and Spiellisten by the DDV Turnierspielregeln.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        sub_parser = sub.add_parser(
            command.name, help=command.help, description=command.description
        )
        if not command.reads_input:
            command.arguments(sub_parser)
            sub_parser.add_argument(
                "--lang", default="de", metavar="LANG", help="de (default) or en"
            )
            continue
        sub_parser.add_argument("file", nargs="?", help="JSON file; stdin when absent or '-'")
        sub_parser.add_argument(
            "--lang",
            default="de",
            metavar="LANG",
            help="language of error messages: de (default) or en",
        )
        if command.rules:  # house rules score games; rankings take points as given
            sub_parser.add_argument(
                "--rules",
                default=None,
                metavar="PROFILE",
                help="house rules: a preset (" + ", ".join(PRESETS) + ") or a JSON file of options",
            )
        command.arguments(sub_parser)
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    args = _parser().parse_args(argv)
    command = next(c for c in COMMANDS if c.name == args.command)
    if not command.reads_input:
        out, status = command.run(None, translator(args.lang), args)
        _write(out)
        return status
    # A short-lived batch process that frees nothing cyclic: the collector would only
    # rescan the ever-growing input (a third of the run time on large batches).
    gc.disable()
    try:
        translate = translator(args.lang)
        chosen = args.rules if command.rules else None
        args.rules = None if chosen is None else load_rules(chosen, translate)
        data = read_json(args.file, stdin or sys.stdin, command.pairs_hook)
        out, status = command.run(data, translate, args)
    except UnreadableInput as err:
        print(f"python -m scoring {args.command}: {err}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        encoded = out.encode()
    except UnicodeEncodeError:  # a lone surrogate ("\ud800") in a name: not Unicode text
        print(
            f"python -m scoring {args.command}: input holds a lone surrogate (not Unicode)",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    _write_bytes(encoded)
    return status


def _write(out: str) -> None:
    _write_bytes(out.encode())


def _write_bytes(encoded: bytes) -> None:
    try:
        sys.stdout.buffer.write(encoded)
        sys.stdout.buffer.write(b"\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader is gone (``… | head``): nothing more to say, and nothing at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
