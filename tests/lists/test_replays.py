"""Replays kept in memory by what they are made from (league/lists/replays.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.lists import services
from league.lists.models import Spielliste
from league.lists.selectors import snapshots_of
from tests.site_helpers import normal


def _read(ids: list[int], *, reveal: bool = False) -> tuple[list, int]:
    lists = list(Spielliste.objects.filter(pk__in=ids).order_by("pk"))
    with CaptureQueriesContext(connection) as queries:
        snaps = snapshots_of(lists, reveal=reveal)
    return snaps, len(queries)


@pytest.mark.django_db
def test_only_the_list_that_changed_is_read_and_replayed_again(players, user):
    first = services.spielliste_create(title="Tisch 1", players=players, created_by=user)
    second = services.spielliste_create(title="Tisch 2", players=players, created_by=user)
    names = services.table_names(players)
    services.game_record(spielliste=first, record=normal(players=names), user=user)
    ids = [first.pk, second.pk]
    before, read = _read(ids)
    assert read == 3  # seats, games, penalty rows
    again, kept = _read(ids)
    assert kept == 1  # the seats only: both replays kept
    assert [s.state.totals for s in again] == [s.state.totals for s in before]
    services.game_record(spielliste=second, record=normal(players=names), user=user)
    after, reread = _read(ids)
    assert reread == 3
    assert after[0].state.totals == before[0].state.totals
    assert after[1].state.games_played == 1  # the save shows


@pytest.mark.django_db
def test_a_hidden_name_and_a_renamed_seat_are_replays_of_their_own(players, user):
    liste = services.spielliste_create(title="Tisch", players=players, created_by=user)
    names = services.table_names(players)
    services.game_record(spielliste=liste, record=normal(players=names), user=user)
    player = players[0]
    player.hide_name = True
    player.save()
    public, _ = _read([liste.pk])
    revealed, read = _read([liste.pk], reveal=True)
    assert read == 3  # not the public replay
    assert player.name in revealed[0].state.totals
    assert player.name not in public[0].state.totals
    assert player.public_alias in public[0].state.totals
