"""Concurrent writers queue instead of failing (issue 10).

SQLite, the default install: eight tables saving at the same moment, on a *file* database
with the site's settings (WAL, IMMEDIATE transactions, a busy timeout) — every save lands,
none gets "database is locked". PostgreSQL: two writers appending to one list with the same
version — exactly one wins, the other gets the conflict; no game is lost or doubled.
"""

from __future__ import annotations

import functools
import random
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections

from league.clubs.models import Player
from league.core.errors import ServiceError
from league.lists import services
from league.lists.models import Game, Spielliste
from league.lists.selectors import spielliste_snapshot
from scoring.simulate import next_random_game

TABLES = 8
GAMES = 6


def _in_threads(actions: list[Callable[[], Any]]) -> list[Any]:
    """Run ``actions`` at once (a barrier), each on its own connection; exceptions returned."""
    barrier = threading.Barrier(len(actions))
    outcomes: list[Any] = [None] * len(actions)

    def run(i: int, action: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            outcomes[i] = action()
        except Exception as exc:  # the test looks at every failure
            outcomes[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    return outcomes


def _one(action: Callable[[], Any]) -> Any:
    (outcome,) = _in_threads([action])
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


@pytest.fixture
def file_sqlite(transactional_db, tmp_path):
    """Point new connections (the threads') at a file copy of the migrated test database."""
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite default install")
    path = tmp_path / "tables.sqlite3"
    connection.ensure_connection()
    target = sqlite3.connect(path)
    connection.connection.backup(target)
    target.close()
    conf = connections.settings["default"]
    before = conf["NAME"]
    conf["NAME"] = str(path)
    try:
        yield path
    finally:
        conf["NAME"] = before


def _make_lists(count: int) -> list[int]:
    ids = []
    for t in range(count):
        players = [Player.objects.create(name=f"T{t} {n}") for n in ("A", "B", "C", "D")]
        ids.append(services.spielliste_create(title=f"Tisch {t + 1}", players=players).pk)
    return ids


def _play(pk: int, seed: int, games: int) -> int:
    """One table entering ``games`` games one after the other, each on the version it read."""
    rng = random.Random(seed)
    liste = Spielliste.objects.get(pk=pk)
    for _ in range(games):
        snap = spielliste_snapshot(pk=pk)
        services.game_record(
            spielliste=liste,
            record=next_random_game(rng, snap.state),
            expected_version=snap.liste.version,
        )
    return pk


def test_eight_tables_saving_at_once_on_sqlite_all_land(file_sqlite):
    def settings_in_force() -> tuple[str, str | None]:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            mode = cursor.fetchone()[0]
        return mode, connection.transaction_mode  # type: ignore[attr-defined]  # SQLite's

    assert _one(settings_in_force) == ("wal", "IMMEDIATE")
    ids = _one(lambda: _make_lists(TABLES))
    outcomes = _in_threads(
        [lambda pk=pk, i=i: _play(pk, i, GAMES) for i, pk in enumerate(ids)]  # type: ignore[misc]
    )
    assert outcomes == ids  # no "database is locked", no conflict: every save landed

    def counts() -> list[tuple[int, int, int]]:
        return [
            (
                pk,
                Game.objects.filter(spielliste_id=pk).count(),
                spielliste_snapshot(pk=pk).liste.version,
            )
            for pk in ids
        ]

    for pk, games, version in _one(counts):
        assert games == GAMES, pk
        assert version >= GAMES


@pytest.mark.django_db(transaction=True)
def test_two_writers_on_one_list_one_wins_the_other_conflicts_on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("row locks race only on PostgreSQL")
    (pk,) = _make_lists(1)
    rng = random.Random(7)
    for attempt in range(8):
        snap = spielliste_snapshot(pk=pk)
        record = next_random_game(rng, snap.state)
        version = snap.liste.version
        liste = Spielliste.objects.get(pk=pk)
        write = functools.partial(
            services.game_record, spielliste=liste, record=record, expected_version=version
        )
        outcomes = _in_threads([write, write])
        games = [o for o in outcomes if isinstance(o, services.Written)]
        errors = [o for o in outcomes if isinstance(o, ServiceError)]
        assert len(games) == 1, outcomes
        assert [e.code for e in errors] == ["conflict"], outcomes
        assert errors[0].params["version"] == version + 1  # the winner's version
        assert (
            Game.objects.filter(spielliste_id=pk).count() == attempt + 1
        )  # none lost, none doubled
