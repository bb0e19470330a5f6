"""The message table: every code has a text, in German and in English (scoring.messages)."""

from __future__ import annotations

import ast
import gettext
import json
import shutil
import string
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scoring import messages
from scoring.draw import FIVE_PLAYER_TABLES
from scoring.errors import GameRecordError, ScoringError
from scoring.interchange import LEVEL_CODES, PENALTY_KINDS, error_to_dict
from scoring.messages import LABEL_GROUPS, MESSAGES, choices, label, render, translator
from scoring.records import Kind, Party, SoloType
from scoring.results import ITEM_TSR
from scoring.round import RoundError
from scoring.standings import TIE_BREAK_KEYS

from .test_cli import run

ROOT = Path(__file__).resolve().parents[2]
SCORING = ROOT / "scoring"
PO = ROOT / "league" / "locale" / "en" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")

ERROR_CLASSES = {
    "ScoringError",
    "GameRecordError",
    "PenaltyError",
    "RoundError",
    "DrawError",
    "TotalsError",
    "ScheduleError",  # scoring.schedule
    "LigaError",  # scoring.liga
    "RatingError",  # scoring.rating
    "HistoryError",  # scoring.history
    "_cell_error",  # scoring.history: a cell's error, framed with sheet, row, column
    "_row_error",  # scoring.history: a row's
    "ServiceError",  # league.evenings.history_files: an unreadable file
    "RulesError",
    "RanglisteError",
    "SeasonError",
    "StatsError",  # scoring.interchange.stats
    "KasseError",  # scoring.kasse
}
# Raise sites whose variant is computed: the values it takes.
DYNAMIC_VARIANTS = {
    "re_wrong_size": {k.value for k in Kind},
    "too_many_doppelkopf": {p.value for p in Party},
    "totals_zero_sum": {"deduction"},  # or none: without deductions
}
# Texts that read the same in English by nature (proper names of the game).
SAME_IN_ENGLISH = {"kind.solo", "party.re", "party.kontra", "item.doppelkopf"}


@pytest.fixture(autouse=True)
def _default_locale_dir(monkeypatch):
    monkeypatch.delenv(messages.LOCALE_DIR_ENV, raising=False)


