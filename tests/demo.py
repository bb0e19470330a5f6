"""The demo for tests: ``manage.py load_demo`` runs once per test process, every later test
gets a copy of the rows it wrote.

Loading the demo takes 10–15 s (hundreds of games through the services); most tests only
read it. The first test in a process (each pytest-xdist worker is one) that asks for the
demo runs the real command — with DEBUG on and without ``--force``, exactly as ``make run``
does — and keeps every row it wrote in memory, as the database returned it. Each later test
gets the same rows inserted again (same ids, the raw column values), a fraction of a second,
in its own transaction (a plain ``django_db`` test rolls it back) or before its flush (a
transactional test with a live server), on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test.utils import override_settings


@dataclass(frozen=True)
class Demo:
    output: str  # what load_demo printed when it ran in this process
    copied: bool  # False in the one test per process that ran the command itself


@dataclass(frozen=True)
class _Table:
    name: str
    columns: list[str]
    rows: list[tuple[Any, ...]]


_snapshot: tuple[str, list[_Table]] | None = None


def _tables() -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True))


def _count(cursor: Any, table: str) -> int:
    cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
    return int(cursor.fetchone()[0])


def _load() -> tuple[str, list[_Table]]:
    """Run the command on this (empty) test database and read back what it wrote."""
    with connection.cursor() as cursor:
        before = {table: _count(cursor, table) for table in _tables()}
    out = io.StringIO()
    with override_settings(DEBUG=True):
        call_command("load_demo", stdout=out)
    written: list[_Table] = []
    with connection.cursor() as cursor:
        for table, count in before.items():
            if count:  # filled by migrate (content types, permissions): the demo keeps out
                assert _count(cursor, table) == count, f"the demo wrote into {table}"
                continue
            quoted = connection.ops.quote_name(table)
            cursor.execute(f"SELECT * FROM {quoted}")
            rows = [tuple(row) for row in cursor.fetchall()]
            if rows:
                columns = [c[0] for c in cursor.description]
                written.append(_Table(table, columns, rows))
    return out.getvalue(), written


def _copy(tables: list[_Table]) -> None:
    """Insert the kept rows as they were; foreign keys are checked at commit (Django
    creates them deferrable), so the order of the tables does not matter."""
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for table in tables:
            columns = ", ".join(quote(c) for c in table.columns)
            marks = ", ".join(["%s"] * len(table.columns))
            cursor.executemany(
                f"INSERT INTO {quote(table.name)} ({columns}) VALUES ({marks})",
                table.rows,
            )
        # PostgreSQL's id sequences do not move for explicit ids (SQLite's do).
        names = {t.name for t in tables}
        models = [
            m for m in apps.get_models(include_auto_created=True) if m._meta.db_table in names
        ]
        for sql in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(sql)


def demo_load_or_copy() -> Demo:
    """The demo in the test database: loaded by the command the first time in this
    process, copied from then on. The database must not hold other rows yet."""
    global _snapshot
    if _snapshot is None:
        _snapshot = _load()
        return Demo(output=_snapshot[0], copied=False)
    _copy(_snapshot[1])
    return Demo(output=_snapshot[0], copied=True)
