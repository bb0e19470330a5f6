"""What every subcommand of ``python -m scoring`` shares: the exit statuses, the error for
unreadable input, reading the JSON input and ``--rules``, the error object as JSON text, and
``Command``, one entry of the registry in ``scoring.cli``.

The command modules (``score_cli``, ``round_cli``, ``rangliste_cli``, ``liga_cli``) build
on this module; ``scoring.cli`` sits above them all and only dispatches.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from scoring.errors import RulesError, ScoringError
from scoring.interchange import error_to_dict, rules_from_dict
from scoring.messages import Translate, identity
from scoring.rules import PRESETS, RuleProfile

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


class UnreadableInput(Exception):
    """Input that is not a JSON document of the expected top-level type."""


Run = Callable[[Any, Translate, argparse.Namespace], tuple[str, int]]
"""A command's work: (its JSON input, the translator of ``--lang``, its parsed arguments)
-> (the JSON text to print, the exit status)."""


def no_arguments(parser: argparse.ArgumentParser) -> None:
    """A command without arguments of its own."""


@dataclass(frozen=True)
class Command:
    """One subcommand: ``python -m scoring <name>``, listed with ``help``.

    ``run`` gets the JSON document read from FILE or stdin (``None`` when ``reads_input``
    is false: the arguments are the input, as for ``schedule``) and the parsed arguments;
    with ``rules`` the command takes ``--rules PROFILE`` and finds the loaded
    ``RuleProfile`` (or None) in ``args.rules``. ``arguments`` adds the command's own
    options to its parser (``args.<option>`` in ``run``); ``description`` heads its own
    ``--help``. ``run`` raises ``UnreadableInput`` for input of the wrong top-level type or
    an option that cannot stand (exit 2, one line on stderr).
    """

    name: str
    help: str
    run: Run
    rules: bool = False
    reads_input: bool = True
    arguments: Callable[[argparse.ArgumentParser], None] = no_arguments
    description: str | None = None
    pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None
    """``object_pairs_hook`` for reading the input (``rating`` finds a name twice)."""


def error_json(err: ScoringError, translate: Translate = identity) -> str:
    """``{"error": <error object>}`` as JSON text, the answer of exit status 1."""
    return json.dumps({"error": error_to_dict(err, translate)}, ensure_ascii=False)


def read_json(
    path: str | None,
    stdin: TextIO,
    pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """The JSON document in ``path`` (stdin when None or "-"); UnreadableInput otherwise."""
    try:
        if path is None or path == "-":
            text = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            with open(path, "rb") as fh:
                text = fh.read()
    except OSError as err:
        raise UnreadableInput(f"cannot read {path}: {err.strerror}") from None
    try:
        return json.loads(text, object_pairs_hook=pairs_hook)
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
