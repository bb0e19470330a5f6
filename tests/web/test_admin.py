import pytest
from django.urls import reverse

from league import services

from .conftest import normal


@pytest.mark.django_db
def test_admin_pages_open_and_lists_are_read_only(admin_client, liste):
    services.game_record(spielliste=liste, record=normal())
    for name in ["club", "player", "spielliste", "tournament", "tournamentround", "changelog"]:
        assert admin_client.get(reverse(f"admin:league_{name}_changelist")).status_code == 200
    page = admin_client.get(reverse("admin:league_spielliste_change", args=[liste.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="games-0-re_augen"' not in html  # shown, not editable
    assert "130" in html
