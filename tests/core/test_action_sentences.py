"""Every history action the services can write has a sentence in German and English
(issue 20): no raw key ("Verwaltung · substitute") on a history page, and actors such as
"Tisch 3" read in the reader's language."""

from __future__ import annotations

import ast
import pathlib

import pytest
from django.utils import translation

from league.core.actions import ACTION_SENTENCES, TARGET_SENTENCES, action_template
from league.core.models import AuditEntry
from league.lists.history import change_lines

LEAGUE = pathlib.Path(__file__).resolve().parents[2] / "league"
# Calls that take an ``action=`` keyword but write no history entry.
_NOT_WRITES = {"add_argument", "filter", "Q", "create", "AuditEntry", "exclude", "get"}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def written_actions() -> set[str]:
    """Every ``action=`` key passed to a write in ``league/`` (constants, ``a if x else
    b``, and ``f"add_{role}"`` of the role helpers with each role they are called with)."""
    keys: set[str] = set()
    templates: list[str] = []
    roles: set[str] = set()
    for path in LEAGUE.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            for kw in node.keywords:
                if kw.arg == "role" and name in ("member_add", "member_remove"):
                    assert isinstance(kw.value, ast.Constant), path
                    roles.add(str(kw.value.value))
                if kw.arg != "action" or name in _NOT_WRITES:
                    continue
                value = kw.value
                parts = [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]
                for part in parts:
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        keys.add(part.value)
                    elif isinstance(part, ast.JoinedStr):
                        templates.append(ast.unparse(part))
                    else:  # a parameter passed on: its callers pass the constants
                        assert isinstance(part, ast.Name), f"{path}: {ast.unparse(part)}"
    for template in templates:
        prefix = template[2:].split("{", 1)[0]
        assert roles, template
        keys.update(prefix + role for role in roles)
    return keys


ACTIONS = sorted(written_actions())


def test_the_walk_finds_the_known_keys():
    for key in ("substitute", "end_early", "paper", "paper_clear", "add_time", "add_organiser"):
        assert key in ACTIONS


@pytest.mark.parametrize("action", ACTIONS)
def test_every_written_action_has_a_sentence_in_german_and_english(action):
    template = action_template(action)
    assert template is not None, f"no sentence for the history action {action!r}"
    entry = AuditEntry(action=action, target="x.y", item=3, after={"name": "Anna", "seat": 2})
    german = change_lines([entry])[0].text
    with translation.override("en"):
        english = change_lines([entry])[0].text
    assert action not in german.split()
    assert english != german or template.isascii(), f"{action}: no English sentence"


@pytest.mark.parametrize("template", [*ACTION_SENTENCES.values(), *TARGET_SENTENCES.values()])
def test_every_sentence_is_translated(template):
    with translation.override("en"):
        assert translation.gettext(template) != template


def test_substitute_and_table_actor_read_in_english():
    entry = AuditEntry(
        action="substitute",
        target="lists.spielliste",
        item=7,
        role=AuditEntry.Role.TABLE,
        role_label="Tisch 3",
        after={"seat": 2, "from_game": 7, "name": "Erika"},
    )
    line = change_lines([entry])[0]
    assert line.who == "Tisch 3"
    assert line.text == "Ersatzspieler Erika übernimmt Platz 2 ab Spiel 7"
    with translation.override("en"):
        line = change_lines([entry])[0]
    assert line.who == "Table 3"
    assert line.text == "Substitute Erika takes seat 2 from game 7"
