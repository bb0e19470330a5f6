"""The player's pages behind a transaction pooler (PgBouncer in transaction mode).

``.ci/run`` runs tests/rankings through PgBouncer with ``DATABASE_POOL=transaction``; there a
new client connection gets a server connection another client used before. A statement
prepared by name on it (league/core/prepared.py) would then be there already ("prepared
statement … already exists") or missing: the pages must not prepare. Elsewhere these tests
only check that the setting turns preparing off.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import override_settings

from league.clubs.models import Player
from league.core.prepared import prepares
from league.lists import services
from tests.site_helpers import normal

POOLED = connection.vendor == "postgresql" and not prepares()


def test_the_transaction_pool_setting_turns_preparing_off():
    with override_settings(DATABASE_POOL="transaction"):
        assert not prepares()
    with override_settings(DATABASE_POOL=""):
        assert prepares()


@pytest.mark.skipif(not POOLED, reason="runs through PgBouncer (DATABASE_POOL=transaction)")
@pytest.mark.django_db(transaction=True)
def test_player_pages_answer_again_on_new_connections(client, django_user_model):
    user = django_user_model.objects.create_user("lf-pool", password="pw-secret-123")
    players = [Player.objects.create(name=n) for n in ("Anna", "Bernd", "Carla", "Dieter")]
    liste = services.spielliste_create(title="Pool", players=players, created_by=user)
    services.game_record(
        spielliste=liste, record=normal(players=services.table_names(players)), user=user
    )
    for _ in range(3):
        for page in ("/spieler/{}/", "/spieler/{}/statistik/"):
            assert client.get(page.format(players[0].pk)).status_code == 200
        # The next page comes on a new client connection, which PgBouncer pairs with a
        # server connection the last one used.
        connection.close()
