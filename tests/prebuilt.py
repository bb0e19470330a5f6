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
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
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


class Prebuilt(Generic[T]):
    """``Prebuilt(build)()`` runs ``build()`` or copies what its first run wrote."""

    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._kept: tuple[list[_Table], Any] | None = None

    def __call__(self) -> T:
        if self._kept is not None and self._copy(self._kept[0]):
            return _read_again(self._kept[1])
        before = _counts()
        result = self._build()
        if self._kept is None:
            self._kept = self._written(before, result)
        return result

    def _written(self, before: dict[str, int], result: T) -> tuple[list[_Table], Any] | None:
        """The rows the build wrote, if it wrote only into tables that were empty."""
        after = _counts()
        if any(count and after[table] != count for table, count in before.items()):
            return None  # it added to rows that were there: not ours alone to copy
        written = []
        with connection.cursor() as cursor:
            for table, count in after.items():
                if count and not before[table]:
                    cursor.execute(f"SELECT * FROM {_quote(table)}")
                    # SQLite reads a TIME column as datetime.time but cannot bind one.
                    rows = [
                        tuple(v.isoformat() if isinstance(v, dt.time) else v for v in row)
                        for row in cursor.fetchall()
                    ]
                    columns = [c[0] for c in cursor.description]
                    written.append(_Table(table, columns, rows))
        return written, _refs(result)

    @staticmethod
    def _copy(tables: list[_Table]) -> bool:
        """Insert the kept rows as they were, if their tables are empty and every row they
        point to is there. Foreign keys are deferred (Django creates them deferrable), so
        the order does not matter; they are checked before the copy is kept. A row they
        point to may be missing although the build found it: a data migration's row (the
        Ranglistenwart group) is gone after a transactional test's flush. Then the copy is
        undone and the build runs again."""
        try:
            with transaction.atomic():
                return Prebuilt._insert(tables)
        except _Dangling:
            return False

    @staticmethod
    def _insert(tables: list[_Table]) -> bool:
        with connection.cursor() as cursor:
            for table in tables:
                cursor.execute(f"SELECT 1 FROM {_quote(table.name)} LIMIT 1")
                if cursor.fetchone() is not None:
                    return False
            for table in tables:
                columns = ", ".join(_quote(c) for c in table.columns)
                marks = ", ".join(["%s"] * len(table.columns))
                cursor.executemany(
                    f"INSERT INTO {_quote(table.name)} ({columns}) VALUES ({marks})", table.rows
                )
            # PostgreSQL's id sequences do not move for explicit ids (SQLite's do).
            names = {t.name for t in tables}
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
