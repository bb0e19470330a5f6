"""Test data built once per test process and copied into each later test that asks for it.

A fixture that writes the same rows for every test (the demo, the permission matrix's
world) builds them the first time in this process (each pytest-xdist worker is one) and
keeps every row the build wrote, as the database returned it. A later test gets the same
rows inserted again — same ids, the raw column values — in a fraction of the time, inside
its own transaction (a plain ``django_db`` test rolls it back) or before its flush (a
transactional test), on SQLite and PostgreSQL alike; the model instances the build returned
are read again by their ids.

Only a build into empty tables is kept, and only copied into empty tables: otherwise (a
test wrote other rows first) the build simply runs again, as it always did. A build must
only add rows (it may not change rows that were there before it, such as content types):
what it changed in such a row would not be copied.

The rows a kept build points to without having written them (its foundations: the
Ranglistenwart group a data migration made, which the demo's Ranglistenwart belongs to) are
kept too. A transactional test's flush deletes them; the copy puts them back as they were,
with their ids, so a browser test on the demo copies it instead of loading it again (10–15 s
each). If such a row's id now holds another row, or its unique values are taken, the build
runs again.

A build every worker needs (the demo: 30–60 s on a busy machine) may be shared by the run's
workers (``Prebuilt(build, share="demo")``): the first worker to need it builds it while the
others wait for it, and leaves what it kept in a file of the run (pytest-xdist's run id); the
others copy that instead of building it again. The same checks hold for the copy; when one
fails the worker builds it itself.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import os
import pickle
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from django.apps import apps
from django.core.management.color import no_style
from django.db import IntegrityError, connection, models, transaction

T = TypeVar("T")


@dataclass(frozen=True)
class _Table:
    name: str
    columns: list[str]
    rows: list[tuple[Any, ...]]


@dataclass(frozen=True)
class _Ref:
    """A model instance the build returned, to be read again after a copy."""

    model: type[models.Model]
    pk: Any


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _counts() -> dict[str, int]:
    tables = sorted(connection.introspection.django_table_names(only_existing=True))
    with connection.cursor() as cursor:
        counts = {}
        for table in tables:
            cursor.execute(f"SELECT COUNT(*) FROM {_quote(table)}")
            counts[table] = int(cursor.fetchone()[0])
    return counts


def _refs(value: Any) -> Any:
    if isinstance(value, models.Model):
        return _Ref(type(value), value.pk)
    if isinstance(value, dict):
        return {k: _refs(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_refs(v) for v in value)
    return value  # plain values (text, numbers) are kept as they are


def _read_again(value: Any) -> Any:
    if isinstance(value, _Ref):
        return value.model._default_manager.get(pk=value.pk)
    if isinstance(value, dict):
        return {k: _read_again(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_read_again(v) for v in value)
    return value


class _Dangling(Exception):
    """A copied row points to a row this database does not have."""


def _row(values: tuple[Any, ...]) -> tuple[Any, ...]:
    # SQLite reads a TIME column as datetime.time but cannot bind one.
    return tuple(v.isoformat() if isinstance(v, dt.time) else v for v in values)


@dataclass(frozen=True)
class _Foundation:
    """Rows of a table the build did not write but its rows point to, by their key."""

    table: _Table
    key: str

    def rows_by_key(self) -> dict[Any, tuple[Any, ...]]:
        at = self.table.columns.index(self.key)
        return {row[at]: row for row in self.table.rows}


def _foundations(written: list[_Table]) -> list[_Foundation]:
    """The rows outside ``written`` that the written rows point to (foreign keys)."""
    by_name = {t.name: t for t in written}
    wanted: dict[tuple[str, str], set[Any]] = {}
    for model in apps.get_models(include_auto_created=True):
        table = by_name.get(model._meta.db_table)
        if table is None or model._meta.proxy:
            continue
        for field in model._meta.concrete_fields:
            if not isinstance(field, models.ForeignKey):  # a OneToOneField is one too
                continue
            target = field.related_model
            if not isinstance(target, type) or target._meta.db_table in by_name:
                continue
            at = table.columns.index(field.column)
            pointed = (target._meta.db_table, field.target_field.column)
            wanted.setdefault(pointed, set()).update(r[at] for r in table.rows if r[at] is not None)
    found = []
    with connection.cursor() as cursor:
        for (name, key), ids in sorted(wanted.items()):
            rows: list[tuple[Any, ...]] = []
            ordered = sorted(ids)
            for start in range(0, len(ordered), 500):  # SQLite's limit of bound values
                chunk = ordered[start : start + 500]
                marks = ", ".join(["%s"] * len(chunk))
                cursor.execute(
                    f"SELECT * FROM {_quote(name)} WHERE {_quote(key)} IN ({marks})", chunk
                )
                rows.extend(_row(row) for row in cursor.fetchall())
            columns = [c[0] for c in cursor.description] if rows else []
            if rows:
                found.append(_Foundation(_Table(name, columns, rows), key))
    return found


# The run's shared builds (pytest-xdist's workers share the run id; one process shares none).
_RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID")
SHARED = Path(tempfile.gettempdir()) / "doko-prebuilt"


def shared_builds_clear(older_than: float) -> None:
    """Removes the shared builds of runs that started more than ``older_than`` seconds ago."""
    if not SHARED.is_dir():
        return
    for run in SHARED.iterdir():
        with contextlib.suppress(OSError):
            if run.stat().st_mtime < time.time() - older_than:
                for part in run.iterdir():
                    part.unlink()
                run.rmdir()


_PROCESS = f"process-{os.getpid()}"  # without pytest-xdist: this process's own files


@contextlib.contextmanager
def run_file(name: str, *, suffix: str = ".pickle", run: str | None = None) -> Iterator[Path]:
    """The run's file ``name`` (shared by its workers), held exclusively while it is read or
    made; the caller makes it if it does not exist yet."""
    folder = SHARED / (run or _RUN or _PROCESS)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield folder / f"{name}{suffix}"
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def shared_once(name: str, make: Callable[[], T]) -> T:
    """A plain value (no model instances) made once per run: the first worker to need it
    makes it while the others wait, and leaves it in a file of the run; the others read
    that. One process alone (no pytest-xdist) simply makes it. ``make`` must give the same
    value in every worker (it reads only what a shared build wrote, such as the demo)."""
    if _RUN is None:
        return make()
    with run_file(name) as shared:
        if shared.exists():
            kept: T = pickle.loads(shared.read_bytes())
            return kept
        value = make()
        with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError):
            shared.write_bytes(pickle.dumps(value))
        return value


class Prebuilt(Generic[T]):
    """``Prebuilt(build)()`` runs ``build()`` or copies what its first run wrote."""

    def __init__(self, build: Callable[[], T], *, share: str | None = None) -> None:
        self._build = build
        self._share = share
        self._kept: tuple[list[_Table], list[_Foundation], Any] | None = None

    def __call__(self) -> T:
        if self._kept is None and self._share is not None and _RUN is not None:
            with self._shared(_RUN) as shared:
                if shared.exists():
                    self._kept = pickle.loads(shared.read_bytes())
                else:
                    return self._build_and_keep(shared)
        if self._kept is not None and self._copy(self._kept[0], self._kept[1]):
            return _read_again(self._kept[2])
        return self._build_and_keep(None)

    def _build_and_keep(self, shared: Path | None) -> T:
        before = _counts()
        result = self._build()
        if self._kept is None:
            self._kept = self._written(before, result)
            if shared is not None and self._kept is not None:
                with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError):
                    shared.write_bytes(pickle.dumps(self._kept))
        return result

    @contextlib.contextmanager
    def _shared(self, run: str) -> Iterator[Path]:
        """The run's file of this build, held exclusively while it is read or built."""
        assert self._share is not None
        with run_file(self._share, run=run) as path:
            yield path

    def _written(
        self, before: dict[str, int], result: T
    ) -> tuple[list[_Table], list[_Foundation], Any] | None:
        """The rows the build wrote, if it wrote only into tables that were empty."""
        after = _counts()
        if any(count and after[table] != count for table, count in before.items()):
            return None  # it added to rows that were there: not ours alone to copy
        written = []
        with connection.cursor() as cursor:
            for table, count in after.items():
                if count and not before[table]:
                    cursor.execute(f"SELECT * FROM {_quote(table)}")
                    rows = [_row(row) for row in cursor.fetchall()]
                    columns = [c[0] for c in cursor.description]
                    written.append(_Table(table, columns, rows))
        return written, _foundations(written), _refs(result)

    @staticmethod
    def _copy(tables: list[_Table], foundations: list[_Foundation]) -> bool:
        """Insert the kept rows as they were, if their tables are empty and every row they
        point to is there. Foreign keys are deferred (Django creates them deferrable), so
        the order does not matter; they are checked before the copy is kept. A row they
        point to may be missing although the build found it: a data migration's row (the
        Ranglistenwart group) is gone after a transactional test's flush. A foundation is
        put back as it was; any other missing row undoes the copy and the build runs
        again."""
        try:
            with transaction.atomic():
                return Prebuilt._insert(tables, foundations)
        except _Dangling:
            return False

    @staticmethod
    def _missing(cursor: Any, foundation: _Foundation) -> list[tuple[Any, ...]] | None:
        """The foundation's rows this database lacks; None if one of its ids holds another
        row (then the copy would point to that one)."""
        kept = foundation.rows_by_key()
        columns = ", ".join(_quote(c) for c in foundation.table.columns)
        at = foundation.table.columns.index(foundation.key)
        keys = list(kept)
        there: dict[Any, tuple[Any, ...]] = {}
        for start in range(0, len(keys), 500):  # SQLite's limit of bound values
            chunk = keys[start : start + 500]
            marks = ", ".join(["%s"] * len(chunk))
            cursor.execute(
                f"SELECT {columns} FROM {_quote(foundation.table.name)} "
                f"WHERE {_quote(foundation.key)} IN ({marks})",
                chunk,
            )
            there.update((row[at], _row(row)) for row in cursor.fetchall())
        if any(kept[key] != row for key, row in there.items()):
            return None
        return [row for key, row in kept.items() if key not in there]

    @staticmethod
    def _insert(tables: list[_Table], foundations: list[_Foundation]) -> bool:
        with connection.cursor() as cursor:
            for table in tables:
                cursor.execute(f"SELECT 1 FROM {_quote(table.name)} LIMIT 1")
                if cursor.fetchone() is not None:
                    return False
            restored = []
            for foundation in foundations:
                missing = Prebuilt._missing(cursor, foundation)
                if missing is None:
                    return False
                if missing:
                    restored.append(
                        _Table(foundation.table.name, foundation.table.columns, missing)
                    )
            try:
                with transaction.atomic():  # a unique value of the row taken by another
                    Prebuilt._insert_rows(cursor, restored)
            except IntegrityError:
                return False
            Prebuilt._insert_rows(cursor, tables)
            # PostgreSQL's id sequences do not move for explicit ids (SQLite's do).
            names = {t.name for t in tables + restored}
            copied = [
                m for m in apps.get_models(include_auto_created=True) if m._meta.db_table in names
            ]
            for sql in connection.ops.sequence_reset_sql(no_style(), copied):
                cursor.execute(sql)
        try:
            connection.check_constraints(table_names=sorted(names))
        except IntegrityError as dangling:
            raise _Dangling from dangling
        return True

    @staticmethod
    def _insert_rows(cursor: Any, tables: list[_Table]) -> None:
        for table in tables:
            columns = ", ".join(_quote(c) for c in table.columns)
            marks = ", ".join(["%s"] * len(table.columns))
            cursor.executemany(
                f"INSERT INTO {_quote(table.name)} ({columns}) VALUES ({marks})", table.rows
            )
