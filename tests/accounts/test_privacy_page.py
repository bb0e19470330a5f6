"""A player hides his name from the public himself (api.md, DSGVO): his account's page."""

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.core.models import AuditEntry

pytestmark = pytest.mark.django_db


def test_a_linked_player_hides_and_shows_his_name(client, django_user_model):
    account = django_user_model.objects.create_user("jo", password="pw-secret-123")
    player = Player.objects.create(name="Jörg Weiß", account=account)
    client.force_login(account)
    page = client.get(reverse("privacy")).content.decode()
    assert "Jörg Weiß" in page
    assert f"Spieler {player.pk}" in page
    client.post(reverse("privacy"), {"hide_name": "1"})
    player.refresh_from_db()
    assert player.hide_name
    client.post(reverse("privacy"), {})
    player.refresh_from_db()
    assert not player.hide_name
    assert AuditEntry.objects.filter(action__in=("hide_name", "show_name")).count() == 2


def test_an_account_without_a_player_changes_nobody(client, django_user_model):
    account = django_user_model.objects.create_user("x", password="pw-secret-123")
    other = Player.objects.create(name="Andere")
    client.force_login(account)
    assert "keinem Spieler" in client.get(reverse("privacy")).content.decode()
    client.post(reverse("privacy"), {"hide_name": "1"})
    other.refresh_from_db()
    assert not other.hide_name
