"""Issue 29: a club's season table on a phone (390 px): the attendance column fits
(its short heading) and the export buttons follow the table instead of leading the page."""

import datetime as dt

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings import services
from league.lists import services as list_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Annegret Müller-Lüdenscheidt", "Bernd", "Carla", "Dieter"]


def test_season_table_fits_a_phone_and_exports_follow_it(live_server, browser):
    club = Club.objects.create(name="Herz-Dame")
    for name in NAMES:
        Player.objects.create(name=name, club=club)
    evening = services.club_evening_create(
        club=club, date=dt.date(2026, 3, 12), tables=services.seat_tables(NAMES)
    )
    liste = evening.tables.get(number=1).spielliste
    list_services.paper_entry_save(spielliste=liste, entry=1, totals={1: 10, 2: 10, 3: -5, 4: -15})
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + reverse("club-season", args=[club.pk]) + "?jahr=2026")
    scroller = page.locator(".table-scroll").first
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth")  # nothing clipped
    head = page.locator(".season-table th.attend-col")
    assert head.inner_text().strip() == "Abende"
    box = head.bounding_box()
    assert box["x"] + box["width"] <= 390
    table_y = page.locator(".season-table").bounding_box()["y"]
    exports_y = page.locator("[data-season-exports]").bounding_box()["y"]
    assert exports_y > table_y
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
