"""A club evening under the verein-002 house rules, on a phone: the club manager picks the
preset, starts the evening's list, a lost Re makes the next games count double (the factor
and the queue are shown), a redeal keeps the dealer, and after a full round of deals the
list offers "Runde beenden"."""

import pytest
from django.urls import reverse

from league.clubs.models import Club
from league.lists.models import Spielliste
from scoring.rules import PRESETS
from tests.browser.conftest import log_in
from tests.browser.test_phone import CONTRAST_JS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Anna", "Bernd", "Carla", "Dieter"]


def enter_normal(page, re, augen, ann_re="none"):
    form = page.locator("#game-form")
    for name in re:
        form.locator("label.chip", has_text=name).click()
    form.locator("select[name=ann_re]").select_option(ann_re)
    form.locator("input[name=re_augen]").fill(str(augen))
    with page.expect_navigation():
        form.locator("[data-save]").click()


def test_club_evening_with_verein_002(live_server, phone, django_user_model):
    manager = django_user_model.objects.create_user("cm", password="pw-secret-123")
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(manager)
    page = phone
    log_in(page, live_server.url, "cm", "pw-secret-123")

    # The club's house rules: the preset of seed 002.
    page.goto(live_server.url + reverse("club-detail", args=[club.pk]))
    page.locator("details.rules-form summary").click()
    # Under a preset the option-by-option fields are hidden (they are not the preset's).
    page.locator("[data-rules-form] select[name=preset]").select_option("eigene")
    assert page.locator("[data-custom-rules]").is_visible()
    page.locator("[data-rules-form] select[name=preset]").select_option("verein-002")
    assert not page.locator("[data-custom-rules]").is_visible()
    with page.expect_navigation():
        page.locator("[data-rules-form] button.primary").click()
    assert "Re/Kontra verdoppeln" in page.locator("[data-rules-summary]").inner_text()
    club.refresh_from_db()
    assert club.profile == PRESETS["verein-002"]

    # The evening's list starts with them.
    page.goto(live_server.url + reverse("liste-create"))
    page.locator("select[name=club]").select_option(str(club.pk))
    for i, name in enumerate(SEATS, start=1):
        page.fill(f"input[name=seat_{i}]", name)
    with page.expect_navigation():
        page.locator("main button.primary").click()
    liste = Spielliste.objects.get()
    assert liste.profile == PRESETS["verein-002"]
    assert "Solo +1" in page.locator("[data-rules]").inner_text()
    assert page.locator("input[name=pflicht]").count() == 0  # no Pflichtsolo
    assert page.locator("label.chip", has_text="Armut").count() == 1

    # Game 1: Re announced and lost: Bock for the next round of deals.
    enter_normal(page, ["Anna", "Carla"], 110, ann_re="ansage")
    assert page.locator("[data-bock-next]").get_attribute("data-bock-next") == "2"
    assert page.locator("[data-bock-queue]").get_attribute("data-bock-queue") == "4"
    # Neu gegeben: Bernd deals again, no Bock deal used.
    with page.expect_navigation():
        page.locator("[data-redeal]").click()
    assert page.locator("[data-next-dealer]").inner_text() == "Bernd"
    assert page.locator("tr.redeal").count() == 1
    # Game 2 counts double: won 1 × 2.
    enter_normal(page, ["Anna", "Bernd"], 130)
    row = page.locator("#spiel-2")
    assert row.get_attribute("data-bock") == "2"
    assert "×2" in row.locator("td.kind").inner_text()
    assert page.locator("[data-close-list]").count() == 0  # two deals so far
    enter_normal(page, ["Anna", "Bernd"], 130)
    enter_normal(page, ["Anna", "Bernd"], 130)

    # Four deals: everybody dealt once; "Runde beenden" — readable in its dark box (a light
    # button, its hint at >= 4.5 : 1 like every text of the page). One Bock game is still
    # queued (game 1's Bockrunde had a redeal in it): the button first says so.
    summary = page.locator("[data-close-bock] summary")
    assert summary.is_visible()
    assert summary.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(255, 255, 255)"
    assert page.evaluate(CONTRAST_JS) == []
    assert not page.locator("[data-close-list]").is_visible()
    summary.click()
    assert "Noch 1 Bockspiel in der Warteschlange" in page.inner_text("[data-close-bock]")
    assert page.evaluate(CONTRAST_JS) == []
    with page.expect_navigation():
        page.locator("[data-close-list]").click()
    assert page.locator("[data-complete]").count() == 1
    # One clear message that the list has ended (no second "Runde beendet. Gut Blatt!"),
    # and what became of the queued Bock game.
    main = page.inner_text("main")
    assert main.count("beendet") == 1
    assert "Gut Blatt" not in main
    assert "1 Bockspiel der Warteschlange verfällt mit dem Ende der Runde." in main
    liste.refresh_from_db()
    assert liste.closed
    assert liste.complete
    # Totals: game 1: Re −4 (lost Re doubled: won 1 + gegen die Alten 1, × 2);
    # games 2–4: Anna and Bernd +2 each (won 1 × Bock 2).
    assert page.locator('tfoot [data-total="Anna"]').inner_text() == str(-4 + 6)
    assert page.locator('tfoot [data-total="Carla"]').inner_text() == str(-4 - 6)
