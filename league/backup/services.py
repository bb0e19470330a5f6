"""Backup: everything (or one tournament, one league season, or a club's season) as one
JSON document, and back again.

The document (``FORMAT``, ``VERSION``) names every object by the id it had where it was
exported; those ids are references inside the file only. Import gives everything new keys.
Table codes and accounts are never exported (codes are secrets; accounts and passwords are
not a tournament's data).

This module knows no app's rows: each app registers a backup section
(``league.core.sections.BackupSection``) that exports, checks and restores its own part of
the document. Here the sections are put in order (each after the sections it references),
the document's frame is written and read, and the import runs check-everything-then-write-
everything: ``backup_import`` checks the whole document first (every section: references,
each list replayed through the rules engine, each paper entry, every history entry, every
value against its database column) and then writes in one transaction; any refusal rolls
everything back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone

from league.core.errors import ServiceError
from league.core.history import history_restore
from league.core.messages import render
from league.core.sections import (
    CheckContext,
    Fault,
    ImportSummary,
    RestoreContext,
    Scope,
    ScopeNotFound,
    Selection,
    backup_sections,
)
from league.lists.placement import places_rebuild

__all__ = [
    "FORMAT",
    "VERSION",
    "BackupError",
    "ImportSummary",
    "ScopeNotFound",
    "backup_export",
    "backup_import",
    "backup_validate",
]

FORMAT = "doppelkopf-liste-backup"
VERSION = 1

# The largest whole number any column takes (a big integer); JSON allows any.
_LARGEST = 2**63 - 1


class BackupError(Exception):
    """A document that cannot be imported; ``messages`` name each object and its fault."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("\n".join(messages))
        self.messages = messages


# --- export --------------------------------------------------------------------------------


def _scope_dict(scope: Scope) -> dict[str, Any]:
    if scope.kind == "all":
        return {"kind": "all"}
    out: dict[str, Any] = {"kind": scope.kind, scope.kind: scope.pk}
    if scope.kind == "club":
        out["season"] = scope.season
    return out


def backup_export(
    *,
    tournament_id: int | None = None,
    club_id: int | None = None,
    season: int | None = None,
    league_id: int | None = None,
) -> dict[str, Any]:
    """The document for everything, one tournament, one league season (its Spieltag lists,
    teams and players), or one club (optionally one season: the club's lists created in
    that calendar year). Raises ``ScopeNotFound`` (an ``ObjectDoesNotExist``) for a
    tournament, league or club that does not exist."""
    if league_id is not None:
        scope = Scope("league", league_id)
    elif tournament_id is not None:
        scope = Scope("tournament", tournament_id)
    elif club_id is not None:
        scope = Scope("club", club_id, season)
    else:
        scope = Scope("all")
    sections = backup_sections()
    selection = Selection(scope)
    # The owners first: they choose what they own and what it references (lists, players),
    # then the sections below them add what those reference in turn.
    for section in reversed(sections):
        if section.select is not None:
            section.select(selection)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "scope": _scope_dict(scope),
    }
    for section in sections:
        section.export(selection, doc)
    return doc


# --- check -------------------------------------------------------------------------------------


def _values(value: Any) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every key and value of a JSON document with its path (("lists", 3, "seats", 0))."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                yield (*path, key), key
                stack.append(((*path, key), inner))
        elif isinstance(item, list):
            stack.extend(((*path, i), inner) for i, inner in enumerate(item))
        else:
            yield path, item


