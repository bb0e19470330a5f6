"""A round run from paper with double entry: two typists, keyboard only, a typo shown side by
side, corrected, then the round closes and the standings count the totals."""

import pytest
from django.urls import reverse

from league.tournaments import services as ts
from league.tournaments.models import TournamentRound
from tests.browser.conftest import log_in
from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TOTALS = {1: (30, -10, -5, -15), 2: (12, 12, -12, -12), 3: (-3, 1, 1, 1)}


def type_table(page, table, totals):
    """Table number, Tab, the totals in seat order, Enter — as a typist does."""
    page.focus("input[name=table]")  # its text is selected: typing replaces it
    page.keyboard.type(str(table))
    for value in totals:
        page.keyboard.press("Tab")
        page.keyboard.type(str(value))
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_two_typists_enter_a_round_from_paper(live_server, browser, django_user_model):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(12, double_entry=True, user=org)
    ts.round_draw(tournament=t, seed=4)
    rnd = TournamentRound.objects.get(tournament=t, number=1)
    page = browser.new_page(viewport={"width": 1200, "height": 900}, locale="de-DE")
    page.set_default_timeout(10_000)
    base = live_server.url
    log_in(page, base, "org", "pw-secret-123")
    url = base + reverse("round-results", args=[t.pk, rnd.number])

    page.goto(url + "?eingabe=1")
    # The seat labels follow the typed table number.
    page.fill("input[name=table]", "2")
    names = [s.name for s in rnd.lists.get(round_table__number=2).seats.order_by("position")]
    assert names[0] in page.inner_text("[data-seat-label='1']")
    page.fill("input[name=table]", "")
    page.focus("[data-paper-save]")
    for table, totals in TOTALS.items():
        type_table(page, table, totals)
    assert "Tisch 3 gespeichert – die zweite Eingabe fehlt noch." in page.inner_text("main")

    page.goto(url + "?eingabe=2")
    assert "30 · -10" not in page.inner_text("main")  # blind
    type_table(page, 1, TOTALS[1])
    type_table(page, 2, (12, 12, -21, -3))  # a typo that still sums to zero
    type_table(page, 3, TOTALS[3])
    text = page.inner_text("main")
    assert "weicht ab" in text
    diff = page.inner_text("[data-diff='2']")
    assert "-21" in diff
    assert "-12" in diff

    page.goto(base + reverse("round-board", args=[t.pk, rnd.number]))
    page.click("[data-round-close]")
    page.wait_for_selector("[data-confirm-step]")
    with page.expect_navigation():
        page.click("[data-yes]")
    assert "weichen ab: Tisch 2" in page.inner_text("main")

    page.goto(url + "?eingabe=2")
    type_table(page, 2, TOTALS[2])
    page.goto(base + reverse("round-board", args=[t.pk, rnd.number]))
    page.click("[data-round-close]")
    with page.expect_navigation():
        page.click("[data-yes]")
    assert "Runde abgeschlossen" in page.inner_text("main")
    page.goto(base + reverse("standings", args=[t.pk]))
    assert "30" in page.inner_text("main")
