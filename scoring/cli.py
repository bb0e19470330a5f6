"""Command line: ``python -m scoring score [FILE]`` (and ``round``, ``rangliste``, ``liga``,
``schedule``; ``stats`` and ``kasse`` in ``scoring.stats_cli``).

A stable contract other tools call. Exit status 0: every record valid; 1: any record
invalid (its error object stands in its place); 2: unreadable input, with a one-line
message on stderr. Never a traceback. ``--lang en`` gives the error messages in English
(default German); the JSON shapes are ``scoring.interchange``'s.

``--rules PROFILE`` (house-rules.md): a preset name (``tsr``, ``verein-002``,
``palast-003``) or a JSON file of options; a bad profile exits 2 with one line naming the
option. With ``--rules`` the results carry the Bock fields; without, everything is as
before.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from scoring.errors import GameRecordError, RulesError
from scoring.game import bock_triggers, score_game
from scoring.interchange import (
    error_to_dict,
    record_from_dict,
    result_to_dict,
    result_to_json,
    rules_from_dict,
)
from scoring.messages import Translate, identity, translator
from scoring.rules import PRESETS, RuleProfile

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


class UnreadableInput(Exception):
    """Input that is not a JSON document of the expected top-level type."""


class _NameJson(dict[str, str]):
    """Player name -> its JSON literal, made once per name."""

    def __missing__(self, name: str) -> str:
        literal = self[name] = json.dumps(name, ensure_ascii=False)
        return literal


def _score_json(data: Any, names: _NameJson, translate: Translate) -> tuple[str, bool]:
    try:
        result = score_game(record_from_dict(data))
    except GameRecordError as err:
        error = error_to_dict(err, translate)
        return json.dumps({"error": error}, ensure_ascii=False), False
    return result_to_json(result, names), True


def _score_house_json(data: Any, rules: RuleProfile, translate: Translate) -> tuple[str, bool]:
    try:
        record = record_from_dict(data, rules)
        result = score_game(record, rules)
    except GameRecordError as err:
        error = error_to_dict(err, translate)
        return json.dumps({"error": error}, ensure_ascii=False), False
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


def run_round(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    from scoring.round_cli import round_command

    return round_command(data, translate, rules)


def run_rangliste(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    # Rated tournaments play the TSR: ``--rules`` is not an option here (see ``main``).
    from scoring.rangliste_cli import rangliste_command

    return rangliste_command(data, translate)


# --- leagues: ``schedule`` and ``liga`` (competitions.md "Command-line contracts") ------


def run_liga(
    data: Any, translate: Translate = identity, rules: RuleProfile | None = None
) -> tuple[str, int]:
    """The ``liga`` command: Spieltage in, the league table out (``rules`` do not apply:
    league lists use the TSR)."""
    from scoring.interchange import league_table_to_dict, liga_from_dict
    from scoring.liga import LigaError, league_table, spieltag_result

    try:
        days = liga_from_dict(data)
        table = league_table([spieltag_result(day) for day in days])
    except LigaError as err:
        return json.dumps({"error": error_to_dict(err, translate)}, ensure_ascii=False), 1
    return json.dumps(league_table_to_dict(table), ensure_ascii=False), EXIT_OK


def run_schedule(
    teams: str, group_size: str, rounds: str | None, translate: Translate
) -> tuple[str, int]:
    """The ``schedule`` command: its arguments are the input (no file)."""
    from scoring.interchange import schedule_to_dict
    from scoring.schedule import ScheduleError, generate_schedule

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
        return json.dumps({"error": error_to_dict(err, translate)}, ensure_ascii=False), 1
    return json.dumps(schedule_to_dict(schedule)), EXIT_OK


COMMANDS: dict[str, Callable[[Any, Translate, RuleProfile | None], tuple[str, int]]] = {
    "score": run_score,
    "round": run_round,
    "rangliste": run_rangliste,
    "liga": run_liga,
}


def _read(path: str | None, stdin: TextIO) -> Any:
    try:
        if path is None or path == "-":
            text = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            with open(path, "rb") as fh:
                text = fh.read()
    except OSError as err:
        raise UnreadableInput(f"cannot read {path}: {err.strerror}") from None
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise UnreadableInput("input is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise UnreadableInput(
            f"not JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except RecursionError:
        raise UnreadableInput("not JSON: nested too deeply") from None
    except ValueError:  # e.g. an integer of more digits than Python converts (4,300)
        raise UnreadableInput("not JSON: a number too long to read") from None


def load_rules(value: str, translate: Translate = identity) -> RuleProfile:
    """``--rules``: a preset name or a JSON file of options. UnreadableInput (exit 2, one
    line) names what is wrong — for a bad option, the option."""
    if value in PRESETS:
        return PRESETS[value]
    try:
        with open(value, "rb") as fh:
            text = fh.read()
    except OSError as err:
        raise UnreadableInput(
            f"--rules: {value!r} is neither a preset ({', '.join(PRESETS)}) "
            f"nor a readable file: {err.strerror}"
        ) from None
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise UnreadableInput(f"--rules: {value} is not a JSON file of options") from None
    try:
        return rules_from_dict(data)
    except RulesError as err:
        raise UnreadableInput(f"--rules: {err.field}: {err.render(translate)}") from None


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] in ("stats", "kasse"):  # statistics.md: their own module
        from scoring.stats_cli import main as stats_main

        return stats_main(words, stdin)
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="Score Doppelkopf games and Spiellisten by the DDV Turnierspielregeln.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="score one game record or an array of them")
    rnd = sub.add_parser("round", help="replay one table's round (Spielliste)")
    rangliste = sub.add_parser("rangliste", help="the ranking list (Rangliste) on a reference date")
    liga = sub.add_parser("liga", help="league table from Spieltage (Siegpunkte 4/3/2/1)")
    schedule = sub.add_parser("schedule", help="league schedule: groups per round")
    sub.add_parser("stats", help="player statistics over lists (see: stats --help)")
    sub.add_parser("kasse", help="a list's Kasse: balances and payments (kasse --help)")
    schedule.add_argument("--teams", required=True, metavar="N", help="number of teams")
    schedule.add_argument("--group-size", default="4", metavar="G", help="teams per group")
    schedule.add_argument("--rounds", default=None, metavar="R", help="number of group rounds")
    schedule.add_argument("--lang", default="de", metavar="LANG", help="de (default) or en")
    for command in (score, rnd, rangliste, liga):
        command.add_argument("file", nargs="?", help="JSON file; stdin when absent or '-'")
        command.add_argument(
            "--lang",
            default="de",
            metavar="LANG",
            help="language of error messages: de (default) or en",
        )
    for command in (score, rnd):  # house rules score games; rankings take points as given
        command.add_argument(
            "--rules",
            default=None,
            metavar="PROFILE",
            help="house rules: a preset (" + ", ".join(PRESETS) + ") or a JSON file of options",
        )
    args = parser.parse_args(argv)
    if args.command == "schedule":
        out, status = run_schedule(args.teams, args.group_size, args.rounds, translator(args.lang))
        print(out)
        return status
    # A short-lived batch process that frees nothing cyclic: the collector would only
    # rescan the ever-growing input (a third of the run time on large batches).
    gc.disable()
    try:
        translate = translator(args.lang)
        chosen = getattr(args, "rules", None)
        rules = None if chosen is None else load_rules(chosen, translate)
        data = _read(args.file, stdin or sys.stdin)
        out, status = COMMANDS[args.command](data, translate, rules)
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
    sys.stdout.buffer.write(encoded)
    sys.stdout.buffer.write(b"\n")
    sys.stdout.flush()
    return status
