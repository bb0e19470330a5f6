"""Queries every phone's poll runs every few seconds, compiled to SQL once per process.

Building a Django query costs more CPU than the database takes to answer a one-row lookup
(about half a millisecond of a list poll's one: bench/cluster.py ``--by-kind``): the
queryset is compiled once per process and database with a marker for the one value that
changes, and each call runs that SQL with the value in the marker's place. The row comes as
the database driver gives it (no field conversions): fit for a version's digest, not for
showing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.db.models import QuerySet

_SLOT = -7_364_301  # an id no column holds: where the value goes
_COMPILED: dict[tuple[str, str], tuple[str, list[Any]]] = {}


def first_row(name: str, build: Callable[[int], QuerySet[Any]], value: int) -> Any:
    """The first row of ``build(value)`` (None: no row), its SQL compiled once per process
    and database vendor under ``name``."""
    variant = (name, connection.vendor)
    found = _COMPILED.get(variant)
    if found is None:
        sql, params = build(_SLOT).query.sql_with_params()
        if sum(1 for p in params if p == _SLOT) != 1:  # the value must have one place
            raise ValueError(name)
        found = _COMPILED[variant] = (sql, list(params))
    sql, compiled = found
    with connection.cursor() as cursor:
        cursor.execute(sql, [value if p == _SLOT else p for p in compiled])
        return cursor.fetchone()
