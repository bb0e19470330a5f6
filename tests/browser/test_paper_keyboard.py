"""Paper results typed with the keyboard alone, through refusals and a double-entry mismatch:
the typist never clicks and never moves the cursor himself. After every page load the cursor
is in the field in error (else the first field) with its value selected, so the next number
typed replaces it — on the tournament's and on the league's results page."""

import pytest
from django.urls import reverse

from league.leagues import services as ls
from league.leagues.models import League, Spieltag
from league.tournaments import services as ts
from league.tournaments.models import TournamentRound
from tests.browser.conftest import log_in
from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def active(page) -> tuple[str, str]:
    """The focused field's name and value (number inputs hide their selection: the next
    keys typed show whether they replace the value)."""
    name, value = page.evaluate(
        """() => {
          const el = document.activeElement;
          return [el ? el.name || el.tagName : "", el && el.value !== undefined ? el.value : ""];
        }"""
    )
    return name, value


def keys(page, *values, enter=True):
    """Types the values with Tab between them (no click, no focus by the test); Enter sends."""
    for n, value in enumerate(values):
        if n:
            page.keyboard.press("Tab")
        page.keyboard.type(str(value))
    if enter:
        with page.expect_navigation():
            page.keyboard.press("Enter")


def test_tournament_paper_entry_survives_errors_keyboard_only(
    live_server, browser, django_user_model
):
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
    assert active(page)[0] == "table"  # the cursor is there on arrival
    keys(page, 1, 30, -10, -5, -15)
    assert "Tisch 1 gespeichert" in page.inner_text("main")
    assert active(page) == ("table", "")
    # A typo: the sum is not 0. Refused, the typed values stay, the cursor is back in the
    # table number with "2" selected: typing 2 again does not make it 22.
    keys(page, 2, 12, 12, -12, -21)
    assert "0 sein" in page.inner_text("[data-paper-form] .errors")
    assert page.inner_text("main").count("0 sein") == 1
    assert active(page) == ("table", "2")
    keys(page, 2, 12, 12, -12, -12)  # each Tab selects the kept value: typing replaces it
    assert "Tisch 2 gespeichert" in page.inner_text("main")
    # An unknown table: the table field is the one in error, its value selected.
    keys(page, 9, 1, -1, 0, 0)
    assert page.locator("[data-error-for=table]").count() == 1
    assert active(page) == ("table", "9")
    keys(page, 3, -3, 1, 1, 1)
    assert "Tisch 3 gespeichert" in page.inner_text("main")
    assert rnd.lists.get(round_table__number=2).paper_entries.count() == 1

    # The second typist: a mismatch at table 1 is saved and shown; the cursor is in the
    # table number again, so the next table goes in without touching the mouse.
    page.goto(url + "?eingabe=2")
    keys(page, 1, 30, -10, -15, -5)
    assert "weicht von der anderen Eingabe ab" in page.inner_text("main")
    assert active(page) == ("table", "")
    keys(page, 2, 12, 12, -12, -12)
    assert "Tisch 2 gespeichert." in page.inner_text("main")
    keys(page, 1, 30, -10, -5, -15)  # retyped from the paper list: now they agree
    assert page.locator("[data-paper-table='1']").get_attribute("data-status") == "accepted"
    assert page.locator("[data-paper-table='2']").get_attribute("data-status") == "accepted"
    # The same page with a refusal on a phone: no sideways scrolling.
    page.set_viewport_size({"width": 390, "height": 844})
    keys(page, 9, 1, -1, 0, 0)
    assert active(page) == ("table", "9")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path="/tmp/paper-results-phone.png")
    page.close()


def test_league_paper_entry_survives_errors_keyboard_only(live_server, browser, django_user_model):
    organiser = django_user_model.objects.create_user("liga", password="pw-secret-123")
    league = ls.league_create(name="Testliga", season="2026", rounds_per_spieltag=1, user=organiser)
    League.objects.filter(pk=league.pk).update(double_entry=True)
    for t in range(1, 5):
        team = ls.team_create(league=league, name=f"Team {t}")
        for p in range(1, 5):
            ls.team_add_player(team=team, name=f"T{t} Spieler {p}")
    ls.schedule_generate(league=league)
    spieltag = Spieltag.objects.filter(group__group_round__league=league).order_by("number")[0]
    for team in league.teams.all():
        ls.lineup_set(spieltag=spieltag, team=team, players=list(team.roster.order_by("pk")))
    ls.spieltag_start(spieltag=spieltag, user=organiser)
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="de-DE")
    page.set_default_timeout(10_000)
    base = live_server.url
    log_in(page, base, "liga", "pw-secret-123")
    url = base + reverse("spieltag-results", args=[league.pk, spieltag.pk])

    page.goto(url + "?eingabe=1")
    assert active(page)[0] == "round"
    keys(page, 1, 1, 20, -4, -6, -10)
    assert "Tisch 1 gespeichert – die zweite Eingabe fehlt noch" in page.inner_text("main")
    assert active(page) == ("round", "")
    keys(page, 1, 2, 5, 0, 0, 0)  # does not sum to 0
    assert page.inner_text("main").count("0 sein") == 1  # once, not twice
    assert active(page) == ("round", "1")
    keys(page, 1, 2, 5, -5, 0, 0)  # "1" replaces "1", "2" replaces "2": no "11", "22"
    assert "Runde 1, Tisch 2 gespeichert" in page.inner_text("main")

    page.goto(url + "?eingabe=2")
    keys(page, 1, 1, 20, -4, -10, -6)  # a mismatch
    assert "Tisch 1 gespeichert – weicht von der anderen Eingabe ab" in page.inner_text("main")
    assert active(page) == ("round", "")
    keys(page, 1, 2, 5, -5, 0, 0)
    assert page.locator("[data-paper-table='1-2']").get_attribute("data-status") == "accepted"
    assert page.locator("[data-paper-table='1-1']").get_attribute("data-status") == "differs"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()
