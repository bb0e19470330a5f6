"""Issue 29, major 4: a non-staff organiser changes his tournament after creating it — adds
a round, switches double entry on, reorders the tie-breaks — on his settings page, reached
from the tournament's page; a refusal lands on its field."""

import pytest
from django.urls import reverse

from league.core.models import AuditEntry
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from tests.browser.conftest import log_in
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_non_staff_organiser_changes_rounds_double_entry_and_tie_breaks(
    live_server, phone, django_user_model
):
    owner = django_user_model.objects.create_user("orga", password="pw-secret-123")
    assert not owner.is_staff
    t = make_tournament(8, rounds=4, user=owner)
    for seed in (1, 2, 3):
        rnd, _ = ts.round_draw(tournament=t, seed=seed)
        play_round(rnd)
        ts.round_close(tournament_round=rnd)
    ts.round_draw(tournament=t, seed=4)  # round 4 of 4 drawn: he wants a fifth
    base = live_server.url
    log_in(phone, base, "orga", "pw-secret-123")

    phone.goto(base + t.get_absolute_url())
    with phone.expect_navigation():
        phone.click("[data-settings-link]")
    assert phone.url.endswith(reverse("tournament-settings", args=[t.pk]))
    assert phone.input_value("input[name=rounds_planned]") == "4"

    phone.fill("input[name=rounds_planned]", "5")
    phone.check("input[name=double_entry]")
    phone.select_option("select[name=tie_2]", "best_round")
    phone.select_option("select[name=tie_3]", "positive_rounds")
    with phone.expect_navigation():
        phone.click("[data-settings-save]")
    assert "Einstellungen gespeichert." in phone.inner_text("main")
    t.refresh_from_db()
    assert t.rounds_planned == 5
    assert t.double_entry
    assert t.tie_breaks == ["total", "best_round", "positive_rounds", "last_round"]
    history = phone.inner_text("[data-settings-history]")
    assert "Rundenzahl geändert: 5 Runden" in history
    assert "Doppelte Ergebniseingabe eingeschaltet" in history
    assert "Reihenfolge der Wertung geändert" in history
    assert "Turnierleitung (orga)" in history

    # Fewer rounds than drawn: refused on the field, nothing written.
    entries = AuditEntry.objects.count()
    phone.fill("input[name=rounds_planned]", "3")
    with phone.expect_navigation():
        phone.click("[data-settings-save]")
    error = phone.locator('[data-field-error="rounds_planned"]')
    assert "Es sind schon 4 Runden ausgelost." in error.inner_text()
    assert error.is_visible()
    assert Tournament.objects.get(pk=t.pk).rounds_planned == 5
    assert AuditEntry.objects.count() == entries

    # The fifth round can now be drawn from the tournament's page.
    rnd4 = t.rounds.get(number=4)
    play_round(rnd4)
    ts.round_close(tournament_round=rnd4)
    phone.goto(base + t.get_absolute_url())
    assert "Runde 5 auslosen" in phone.inner_text("[data-draw]")
