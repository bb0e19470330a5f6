"""A new user at 390 px, without an administrator: register, confirm from the mail, found
a club, start an evening of 5, play 6 games, invite a member; and the error pages with
DEBUG off (the live server runs with DEBUG off)."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from league.clubs.models import Club
from league.evenings.models import ClubEvening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Erika"]
PASSWORD = "Karo-Bube-2026!"


def _no_horizontal_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} is {width} px wide"


def test_newcomer_journey(live_server, phone):
    page = phone
    mail.outbox.clear()
    page.goto(live_server.url + "/")
    _no_horizontal_scroll(page)
    assert page.locator("input[name=code]").count() == 1
    with page.expect_navigation():
        page.get_by_role("link", name="Konto anlegen").first.click()
    page.fill("input[name=username]", "neuling")
    page.fill("input[name=email]", "neuling@example.org")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    with page.expect_navigation():
        page.locator("main button.primary").click()
    assert "Fast geschafft" in page.content()
    link = re.search(r"https?://\S+/konto/bestaetigen/\S+/", str(mail.outbox[-1].body)).group(0)
    page.goto(link)
    with page.expect_navigation():
        page.locator("main button.primary").click()
    assert page.url.endswith(reverse("my-tasks"))
    _no_horizontal_scroll(page)
    # Meine Aufgaben is one tap in the menu at 390 px.
    assert page.locator("nav a.nav-tasks").is_visible()

    with page.expect_navigation():
        page.get_by_role("link", name="Einen Verein gründen").click()
    page.fill("input[name=name]", "Kreuz-Ass Neustadt")
    with page.expect_navigation():
        page.locator("main button.primary").click()
    club = Club.objects.get(name="Kreuz-Ass Neustadt")
    assert page.url.endswith(reverse("club-detail", args=[club.pk]))

    page.goto(live_server.url + reverse("my-tasks"))
    with page.expect_navigation():
        page.get_by_role("link", name="Vereinsabend beginnen").click()
    for i, name in enumerate(NAMES, start=1):
        page.fill(f"input[name=guest_{i}]", name)
    with page.expect_navigation():
        page.locator("main form button.primary").click()
    evening = ClubEvening.objects.get(club=club)
    tables = list(evening.tables.all())
    assert len(tables) == 1
    assert tables[0].spielliste.table_size == 5
    _no_horizontal_scroll(page)
    with page.expect_navigation():
        page.locator("[data-table='1'] a").first.click()

    below_fold: list[int] = []
    for number in range(1, 7):
        form = page.locator("#game-form")
        assert form.locator("h2").inner_text() == f"Spiel {number} eintragen"
        chips = form.locator(".chips.players label.chip")
        chips.nth(0).click()
        chips.nth(1).click()
        form.locator("input[name=re_augen]").fill(str(100 + 7 * number))
        with page.expect_navigation():
            form.locator("[data-save]").click()
        assert page.locator(f"#spiel-{number}").count() == 1, page.content()[:2000]
        if number < 6:  # the next game's party chips are on the first screen, no swipe
            box = page.locator("#game-form .chips.players label.chip").first.bounding_box()
            assert box is not None
            if box["y"] + box["height"] > 844:
                below_fold.append(round(box["y"] + box["height"]))
            # ... under the message that says what was saved, on the same screen.
            said = page.locator("#next ul.messages li").first
            assert f"Spiel {number} eingetragen" in said.inner_text()
            said_box = said.bounding_box()
            assert said_box is not None
            assert 0 <= said_box["y"] < box["y"]
        _no_horizontal_scroll(page)
    assert tables[0].spielliste.__class__.objects.get(pk=tables[0].spielliste.pk).games_played == 6

    page.goto(live_server.url + reverse("club-detail", args=[club.pk]))
    before = len(mail.outbox)
    member_form = page.locator(f"form[action='{reverse('club-member-invite', args=[club.pk])}']")
    member_form.locator("select[name=player]").select_option(label="Carla")
    member_form.locator("input[name=email]").fill("carla@example.org")
    with page.expect_navigation():
        member_form.locator("button").click()
    assert len(mail.outbox) == before + 1
    assert mail.outbox[-1].to == ["carla@example.org"]
    _no_horizontal_scroll(page)
    # After a save the page opens at the next game's box (#next): its chips on the first
    # screen of a 390 x 844 phone.
    assert below_fold == []


def test_error_pages_in_the_frame(live_server, phone, django_user_model):
    page = phone
    response = page.goto(live_server.url + "/gibt-es-nicht/")
    assert response.status == 404
    assert "Seite nicht gefunden" in page.content()
    assert page.locator("header.topbar nav").is_visible()
    _no_horizontal_scroll(page)
    with page.expect_navigation():
        page.get_by_role("link", name="Zur Startseite").click()
    assert page.url == live_server.url + "/"

    # A club page's managers' action, opened by an account that does not manage it.
    club = Club.objects.create(name="Fremder Verein")
    django_user_model.objects.create_user("fremd", password=PASSWORD)
    from tests.browser.conftest import log_in

    log_in(page, live_server.url, "fremd", PASSWORD)
    response = page.goto(live_server.url + reverse("club-evening-create", args=[club.pk]))
    assert response.status == 403
    html = page.content()
    assert "Kein Zugang" in html
    assert "Verwalter des Vereins" in html
    assert page.locator("header.topbar nav").is_visible()
    _no_horizontal_scroll(page)
