"""A round close racing list writes (threads on PostgreSQL, whose row locks are real).

Whatever the interleaving, a closed round never holds a list that changed after the
close: either the write lands first (and the close sees the incomplete list and is
refused) or the close lands first (and the write is refused as ``round_closed``).
"""

from __future__ import annotations

import random
import threading
import time

import pytest
from django.db import connection, connections

from league.core.errors import ServiceError
from league.lists import services
from league.lists.models import Spielliste
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from league.tournaments.models import TournamentRound
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks race only on PostgreSQL"
    ),
]

ATTEMPTS = 16


def _race(*actions):
    barrier = threading.Barrier(len(actions))
    jitter = random.Random()
    outcomes: list[object] = [None] * len(actions)

    def run(i, action):
        try:
            barrier.wait()
            time.sleep(jitter.uniform(0, 0.03))  # vary who reaches the locks first
            outcomes[i] = action()
        except ServiceError as err:
            outcomes[i] = err.code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


def test_close_and_delete_last_game_never_leave_a_closed_round_with_an_incomplete_list():
    tournament = make_tournament(8, rounds=1)
    rnd, _ = ts.round_draw(tournament=tournament, seed=4)
    play_round(rnd, seed=4)
    seen = set()
    for _ in range(ATTEMPTS):
        liste = rnd.lists.first()
        assert liste is not None
        last = spielliste_snapshot(pk=liste.pk).games[-1]
        record = last.to_record(spielliste_snapshot(pk=liste.pk).names)
        close, delete = _race(
            lambda: ts.round_close(tournament_round=rnd),
            lambda liste=liste: services.game_delete_last(spielliste=liste),
        )
        seen.add((isinstance(close, TournamentRound), delete))
        rnd.refresh_from_db()
        lists = list(Spielliste.objects.filter(round_table__tournament_round=rnd))
        if rnd.closed:
            assert all(li.complete and li.frozen for li in lists)
            assert delete == "round_closed"
            ts.round_reopen(tournament_round=rnd)
        else:
            assert close == "round_incomplete"
            assert not any(li.frozen for li in lists)
            services.game_record(spielliste=liste, record=record)
    # Each attempt ended in one of the two orders (which one is up to the scheduler).
    assert seen <= {(True, "round_closed"), (False, last.number)}