def _raise_sites() -> tuple[set[str], set[tuple[str, str]], set[str], set[str]]:
    """From the source: codes raised, (code, literal variant) pairs, codes raised with a
    computed variant, and context keys."""
    # The constants' values, as the source holds them (str there; Any to the AST's types).
    codes: set[Any] = set()
    variants: set[tuple[Any, Any]] = set()
    dynamic: set[Any] = set()
    contexts: set[Any] = set()
    # The site's history import raises engine codes too (its file and name refusals).
    history = sorted((ROOT / "league" / "evenings").glob("history*.py"))
    for path in [*SCORING.rglob("*.py"), *history]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            args = node.args
            if name == "_invalid_type":  # interchange's helper: (field name, variant)
                codes.add("invalid_type")
                assert isinstance(args[1], ast.Constant), ast.unparse(node)
                variants.add(("invalid_type", args[1].value))
                continue
            if name not in ERROR_CLASSES | {"_fail"}:
                continue
            for kw in node.keywords:
                if kw.arg == "context" and isinstance(kw.value, ast.Constant):
                    contexts.add(kw.value.value)
            if not args or not isinstance(args[0], ast.Constant):
                continue  # re-raising another error's code
            code = args[0].value
            codes.add(code)
            params = args[2] if name == "_fail" and len(args) > 2 else None
            if name != "_fail" and len(args) > 1:
                params = args[1]
            if isinstance(params, ast.Dict):
                for key, value in zip(params.keys, params.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "variant":
                        if isinstance(value, ast.Constant):
                            variants.add((code, value.value))
                        else:
                            dynamic.add(code)
    return codes, variants, dynamic, contexts


def test_every_code_raised_anywhere_has_a_table_entry():
    codes, variants, dynamic, contexts = _raise_sites()
    # The walk found the raise sites of every module ...
    assert {
        "not_an_object",  # interchange
        "re_wrong_size",  # records
        "penalty_invalid_points",  # penalties
        "vorfuehrung_due",  # round
        "draw_impossible",  # draw
        "invalid_tie_breaks",  # standings
    } <= codes
    # ... and the table has no entry for a code nobody raises.
    table_codes = {
        key.split(".")[0]
        for key in MESSAGES
        if key.split(".")[0] not in LABEL_GROUPS and not key.startswith(("wrap.", "warning."))
    }
    assert table_codes == codes
    assert {c for c in codes if c not in MESSAGES} == set()
    assert {f"{c}.{v}" for c, v in variants if f"{c}.{v}" not in MESSAGES} == set()
    # interchange's _invalid_type passes its argument on; its callers' literals count.
    assert dynamic - {"invalid_type"} == set(DYNAMIC_VARIANTS)
    for code, values in DYNAMIC_VARIANTS.items():
        assert {f"{code}.{v}" for v in values} <= MESSAGES.keys()
    assert (
        contexts
        == {"wrap.game", "wrap.penalty", "wrap.rated_list", "wrap.history_cell", "wrap.history_row"}
        <= MESSAGES.keys()
    )
    assert f"warning.{FIVE_PLAYER_TABLES}" in MESSAGES


def test_no_german_text_outside_the_table():
    """Strings with umlauts or German quotes live in messages.py only (docstrings aside)."""
    german = set("äöüÄÖÜß„“")
    for path in SCORING.rglob("*.py"):
        # people.py folds names: its table of umlauts (ä → ae) is data, not text.
        if path.name in ("messages.py", "people.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                assert not german & set(node.value), f"{path.name}: {node.value!r}"


def _params_for(template: str) -> dict[str, object]:
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return {
        f: (7 if f in {"count", "game", "total", "needed", "augen"} else f"«{f}»") for f in fields
    }


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_entry_renders_in_german_and_english(key):
    template = MESSAGES[key]
    params = _params_for(template)
    code = key
    prefix, _, variant = key.partition(".")
    if variant and prefix not in {*LABEL_GROUPS, "wrap", "warning"}:
        code = prefix  # an error code's variant: rendered from the code and its params
    de = render(code, {**params, "variant": variant} if code != key else params)
    en = render(code, {**params, "variant": variant} if code != key else params, translator("en"))
    for text in (de, en):
        assert text
        assert "{" not in text, text
        assert "}" not in text, text
        assert all(str(value) in text for value in params.values())
    assert de == template.format(**params)
    if key in SAME_IN_ENGLISH:
        assert en == de
    else:
        assert en != de, f"{key}: no English translation"


def _po_entries() -> dict[str, tuple[str, list[str]]]:
    """msgid -> (msgstr, flags) of the .po, parsed just enough for these checks; entries
    with a context (``msgctxt``, the site's own) are left out: the engine uses none."""
    entries: dict[str, tuple[str, list[str]]] = {}
    flags: list[str] = []
    msgid = msgstr = None
    target = None
    in_context = False
    for line in [*PO.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("msgctxt "):
            in_context = True
        elif line.startswith("#,"):
            flags = [f.strip() for f in line[2:].split(",")]
        elif line.startswith("msgid "):
            msgid, target = json.loads(line[6:]), "id"
        elif line.startswith("msgstr "):
            msgstr, target = json.loads(line[7:]), "str"
        elif line.startswith('"'):
            if target == "id":
                msgid = (msgid or "") + json.loads(line)
            else:
                msgstr = (msgstr or "") + json.loads(line)
        elif not line.strip():
            if msgid is not None and msgstr is not None and not in_context:
                assert msgid not in entries, f"duplicate msgid {msgid!r}"
                entries[msgid] = (msgstr, flags)
            flags, msgid, msgstr, target, in_context = [], None, None, None, False
    return entries


def test_the_catalogue_translates_every_template_with_brace_format_flags():
    entries = _po_entries()
    with MO.open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    for key, template in MESSAGES.items():
        assert template in entries, f"{key}: {template!r} is not in django.po"
        msgstr, flags = entries[template]
        assert compiled.gettext(template) == msgstr != "", f"{key}: django.mo is stale"
        placeholders = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        if placeholders and entries[template][0] != template:
            assert "python-brace-format" in flags, key
            assert {f for _, f, _, _ in string.Formatter().parse(msgstr) if f} == placeholders


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext's msgfmt")
def test_the_catalogue_compiles_cleanly(tmp_path):
    proc = subprocess.run(
        ["msgfmt", "-c", "-o", str(tmp_path / "django.mo"), str(PO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def test_translator_german_identity_fallback_and_env(monkeypatch, tmp_path):
    assert translator("de") is messages.identity
    assert translator(None) is messages.identity
    assert translator("de-AT") is messages.identity
    assert render("solo_missing", None, translator("xx")) == MESSAGES["solo_missing"]
    assert render("solo_missing", None, translator("en_GB")) == "A solo needs its solo type."
    monkeypatch.setenv(messages.LOCALE_DIR_ENV, str(tmp_path))
    assert messages.locale_dir() == tmp_path
    assert render("solo_missing", None, translator("en")) == MESSAGES["solo_missing"]


def test_render_never_raises():
    assert render("no_such_code") == "no_such_code"
    assert render("unknown_field") == "Unbekanntes Feld „{name}“."
    assert render("re_wrong_size", {"variant": "bogus", "count": 3}).startswith("Die Re-Partei")
    assert render("invalid_kind", {"value": "'x'", "allowed": "a"}, lambda s: "{oops") == (
        "Unbekannte Spielart 'x'; erlaubt: a."
    )


VOCABULARIES = {
    "kind": [k.value for k in Kind],
    "solo": [s.value for s in SoloType],
    "solo_short": [s.value for s in SoloType],
    "level": [c for c in LEVEL_CODES if c != "none"],
    "party": [p.value for p in Party],
    "penalty": list(PENALTY_KINDS),
    "penalty_short": list(PENALTY_KINDS),
    "tie_break": list(TIE_BREAK_KEYS),
    "item": list(ITEM_TSR),
}


@pytest.mark.parametrize("group", LABEL_GROUPS)
def test_label_groups_cover_their_vocabulary(group):
    assert [code for code, _ in choices(group)] == VOCABULARIES[group]
    assert group not in MESSAGES  # a group is never an error code
    english = dict(choices(group, translator("en")))
    assert all(english.values())


def test_labels():
    assert label("solo", SoloType.DAMEN) == "Damensolo"
    assert label("solo_short", "damen") == "Damen"
    assert label("solo_short", "damen", translator("en")) == "Queens"
    assert label("kind", Kind.STILLE_HOCHZEIT, translator("en")) == "Silent Hochzeit"
    assert label("penalty", "minor") == "Geringfügig (9.3.2): Verursacher −3, Mitspieler je +1"
    assert label("penalty_short", "minor") == "Geringfügiger Regelverstoß"
    assert label("level", "k90", translator("en")) == "no 90"
    assert label("tie_break", "best_round", translator("en")) == "Best round"
    assert label("item", "gegen_die_alten", translator("en")) == "Won against the queens of clubs"


def test_error_renders_lazily_in_any_language():
    err = GameRecordError("re_not_subset", {"name": "X"}, field="re")
    assert err.message == "„X“ ist kein Mitspieler dieses Spiels."
    assert str(err) == err.message
    assert err.render(translator("en")) == "“X” is not a player in this game."
    assert error_to_dict(err, translator("en")) == {
        "code": "re_not_subset",
        "field": "re",
        "message": "“X” is not a player in this game.",
    }
    assert isinstance(err, ScoringError)
    assert isinstance(err, ValueError)


def test_a_wrapped_error_keeps_its_code_and_frames_its_text():
    err = RoundError("augen_out_of_range", {}, field="re_augen", game=3, context="wrap.game")
    assert err.params["game"] == 3
    assert err.message == "Spiel 3: Re-Augen müssen eine ganze Zahl 0–240 sein."
    assert (
        err.render(translator("en")) == "Game 3: Re's Augen must be a whole number from 0 to 240."
    )
    # The code's own text, for callers that show the game elsewhere.
    assert render(err.code, err.params) == "Re-Augen müssen eine ganze Zahl 0–240 sein."


def test_errors_pickle_with_their_parameters():
    import pickle

    err = RoundError("unknown_player", {"name": "X"}, game=2, field="players")
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.code, dict(copy.params), copy.field, copy.game) == (
        "unknown_player",
        {"name": "X", "game": 2},
        "players",
        2,
    )
    assert copy.message == err.message


# --- the CLIs in English --------------------------------------------------------------


def test_score_cli_lang_en_gives_english_messages():
    bad = {"kind": "normal", "players": ["A", "B", "C", "D"], "re": ["A", "B"], "re_augen": 300}
    proc = run("score", "--lang", "en", stdin=json.dumps([bad]))
    assert proc.returncode == 1
    assert json.loads(proc.stdout) == [
        {
            "error": {
                "code": "augen_out_of_range",
                "field": "re_augen",
                "message": "Re's Augen must be a whole number from 0 to 240.",
            }
        }
    ]
    german = json.loads(run("score", stdin=json.dumps(bad)).stdout)
    assert german["error"]["message"] == "Re-Augen müssen eine ganze Zahl 0–240 sein."


def test_round_cli_lang_en_gives_english_messages():
    seats = ["Anna", "Bernd", "Carla", "Dieter"]
    lust = {
        "kind": "solo",
        "solo": "buben",
        "pflicht": False,
        "players": seats,
        "re": ["Bernd"],
        "re_augen": 150,
    }
    data = {"seats": seats, "games": [lust]}
    proc = run("round", "--lang", "en", stdin=json.dumps(data))
    assert proc.returncode == 1
    assert json.loads(proc.stdout) == {
        "error": {
            "code": "lustsolo_before_pflichtsolo",
            "game": 1,
            "message": "Bernd has not played their Pflichtsolo yet: a Lustsolo is allowed only "
            "after it (4.3.1). Enter it as the Pflichtsolo?",
        }
    }
    bad_game = {"seats": seats, "games": [{**lust, "re_augen": -1}]}
    err = json.loads(run("round", "--lang", "en", stdin=json.dumps(bad_game)).stdout)["error"]
    assert err["message"] == "Game 1: Re's Augen must be a whole number from 0 to 240."
    assert run("round", "-", "--lang", "en", stdin="[]").returncode == 2
