"""``python -m scoring liga [FILE]`` and ``python -m scoring schedule --teams N``: the league
table from Spieltage, a league's schedule (competitions.md "Command-line contracts").

Thin I/O: the JSON shapes are ``scoring.interchange``'s. League lists use the TSR: ``--rules``
does not apply.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from scoring.cli_common import EXIT_OK, Command, error_json
from scoring.interchange import league_table_to_dict, liga_from_dict, schedule_to_dict
from scoring.liga import LigaError, league_table, spieltag_result
from scoring.messages import Translate, identity
from scoring.rules import RuleProfile
from scoring.schedule import ScheduleError, generate_schedule


def run_liga(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    """The ``liga`` command: Spieltage in, the league table out (``rules`` do not apply:
    league lists use the TSR)."""
    try:
        days = liga_from_dict(data)
        table = league_table([spieltag_result(day) for day in days])
    except LigaError as err:
        return error_json(err, translate), 1
    return json.dumps(league_table_to_dict(table), ensure_ascii=False), EXIT_OK


def run_schedule(
    teams: str, group_size: str, rounds: str | None, translate: Translate
) -> tuple[str, int]:
    """The ``schedule`` command: its arguments are the input (no file)."""

    def number(name: str, text: str) -> int:
        try:
            return int(text.strip(), 10)
        except ValueError:
            raise ScheduleError("schedule_not_integer", {"name": name}, field=name) from None

    try:
        schedule = generate_schedule(
            number("teams", teams),
            number("group_size", group_size),
            None if rounds is None else number("rounds", rounds),
        )
    except ScheduleError as err:
        return error_json(err, translate), 1
    return json.dumps(schedule_to_dict(schedule)), EXIT_OK


def _run_liga(data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return run_liga(data, translate)


def _run_schedule(_data: Any, translate: Translate, args: argparse.Namespace) -> tuple[str, int]:
    return run_schedule(args.teams, args.group_size, args.rounds, translate)


def _schedule_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--teams", required=True, metavar="N", help="number of teams")
    parser.add_argument("--group-size", default="4", metavar="G", help="teams per group")
    parser.add_argument("--rounds", default=None, metavar="R", help="number of group rounds")


LIGA = Command("liga", "league table from Spieltage (Siegpunkte 4/3/2/1)", _run_liga)
SCHEDULE = Command(
    "schedule",
    "league schedule: groups per round",
    _run_schedule,
    reads_input=False,
    arguments=_schedule_arguments,
)
