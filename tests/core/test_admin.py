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


@pytest.mark.django_db
def test_admin_cannot_change_lists_rounds_or_history(admin_client, liste):
    from league.core.models import AuditEntry
    from tests.tournaments.helpers import make_tournament

    services.game_record(spielliste=liste, record=normal())
    tournament = make_tournament(8, rounds=1)
    from league.tournaments import services as ts

    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    entry = AuditEntry.objects.filter(target="lists.spielliste").first()
    assert entry is not None
    for url in [
        reverse("admin:lists_spielliste_change", args=[liste.pk]),
        reverse("admin:tournaments_tournamentround_change", args=[rnd.pk]),
        reverse("admin:core_auditentry_change", args=[entry.pk]),
    ]:
        html = admin_client.get(url).content.decode()
        assert 'name="_save"' not in html  # view only
        # A forged POST changes nothing.
        admin_client.post(url, {"version": 99, "status": "closed", "actor": "x"})
    for url in [
        reverse("admin:lists_spielliste_delete", args=[liste.pk]),
        reverse("admin:core_auditentry_delete", args=[entry.pk]),
    ]:
        assert admin_client.post(url, {"post": "yes"}).status_code == 403
    liste.refresh_from_db()
    rnd.refresh_from_db()
    entry.refresh_from_db()
    assert (liste.version, liste.games_played) == (1, 1)
    assert rnd.status == "drawn"
    assert entry.actor != "x"


@pytest.mark.django_db
def test_admin_tournament_edit_goes_through_the_service(admin_client):
    from league.core.models import AuditEntry
    from tests.tournaments.helpers import make_tournament

    tournament = make_tournament(4, rounds=2)
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    data = {
        "name": "Neu",
        "date": "2026-11-21",
        "venue": "",
        "club": "",
        "rounds_planned": "2",
        "tie_breaks": '["bogus"]',
        "participants-TOTAL_FORMS": "0",
        "participants-INITIAL_FORMS": "0",
    }
    response = admin_client.post(url, data)
    assert response.status_code == 200  # the form again, with the service's error
    assert "Wertungsreihenfolge" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.name == "Testturnier"
    data["tie_breaks"] = '["best_round", "total"]'
    response = admin_client.post(url, data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.tie_breaks) == ("Neu", ["best_round", "total"])
    change = AuditEntry.objects.get(target="tournaments.tournament", action="update")
    assert change.before["name"] == "Testturnier"
    assert change.after["tie_breaks"] == ["best_round", "total"]


@pytest.mark.django_db
def test_admin_player_rename_keeps_the_name_in_old_lists(admin_client, liste, players):
    url = reverse("admin:clubs_player_change", args=[players[0].pk])
    response = admin_client.post(url, {"name": "Anna Neu", "club": "", "ddv_number": ""})
    assert response.status_code == 302
    players[0].refresh_from_db()
    assert players[0].name == "Anna Neu"
    admin_client.get(reverse("liste-detail", args=[liste.pk]))  # shows the admin's message
    html = admin_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "1: Anna" in html
    assert "Anna Neu" not in html
