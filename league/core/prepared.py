"""Statements a page runs on every view, prepared once a connection on PostgreSQL.

A player's pages read his rows in one statement whose planning costs more than running it
(bench/ranking.py: a union of a dozen small reads, planned in about 0.4 ms and run in
0.3 ms). ``execute_prepared`` runs it as a named prepared statement: prepared the first
time a connection runs it (one query more, once a connection), then only executed. Other
databases run the SQL as it is.

- **Decision**: the statements are prepared by name per connection (a weak map from the
  driver's connection), never shared between connections; a connection made again
  prepares again. The parameters are bound as literals by Django's client-side cursor
  into ``EXECUTE name(…)``, as for any other query; every execution is one query in
  Django's query log.
- **Decision** (federation.md "More than one machine"): behind a transaction pooler
  (``DATABASE_POOL=transaction``, PgBouncer in transaction mode) a connection is shared
  between clients' transactions, so a statement prepared on it may be missing in the next
  transaction or already there under that name: the SQL then runs as it is, as on the
  other databases. Prepared statements are kept only where the connection is known to be
  direct (or pooled per session).
"""

from __future__ import annotations

import weakref
from typing import Any

from django.conf import settings
from django.db import connection

_prepared: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()


def prepares() -> bool:
    """Whether statements are prepared: not behind a transaction pooler."""
    return str(getattr(settings, "DATABASE_POOL", "")) != "transaction"


def execute_prepared(cursor: Any, name: str, sql: str, params: list[Any]) -> None:
    """Run ``sql`` (``%s`` parameters) with ``params`` on ``cursor``; on PostgreSQL as the
    prepared statement ``name`` (an identifier), prepared the first time this connection
    runs it."""
    if connection.vendor != "postgresql" or not prepares():
        cursor.execute(sql, params)
        return
    done = _prepared.setdefault(connection.connection, set())
    if name not in done:
        parts = sql.split("%s")
        text = parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], start=1))
        cursor.execute(f"PREPARE {name} AS {text}")
        done.add(name)
    cursor.execute(f"EXECUTE {name}({', '.join(['%s'] * len(params))})", params)
