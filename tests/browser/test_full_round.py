"""A Listenführer plays a whole 24-game round on a phone, through the UI."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.clubs.models import Player
from league.lists import services
from scoring.interchange import record_from_dict
from scoring.round import replay_round
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Anna", "Bernd", "Carla", "Dieter"]
LEVELS = ["none", "ansage", "none", "k90", "none"]


def plan():
    """24 games: Carla's Pflichtsolo as game 3, 20 normal games, 3 forced Vorführungen."""
    games = []
    for i in range(21):
        if i == 2:
            games.append({"kind": "solo", "solo": "damen", "soloist": "Carla", "augen": 170})
            continue
        re = [SEATS[i % 4], SEATS[(i + 1 + i // 4) % 4]]
        if re[0] == re[1]:
            re[1] = SEATS[(i + 2) % 4]
        games.append(
            {
                "kind": "normal",
                "re": re,
                "augen": 60 + (i * 37) % 150,
                "ann_re": LEVELS[i % 5],
                "ann_kontra": LEVELS[(i + 2) % 5],
            }
        )
    return games


def to_record(game, soloist=None):
    if game["kind"] == "solo":
        return record_from_dict(
            {
                "kind": "solo",
                "solo": game["solo"],
                "pflicht": True,
                "players": SEATS,
                "re": [soloist or game["soloist"]],
                "re_augen": game["augen"],
            }
        )
    return record_from_dict(
        {
            "kind": "normal",
            "players": SEATS,
            "re": game["re"],
            "re_augen": game["augen"],
            "announcements": {"re": game["ann_re"], "kontra": game["ann_kontra"]},
        }
    )


def test_full_round_on_a_phone(live_server, phone, browser):
    """The table enters its whole round through its code: no account (api.md); then a
    second player confirms the list on his own phone."""
    liste = services.spielliste_create(
        title="Browserrunde", players=[Player.objects.create(name=n) for n in SEATS]
    )
    page = phone
    # What the QR code on the table's list opens; typed in lower case, as people do.
    page.goto(live_server.url + reverse("table-code-open", args=[liste.code.lower()]))
    url = live_server.url + reverse("liste-detail", args=[liste.pk])
    assert page.url.startswith(url)

    records = []
    games = plan()
    for number in range(1, 25):
        if number <= len(games):
            game = games[number - 1]
        else:  # forced Vorführung: the form comes pre-filled with the soloist
            game = {"kind": "solo", "solo": "buben", "augen": 100 + number}
        form = page.locator("#game-form")
        assert form.locator("h2").inner_text() == f"Spiel {number} eintragen"
        if game["kind"] == "solo":
            vorgefuehrt = page.locator("[data-vorfuehrung]")
            soloist = game.get("soloist")
            if vorgefuehrt.count():
                soloist = vorgefuehrt.inner_text().split("für ")[1]
                assert form.locator("input[name=pflicht]").is_checked()
                assert form.locator("input[name=re]:checked").count() == 1
            else:
                form.locator("label.chip", has_text="Solo").first.click()
                form.locator("input[name=pflicht]").check()
                form.locator("label.chip", has_text=soloist).click()
            form.locator("select[name=solo]").select_option(game["solo"])
            records.append(to_record(game, soloist))
        else:
            for name in game["re"]:
                form.locator("label.chip", has_text=name).click()
            form.locator("select[name=ann_re]").select_option(game["ann_re"])
            form.locator("select[name=ann_kontra]").select_option(game["ann_kontra"])
            records.append(to_record(game))
        form.locator("input[name=re_augen]").fill(str(game["augen"]))
        with page.expect_navigation():
            form.locator("[data-save]").click()
        assert page.locator(f"#spiel-{number}").count() == 1, page.content()[:3000]

    expected = replay_round(SEATS, records).totals
    assert page.locator("[data-complete]").count() == 1
    for name in SEATS:
        shown = page.locator(f'tfoot [data-total="{name}"]').inner_text()
        assert int(shown) == expected[name]
    assert sum(expected.values()) == 0

    # The same phone may not confirm (it entered the last game) ...
    assert page.locator("[data-confirm]").count() == 1
    page.locator("[data-confirm] select[name=seat]").select_option("2")
    with page.expect_navigation():
        page.locator("[data-confirm] button").click()
    assert page.locator("[data-confirmed]").count() == 0
    # ... a second phone at the table, with the same code, does.
    second = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    other = second.new_page()
    other.goto(live_server.url + reverse("table-code-open", args=[liste.code]))
    other.locator("[data-confirm] select[name=seat]").select_option("2")
    with other.expect_navigation():
        other.locator("[data-confirm] button").click()
    assert "Bestätigt von Platz 2" in other.locator("[data-confirmed]").inner_text()
    second.close()


def test_live_preview_updates_before_saving(live_server, phone, django_user_model):
    lf = django_user_model.objects.create_user("lf", password="pw-secret-123")
    liste = services.spielliste_create(
        title="Vorschau", players=[Player.objects.create(name=n) for n in SEATS], created_by=lf
    )
    page = phone
    log_in(page, live_server.url, "lf", "pw-secret-123")
    page.goto(live_server.url + reverse("liste-detail", args=[liste.pk]))
    form = page.locator("#game-form")
    form.locator("label.chip", has_text="Anna").click()
    form.locator("label.chip", has_text="Bernd").click()
    form.locator("button.quick-augen", has_text="151").click()
    page.locator("#preview .winner").wait_for()
    assert "Re gewinnt" in page.locator("#preview .winner").inner_text()
    assert page.locator('#preview [data-player="Anna"]').inner_text() == "+2"
    form.locator("select[name=ann_kontra]").select_option("k90")
    # A locator assertion, not wait_for_function: the page's CSP forbids evaluated strings.
    expect(page.locator('#preview [data-player="Anna"]')).not_to_have_text("+2")
    # Re 151 against Kontra's k90: won 1, Kontra 2, k90 1, under 90 1, 120 vs k90 1 = +6
    assert page.locator('#preview [data-player="Anna"]').inner_text() == "+6"
