"""The list entry page on a phone (issue 29): a double click stores one game; a refused save
lands at the entry box with its error in view and the page keeps updating, no 405; after a
save the focus is in the next game's form; the quick entry stays open; an 80-character
name does not scroll the page sideways."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.lists import services
from league.lists.models import Game
from tests.browser.conftest import QUICK_RETRY_SECONDS, log_in
from tests.browser.test_outbox import fill_game, games, table  # noqa: F401  (fixture)
from tests.live.test_polls import save_one

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Long enough for two of the outbox's retries (quick_polls) and a live page's poll.
RETRIES = round(2.5 * QUICK_RETRY_SECONDS * 1000)


def _statuses(page):
    seen = []
    page.on("response", lambda r: seen.append((r.status, r.url)))
    return seen


def test_two_clicks_120_ms_apart_store_one_game(quick_polls, table, phone, monkeypatch):  # noqa: F811
    liste, names = table
    seen = _statuses(phone)
    # The hall's server under load: the save's answer takes half a second, so the second
    # click comes while the first save is under way.
    record = services.game_record

    def slow(**kwargs):
        time.sleep(0.5)
        return record(**kwargs)

    monkeypatch.setattr(services, "game_record", slow)
    fill_game(phone, names)
    phone.locator("#preview [data-augen]").wait_for()
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").click()
        phone.wait_for_timeout(120)
        phone.locator("#game-form [data-save]").click(force=True, no_wait_after=True, timeout=2000)
    phone.locator("#spiel-1").wait_for()
    # The outbox (quick_polls: it sends again every second) would have sent a queued second
    # save by now.
    phone.wait_for_timeout(RETRIES)
    assert len(games(liste)) == 1
    assert phone.locator("[data-outbox-entry]").count() == 0
    assert not [s for s in seen if s[0] == 405]


def test_dblclick_stores_one_game(quick_polls, table, phone):  # noqa: F811
    liste, names = table
    fill_game(phone, names)
    phone.locator("#preview [data-augen]").wait_for()
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").dblclick()
    phone.locator("#spiel-1").wait_for()
    phone.wait_for_timeout(RETRIES)
    assert len(games(liste)) == 1
    # The focus is in the next game's form, not on <body>.
    assert phone.evaluate("document.activeElement.closest('#game-form') !== null")
    # The next game is a new form: it saves as game 2.
    fill_game(phone, names, augen="100")
    phone.locator("#preview [data-augen]").wait_for()
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").dblclick()
    phone.locator("#spiel-2").wait_for()
    phone.wait_for_timeout(1000)
    assert [g.re_augen for g in games(liste)] == [130, 100]


@pytest.fixture
def web_form(live_server, phone, django_user_model):
    """A free list kept by a logged-in Listenführer (the web form, with quick entry)."""
    user = django_user_model.objects.create_user("lf", password="pw-secret-123")
    # The field's maximum, with a part longer than the phone's line.
    word = "Wolkenkratzerfensterputzerinnenvereinigungsvorsitzende"
    long_name = ("Anna-Katharina " + word * 2)[:80]
    players = [Player.objects.create(name=n) for n in (long_name, "Bernd", "Carla", "Dieter")]
    liste = services.spielliste_create(title="Testtisch", players=players, created_by=user)
    services.spielliste_set_kasse(spielliste=liste, cent=10, user=user)
    log_in(phone, live_server.url, "lf", "pw-secret-123")
    phone.goto(live_server.url + reverse("liste-detail", args=[liste.pk]))
    phone.wait_for_selector("#game-form")
    return liste


def test_web_form_dblclick_stores_one_game(quick_polls, web_form, phone):
    liste = web_form
    fill_game(phone, ["Bernd", "Carla"])
    phone.locator("#preview [data-augen]").wait_for()
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").dblclick()
    phone.locator("#spiel-1").wait_for()
    phone.wait_for_timeout(RETRIES)
    assert len(games(liste)) == 1


def test_a_long_name_does_not_scroll_the_page_sideways(web_form, phone):
    liste = web_form
    save_one(liste)
    phone.reload()
    phone.locator("#spiel-1").wait_for()
    phone.locator("#kasse").wait_for()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def test_the_quick_entry_stays_open_after_a_quick_row(web_form, phone):
    liste = web_form
    for n in (1, 2):
        quick = phone.locator("#schnell")
        if not quick.evaluate("d => d.open"):
            quick.locator("summary").click()
        form = quick.locator("form")
        for name in ("Bernd", "Carla"):
            form.locator("label.chip", has_text=name).click()
        form.locator("input[name='quick-value']").fill("1")
        with phone.expect_navigation():
            form.locator("[data-quick-save]").click()
        phone.locator(f"#spiel-{n}").wait_for()
        assert phone.locator("#schnell").evaluate("d => d.open")
        assert phone.evaluate("document.activeElement.closest('#schnell form') !== null")
    assert len(games(liste)) == 2


def test_a_refused_save_lands_with_its_error_in_view_and_the_page_keeps_updating(
    table,  # noqa: F811
    phone,
    live_server,
):
    liste, names = table
    seen = _statuses(phone)
    asked = []
    phone.on("request", lambda r: asked.append((r.method, r.url)))
    fill_game(phone, names, augen="200")
    phone.locator("#game-form select[name=schwarz]").select_option("kontra")
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").click()
    error = phone.locator("#eingabe .field-error, #eingabe [role=alert]").first
    error.wait_for()
    assert error.is_visible()
    box = error.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < 844  # in view, not below the fold
    # The marked field has the focus; the address bar shows the list's page.
    assert phone.evaluate("document.activeElement.closest('#game-form') !== null")
    page = reverse("liste-detail", args=[liste.pk])
    assert phone.evaluate("location.pathname") == page
    assert Game.objects.filter(spielliste=liste).count() == 0
    # Another phone saves a game: it appears here without a reload.
    save_one(liste)
    phone.locator("#spiel-1").wait_for(timeout=10_000)
    # The refusal stays shown.
    assert phone.locator("#eingabe .field-error, #eingabe [role=alert]").first.is_visible()
    assert not [s for s in seen if s[0] == 405]
    # The polls asked the list's page (its parts, under its address), never the form's
    # POST-only address.
    form_address = reverse("game-add", args=[liste.pk])
    assert any(m == "GET" and (u.endswith(page) or page + "teil/" in u) for m, u in asked)
    assert not [u for m, u in asked if m == "GET" and u.endswith(form_address)]
    # Reopening what the address bar shows is the list, no 405.
    phone.reload()
    phone.locator("#spiel-1").wait_for()
    # The form's POST-only address opened by hand goes to the list too.
    phone.goto(live_server.url + reverse("game-add", args=[liste.pk]))
    assert phone.evaluate("location.pathname") == page
    assert not [s for s in seen if s[0] == 405]
