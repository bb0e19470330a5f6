"""Queries every phone's poll runs every few seconds, compiled to SQL once per process.

Building a Django query costs more CPU than the database takes to answer a one-row lookup
(about half a millisecond of a list poll's one: bench/cluster.py ``--by-kind``): the
queryset is compiled once per process and database with a marker for each value that
changes (ids no column holds), and each call runs that SQL with the values in the markers'
places. The row comes as the database driver gives it (no field conversions): fit for a
version's digest, not for showing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import QuerySet

_MARKERS = (-7_364_301, -7_364_302, -7_364_303)  # ids no column holds


@dataclass(frozen=True)
class _Slot:
    """Where the call's value number ``at`` goes among the compiled query's parameters."""

    at: int


_COMPILED: dict[tuple[Hashable, str], tuple[str, list[Any]]] = {}


def first_row(name: Hashable, build: Callable[..., QuerySet[Any]], *values: int) -> Any:
    """The first row of ``build(*values)`` (None: no row), its SQL compiled once per process
    and database vendor under ``name`` (which names every other choice ``build`` makes)."""
    variant = (name, connection.vendor)
    found = _COMPILED.get(variant)
    if found is None:
        markers = _MARKERS[: len(values)]
        sql, params = build(*markers).query.sql_with_params()
        slots = [_Slot(markers.index(p)) if p in markers else p for p in params]
        if {s.at for s in slots if isinstance(s, _Slot)} != set(range(len(values))):
            raise ValueError(name)  # a value the query does not use: not this helper's case
        found = _COMPILED[variant] = (sql, slots)
    sql, slots = found
    with connection.cursor() as cursor:
        cursor.execute(sql, [values[p.at] if isinstance(p, _Slot) else p for p in slots])
        return cursor.fetchone()