def _path(path: tuple[str | int, ...]) -> str:
    """("lists", 3, "seats", 0, "name") → "lists[3].seats[0].name"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _surrogate(text: str) -> bool:
    """A lone surrogate ("\\ud800" in the JSON): no UTF-8 text, no database stores it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _sweep(doc: dict[str, Any]) -> list[Fault]:
    """Values no database column takes wherever they stand: a NUL character (PostgreSQL
    refuses it in text and JSON), a lone surrogate (no UTF-8 at all), a number that is not
    finite, a whole number beyond 64 bits. One fault per top-level key, naming the first
    such value by its path."""
    faults: list[Fault] = []
    for key, part in doc.items():
        for path, value in _values(part):
            code = ""
            if isinstance(value, str):
                if "\x00" in value:
                    code = "backup_nul"
                elif not value.isascii() and _surrogate(value):
                    code = "backup_surrogate"
            elif isinstance(value, float):
                if not math.isfinite(value):
                    code = "backup_not_finite"
            elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > _LARGEST:
                code = "backup_too_big"
            if code:
                faults.append(Fault((("path", _path((key, *path))),), code))
                break
    return faults


def _check(doc: Any) -> CheckContext:
    """Every section's check of ``doc``; raises ``BackupError`` with every fault found."""
    if not isinstance(doc, dict):
        raise BackupError([render("backup_not_json_object")])
    if doc.get("format") != FORMAT:
        raise BackupError([render("backup_wrong_format", {"expected": repr(FORMAT)})])
    if doc.get("version") != VERSION:
        raise BackupError(
            [
                render(
                    "backup_wrong_version",
                    {"version": repr(doc.get("version")), "expected": VERSION},
                )
            ]
        )
    faults = _sweep(doc)
    if faults:
        raise BackupError([f.message for f in faults])
    ctx = CheckContext(doc)
    sections = backup_sections()
    for section in sections:
        if section.places is not None:
            for kind, pk, place in section.places(doc):
                ctx.places[(kind, pk)] = place
    for section in sections:
        section.check(ctx)
    if ctx.faults:
        raise BackupError([f.message for f in ctx.faults])
    return ctx


def _shape(err: Exception) -> BackupError:
    # A shape the checks did not foresee: still refused, still nothing written.
    return BackupError([render("backup_shape", {"error": f"{type(err).__name__}: {err}"})])


def backup_validate(*, doc: Any) -> None:
    """Check ``doc`` as the import would (every section: references, every list replayed,
    every paper result, every history entry), reading the database for nothing and writing
    nothing; raises ``BackupError``."""
    try:
        _check(doc)
    except Fault as fault:
        raise BackupError([fault.message]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise _shape(err) from None


# --- import ------------------------------------------------------------------------------------


def backup_import(
    *,
    doc: Any,
    dry_run: bool = False,
    replace: bool = False,
    people: Callable[[str, int | None], Any] | None = None,
) -> ImportSummary:
    """Check ``doc`` completely, then write it in one transaction, section by section
    (rolled back for a dry run). An object the document names by a uid that is here already
    (a tournament imported or published before) is refused, or with ``replace`` replaced.
    ``people``: a publication's rules for players without a DDV number
    (``RestoreContext.people``). Raises ``BackupError`` with every fault found; nothing is
    written then."""
    summary = ImportSummary(dry_run=dry_run)
    try:
        ctx = _check(doc)
        with transaction.atomic():
            restore = RestoreContext(doc, ctx.plans, summary, replace=replace, people=people)
            sections = backup_sections()
            for section in reversed(sections):  # owners first: they hold the others' rows
                if section.prepare is not None:
                    section.prepare(restore)
            for section in sections:
                section.restore(restore)
            # The lists were written before their owners' sections linked them: where each
            # stands is asked of its owner now (derived: never in the document).
            places_rebuild(liste.pk for liste in restore.maps["list"].values())
            summary.history = history_restore(restore.history)
            if dry_run:
                transaction.set_rollback(True)
    except Fault as fault:
        raise BackupError([fault.message]) from None
    except ServiceError as err:  # a service refused what no section's check foresaw
        raise BackupError([err.message]) from None
    except DatabaseError as err:  # the last net: the database refused a row
        raise BackupError([render("backup_database", {"error": str(err).strip()})]) from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise _shape(err) from None
    return summary
