import pytest
from django.urls import reverse

from league.lists import services
from tests.site_helpers import normal


@pytest.mark.django_db
def test_admin_pages_open_and_lists_are_read_only(admin_client, liste):
    services.game_record(spielliste=liste, record=normal())
    for name in [
        "clubs_club",
        "clubs_player",
        "lists_spielliste",
        "tournaments_tournament",
        "tournaments_tournamentround",
        "core_auditentry",
    ]:
        assert admin_client.get(reverse(f"admin:{name}_changelist")).status_code == 200
    page = admin_client.get(reverse("admin:lists_spielliste_change", args=[liste.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="games-0-re_augen"' not in html  # shown, not editable
    assert "130" in html
