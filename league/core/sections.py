"""Sections: each app's share of the jobs that reach into every app's rows.

Three jobs span the whole site: the **backup** document (everything, one tournament, one
league, a club's season), **one person's data** (DSGVO export and erasure) and the **merge**
of two records of one player. No app may know the others' rows, so each job is cut into
sections: an app registers one section of each kind it needs in its ``AppConfig.ready``
(the way list owners register in ``league/lists/owners.py``), and the job — ``backup``,
``privacy``, ``rankings.player_merge`` — only orders the registered sections and runs them.

A section names the sections whose rows it references (``after``); the job runs them in that
order (an app that is not installed is simply not waited for). Refusals are ``Fault``s: a
place ("Turnier 3, Runde 2, Tisch 4, Spiel 5") and a message code with parameters from
``league.core.messages``.
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from django.core.exceptions import ImproperlyConfigured, ObjectDoesNotExist
from django.db import models
from django.db.models import Q

from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.messages import render

# --- places and faults ---------------------------------------------------------------------

# Where in a document something is: ((kind, number), …), e.g. (("tournament", 3),
# ("round", 2), ("table", 4)); a kind's label is the message "place_<kind>" ("Turnier {n}").
# An unknown number is "?"; a kind without a number takes None.
Place = tuple[tuple[str, Any], ...]


def place_text(place: Place) -> str:
    return ", ".join(render(f"place_{kind}", {"n": "?" if n is None else n}) for kind, n in place)


class Fault(Exception):
    """A refused part of a backup: where it is and why (a message code with parameters, or
    the refusal of a service or of the rules engine, which keeps its own code)."""

    def __init__(
        self,
        place: Place,
        code: str = "",
        params: Mapping[str, Any] | None = None,
        *,
        error: ServiceError | None = None,
    ) -> None:
        # An engine text that names its game itself ("Spiel 25: …") is not told it twice.
        named = error is not None and (
            "game" in error.params or (error.cause is not None and bool(error.cause.context))
        )
        if error is not None and error.game and not named:
            place = (*place, ("game", error.game))
        self.place = place
        self.code = error.code if error is not None else code
        self.params = dict(params or {})
        self.error = error
        super().__init__(self.code)

    @property
    def reason(self) -> str:
        return self.error.message if self.error is not None else render(self.code, self.params)

    @property
    def message(self) -> str:
        """The text in the active language: "Turnier 3, Runde 2, Tisch 4, Spiel 5: …"."""
        if not self.place:
            return self.reason
        return render("backup_at", {"place": place_text(self.place), "reason": self.reason})

    def __str__(self) -> str:
        return self.message


class ScopeNotFound(ObjectDoesNotExist):
    """The tournament, league or club an export was asked for does not exist."""

    def __init__(self, kind: str, pk: int) -> None:
        super().__init__(f"{kind} {pk}")
        self.kind = kind
        self.pk = pk


# --- ordering --------------------------------------------------------------------------------


class _Ordered(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def after(self) -> tuple[str, ...]: ...


S = TypeVar("S", bound=_Ordered)


def in_order(sections: Iterable[S]) -> list[S]:
    """Each section after the sections it names in ``after`` (names not registered are not
    waited for); otherwise in the order they were registered."""
    pending = list(sections)
    names = {s.name for s in pending}
    done: set[str] = set()
    out: list[S] = []
    while pending:
        ready = next(
            (s for s in pending if all(a in done or a not in names for a in s.after)), None
        )
        if ready is None:
            raise ImproperlyConfigured(f"sections_waiting: {[s.name for s in pending]}")
        pending.remove(ready)
        done.add(ready.name)
        out.append(ready)
    return out


def _register(registry: list[S], section: S) -> None:
    """Registered once by name (``ready`` may run twice in tests): a second one replaces."""
    for i, known in enumerate(registry):
        if known.name == section.name:
            registry[i] = section
            return
    registry.append(section)


# --- backup ------------------------------------------------------------------------------------

# The import's own writes (services and restored rows) carry this role label.
IMPORT_ACTOR = Actor(None, label="Import")


@dataclass(frozen=True)
class Scope:
    """What an export holds: ``all``, or one ``tournament``, ``league`` or ``club`` (with
    ``season``: the club's lists created in that calendar year)."""

    kind: str
    pk: int = 0  # the tournament's, league's or club's id
    season: int | None = None


@dataclass
class Selection:
    """The ids an export holds, by kind ("club", "player", "list", …). Sections that own a
    scope's object choose it and add what it references; the sections below add theirs."""

    scope: Scope
    ids: defaultdict[str, set[int]] = field(default_factory=lambda: defaultdict(set))

    @property
    def everything(self) -> bool:
        return self.scope.kind == "all"

    def add(self, kind: str, ids: Iterable[int | None]) -> None:
        self.ids[kind].update(pk for pk in ids if pk is not None)

    def of(self, kind: str) -> list[int]:
        return sorted(self.ids[kind])

    def own(self, kind: str, model: type[models.Model]) -> list[int]:
        """A section's own objects of ``kind``: the scope's one (``ScopeNotFound`` if there
        is none such), or every one in an export of everything; returns all chosen so far."""
        if self.scope.kind == kind:
            if not model._default_manager.filter(pk=self.scope.pk).exists():
                raise ScopeNotFound(kind, self.scope.pk)
            self.add(kind, [self.scope.pk])
        elif self.everything:
            self.add(kind, model._default_manager.values_list("pk", flat=True))
        return self.of(kind)


@dataclass
class ImportSummary:
    """What an import wrote (or, for a dry run, would have written)."""

    clubs_created: int = 0
    clubs_matched: int = 0
    players_created: int = 0
    players_matched: int = 0
    lists: int = 0
    tournaments: int = 0
    leagues: int = 0
    history: int = 0
    tournaments_replaced: int = 0
    dry_run: bool = False

    def lines(self) -> list[str]:
        replaced = (
            [render("backup_summary_replaced", {"count": self.tournaments_replaced})]
            if self.tournaments_replaced
            else []
        )
        return [
            render("backup_dry_run" if self.dry_run else "backup_done"),
            render(
                "backup_summary_clubs",
                {"created": self.clubs_created, "matched": self.clubs_matched},
            ),
            render(
                "backup_summary_players",
                {"created": self.players_created, "matched": self.players_matched},
            ),
            render(
                "backup_summary_rest",
                {
                    "lists": self.lists,
                    "tournaments": self.tournaments,
                    "leagues": self.leagues,
                    "history": self.history,
                },
            ),
            *replaced,
        ]


@dataclass
class CheckContext:
    """One import's check: the document, the places owners give the rows they own, the ids
    each checked section holds (``ids``, by kind), what a section keeps for its restore
    (``plans``, by section name) and the faults found so far."""

    doc: Mapping[str, Any]
    places: dict[tuple[str, int], Place] = field(default_factory=dict)
    ids: defaultdict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    plans: dict[str, Any] = field(default_factory=dict)
    faults: list[Fault] = field(default_factory=list)
    owned: dict[int, Place] = field(default_factory=dict)

    def items(self, key: str) -> list[Any]:
        """The entries of the document's ``key`` (none if absent; a fault if no list)."""
        value = self.doc.get(key, [])
        if not isinstance(value, list):
            self.faults.append(Fault((), "backup_not_a_list", {"key": key}))
            return []
        return value

    def place(self, kind: str, pk: int) -> Place:
        """The place an owner gave this object, else its own ("Liste 17")."""
        return self.places.get((kind, pk), ((kind, pk),))

    @contextlib.contextmanager
    def collect(self) -> Iterator[None]:
        """Collect a fault of one entry and go on with the next (every fault is reported)."""
        try:
            yield
        except Fault as fault:
            self.faults.append(fault)

    def own_list(self, pk: int, place: Place) -> None:
        """A list plays at one table of one owner (a round, a Spieltag, an evening)."""
        if pk in self.owned:
            raise Fault(place, "backup_list_twice", {"id": pk})
        self.owned[pk] = place


@dataclass
class RestoreContext:
    """One import's writes: the checked plans, the new object of each exported id by kind
    (``maps``: "club", "player", "list", …), the history to restore and the tally."""

    doc: Mapping[str, Any]
    plans: dict[str, Any]
    summary: ImportSummary
    maps: defaultdict[str, dict[int, Any]] = field(default_factory=lambda: defaultdict(dict))
    history: list[tuple[models.Model, Any]] = field(default_factory=list)
    # ``manage.py import --replace``: an object the document names by its uid that is here
    # already is replaced (its section's ``prepare`` removes it) instead of refused; what it
    # leaves to be taken again (a guest's record by name) is in ``reuse[kind][key]``.
    replace: bool = False
    reuse: defaultdict[str, dict[str, Any]] = field(default_factory=lambda: defaultdict(dict))
    # A publication's people rules (league.federation.people): for a player without a DDV
    # number, (name, club id here) → the record to use, or None for the import's own way
    # (the replaced tournament's guest by name, else a new record).
    people: Callable[[str, int | None], Any] | None = None

    def restored(self, obj: models.Model, entries: Any) -> None:
        """``obj`` was written: its exported history is restored onto it at the end."""
        self.history.append((obj, entries))


@dataclass(frozen=True)
class BackupSection:
    """An app's share of the backup document.

    ``keys``: the document's top-level keys the section writes and reads. ``select``
    (optional) chooses the scope's objects it owns and adds the ids of what they reference
    (it runs before the sections it references); ``export`` writes its keys for the final
    selection (it may add a field to an earlier section's entries, e.g. a club's season);
    ``places`` (optional) names the rows of other sections it owns, for messages ("Turnier
    3, Runde 2, Tisch 4"); ``check`` validates its part without reading or writing the
    database, raising or collecting ``Fault``s and keeping what its restore needs in
    ``ctx.plans``; ``prepare`` (optional) deals with what the database holds already under
    the document's uids; ``restore`` writes it (in one transaction with every other
    section)."""

    name: str
    keys: tuple[str, ...]
    export: Callable[[Selection, dict[str, Any]], None]
    check: Callable[[CheckContext], None]
    restore: Callable[[RestoreContext], None]
    after: tuple[str, ...] = ()
    select: Callable[[Selection], None] | None = None
    places: Callable[[Mapping[str, Any]], Iterable[tuple[str, int, Place]]] | None = None
    # Before any section restores (owners first): what is here already under the document's
    # uids — refused, or removed for ``replace`` (in the import's transaction).
    prepare: Callable[[RestoreContext], None] | None = None


_backup: list[BackupSection] = []


def register_backup(section: BackupSection) -> None:
    _register(_backup, section)


def backup_sections() -> list[BackupSection]:
    return in_order(_backup)


# --- one person's data -------------------------------------------------------------------------


@dataclass
class Erasure:
    """Forgetting one player: the pseudonym he gets, every name he appears under (each
    section adds the ones its rows hold) and the audit entries that may carry them (each
    section adds a condition for its own)."""

    player_id: int
    pseudonym: str
    names: set[str] = field(default_factory=set)
    history: list[Q] = field(default_factory=list)


@dataclass(frozen=True)
class PrivacySection:
    """An app's share of one person's data. ``export`` adds its keys to the person's export
    (or a field to an earlier section's entries); ``prepare`` locks what it will change and
    adds names and history conditions to the erasure; ``forget`` pseudonymises its rows
    (results stay: records keep their ids)."""

    name: str
    after: tuple[str, ...] = ()
    export: Callable[[int, dict[str, Any]], None] | None = None
    prepare: Callable[[Erasure], None] | None = None
    forget: Callable[[Erasure], None] | None = None


_privacy: list[PrivacySection] = []


def register_privacy(section: PrivacySection) -> None:
    _register(_privacy, section)


def privacy_sections() -> list[PrivacySection]:
    return in_order(_privacy)


# --- merging two records of one player ---------------------------------------------------------


@dataclass(frozen=True)
class MergeSection:
    """An app's share of a merge of player ``merge`` into ``keep`` (both rows locked).

    ``check`` raises ``ServiceError`` where the two records are two people by this app's
    rows (both in one list, one tournament, one Spieltag's line-ups); ``move`` makes every
    row of the app that names ``merge`` name ``keep`` and returns the counts by
    "<app>.<model>.<field>" (rows that would then exist twice are merged into one)."""

    name: str
    move: Callable[[int, int], Mapping[str, int]]
    after: tuple[str, ...] = ()
    check: Callable[[int, int], None] | None = None


_merge: list[MergeSection] = []


def register_merge(section: MergeSection) -> None:
    _register(_merge, section)


def merge_sections() -> list[MergeSection]:
    return in_order(_merge)


def moved_key(model: type[models.Model], field_name: str) -> str:
    return f"{model._meta.label_lower}.{field_name}"


def move_rows(
    rows: models.Manager[Any] | models.QuerySet[Any],
    keep: int,
    merge: int,
    *,
    column: str = "player_id",
    unique_with: str | None = None,
) -> int:
    """A merge's step for one table: its ``rows`` whose ``column`` names ``merge`` name
    ``keep``; returns how many moved. ``unique_with``: the column that with ``column`` is
    unique (a team, a Spieltag) — where both records have a row for one value, the
    surviving record's stays and the merged record's goes first."""
    if unique_with is not None:
        kept = rows.filter(**{column: keep}).values_list(unique_with, flat=True)
        rows.filter(**{column: merge, f"{unique_with}__in": list(kept)}).delete()
    return rows.filter(**{column: merge}).update(**{column: keep})
