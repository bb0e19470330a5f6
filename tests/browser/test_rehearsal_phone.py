"""Issue 36 item 4 in the browser at 390 px: an organiser creates a Probelauf of 8
generated players, draws, lets it play one game per table with a button and then
automatically (static/js/rehearsal.js posting to the tick address under the strict CSP),
sees "Probelauf" on his pages, and deletes it after a page that counts what goes."""

import pytest
from django.urls import reverse

from league.lists.models import Game
from league.tournaments.models import Tournament
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _overflows(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")


def _games(t) -> int:
    return Game.objects.filter(spielliste__round_table__tournament_round__tournament=t).count()


def test_an_organiser_rehearses_on_his_phone(live_server, phone, django_user_model):
    django_user_model.objects.create_user("org", password="pw-secret-123")
    base = live_server.url
    refused = []
    phone.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)
    log_in(phone, base, "org", "pw-secret-123")

    phone.goto(base + reverse("tournament-index"))
    phone.click("[data-rehearsal-new]")
    phone.fill("input[name=players]", "8")
    phone.fill("input[name=rounds]", "2")
    with phone.expect_navigation():
        phone.click("[data-rehearsal-create]")
    t = Tournament.objects.get(rehearsal=True)
    assert phone.locator("[data-probelauf]").first.is_visible()
    assert not _overflows(phone)

    with phone.expect_navigation():
        phone.click("[data-draw]")
    assert "/runde/1/" in phone.url
    assert phone.locator("[data-probelauf]").first.is_visible()
    with phone.expect_navigation():
        phone.click("[data-rehearsal-one]")
    assert _games(t) == 2  # one at each of the two tables
    assert not _overflows(phone)

    # Automatic: the first tick goes at once, the board's live poll shows it.
    phone.select_option("[data-rehearsal-auto]", "60")
    phone.wait_for_function(
        "() => document.querySelector('[data-rehearsal-status]').textContent === '+2'"
    )
    assert _games(t) == 4
    # The board follows by itself (its live poll): two games at each table.
    phone.wait_for_function(
        """() => {
             const cells = [...document.querySelectorAll("td[data-label='Spiele']")];
             return cells.length === 2 && cells.every(td => td.textContent.trim() === '2');
           }"""
    )
    phone.select_option("[data-rehearsal-auto]", "0")

    phone.click("[data-rehearsal-delete]")
    phone.wait_for_selector("[data-rehearsal-rows]")
    assert "Spiele" in phone.inner_text("[data-rehearsal-rows]")
    assert not _overflows(phone)
    with phone.expect_navigation():
        phone.click("[data-rehearsal-delete-yes]")
    assert "gelöscht" in phone.inner_text("main")
    assert not Tournament.objects.filter(pk=t.pk).exists()
    assert not [r for r in refused if "Content Security Policy" in r], refused
