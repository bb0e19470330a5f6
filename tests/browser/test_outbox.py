"""A save survives a dropped network (static/js/outbox.js): made offline, or with its answer
lost after the server stored it, it stays on the phone as "nicht gesendet" and is sent again
with its idempotency key when the network returns — stored once, in order; a save refused
meanwhile (the list changed) is shown with what the list has now, never dropped."""

from __future__ import annotations

import pytest

from league.lists.models import Game
from league.tournaments import services as ts
from tests.live.test_polls import save_one
from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(live_server, phone):
    tournament = make_tournament(4, rounds=1)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    liste = rnd.lists.get()
    phone.goto(f"{live_server.url}/t/{liste.code}/")
    phone.wait_for_selector("#game-form")
    return liste, [s.name for s in liste.seats.order_by("position")]


def fill_game(phone, names, augen="130"):
    form = phone.locator("#game-form")
    for name in names[:2]:
        form.locator("label.chip", has_text=name).first.click()
    form.locator("input[name=re_augen]").fill(augen)


def games(liste):
    return list(Game.objects.filter(spielliste=liste).order_by("number"))


def test_offline_save_is_kept_and_sent_once_when_back(table, phone):
    liste, names = table
    phone.context.set_offline(True)
    fill_game(phone, names)
    # The live preview says it cannot compute offline.
    phone.locator("[data-preview-offline]").wait_for()
    phone.locator("#game-form [data-save]").click()
    unsent = phone.locator("[data-outbox-entry=unsent]")
    unsent.wait_for()
    assert "nicht gesendet" in unsent.inner_text()
    assert "Spiel 1" in unsent.inner_text()
    assert names[0] in unsent.inner_text()
    # A second game, offline too: it waits behind the first.
    fill_game(phone, names, augen="100")
    phone.locator("#game-form [data-save]").click()
    phone.wait_for_function("document.querySelectorAll('[data-outbox-entry=unsent]').length == 2")
    assert phone.evaluate("document.documentElement.dataset.offline") == "1"
    assert games(liste) == []

    phone.context.set_offline(False)
    phone.locator("[data-outbox-stored]").nth(1).wait_for(timeout=10_000)
    stored = phone.locator("[data-outbox-stored]").all_inner_texts()
    assert "Spiel 1 ist gespeichert" in stored[0]
    assert "Spiel 2 ist gespeichert" in stored[1]
    assert phone.locator("[data-outbox-entry]").count() == 0
    saved = games(liste)
    assert [g.number for g in saved] == [1, 2]
    assert [g.re_augen for g in saved] == [130, 100]  # in the order they were made
    # The page shows them without a reload.
    phone.locator("#spiel-2").wait_for()
    assert phone.evaluate("localStorage.getItem('doko-outbox')") == "[]"


def test_a_lost_answer_is_sent_again_and_stored_once(quick_polls, table, phone):
    liste, names = table
    lost = []

    def store_then_lose(route):
        route.fetch()  # the server stores the game ...
        lost.append(route.request.url)
        route.abort()  # ... and its answer never reaches the phone

    phone.route("**/spiel/", store_then_lose)
    fill_game(phone, names)
    phone.locator("#game-form [data-preview-offline], #preview [data-augen]").first.wait_for()
    phone.locator("#game-form [data-save]").click()
    phone.locator("[data-outbox-entry=unsent]").wait_for()
    assert lost
    assert len(games(liste)) == 1  # stored, the phone does not know
    phone.unroute("**/spiel/")
    phone.locator("[data-outbox-stored]").wait_for(timeout=10_000)
    assert "Spiel 1 ist gespeichert" in phone.locator("[data-outbox-stored]").inner_text()
    assert len(games(liste)) == 1  # once
    phone.locator("#spiel-1").wait_for()


def test_a_save_the_list_overtook_is_shown_with_both_versions(table, phone):
    liste, names = table
    phone.context.set_offline(True)
    fill_game(phone, names)
    phone.locator("#game-form [data-save]").click()
    phone.locator("[data-outbox-entry=unsent]").wait_for()
    # Meanwhile another phone saved game 1 (the list's version moved on).
    save_one(liste)
    phone.context.set_offline(False)
    conflict = phone.locator("[data-outbox-entry=conflict]")
    conflict.wait_for(timeout=10_000)
    assert "Spiel 1" in conflict.inner_text()
    assert "Ihre Eingabe" in conflict.inner_text()
    assert "In der Liste jetzt" in conflict.inner_text()
    assert len(games(liste)) == 1  # the other phone's game only
    # It stays until the user decides.
    phone.reload()
    phone.locator("[data-outbox-entry=conflict]").wait_for()
    phone.locator("[data-outbox-drop]").click()
    assert phone.locator("[data-outbox-entry]").count() == 0
    assert phone.evaluate("localStorage.getItem('doko-outbox')") == "[]"


def test_a_refused_save_can_be_taken_into_the_form(table, phone):
    liste, names = table
    phone.context.set_offline(True)
    fill_game(phone, names, augen="151")
    phone.locator("#game-form [data-save]").click()
    phone.locator("[data-outbox-entry=unsent]").wait_for()
    save_one(liste)
    phone.context.set_offline(False)
    phone.locator("[data-outbox-entry=conflict]").wait_for(timeout=10_000)
    phone.get_by_role("button", name="Ins Formular übernehmen").click()
    assert phone.locator("[data-outbox-entry]").count() == 0
    assert phone.locator("#game-form input[name=re_augen]").input_value() == "151"
    for name in names[:2]:
        chip = phone.locator("#game-form label.chip", has_text=name).first
        assert chip.locator("input").is_checked(), name
    assert len(games(liste)) == 1  # nothing sent until he saves again


def test_an_online_save_navigates_as_before(table, phone):
    liste, names = table
    fill_game(phone, names)
    phone.locator("#preview [data-augen]").wait_for()
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").click()
    phone.locator("#spiel-1").wait_for()
    assert "Spiel 1 eingetragen" in phone.locator("#next .messages").inner_text()
    assert phone.locator("[data-outbox-entry]").count() == 0
    assert len(games(liste)) == 1


def test_a_page_reloaded_offline_shows_the_list_as_last_seen(table, phone):
    _liste, names = table
    fill_game(phone, names)
    phone.locator("#preview [data-augen]").wait_for()
    with phone.expect_navigation():
        phone.locator("#game-form [data-save]").click()
    # The service worker takes the page over from the next load on.
    phone.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.reload()  # this one kept by the service worker
    assert not phone.locator("[data-offline-banner]").is_visible()
    phone.context.set_offline(True)
    phone.reload()
    phone.locator("#spiel-1").wait_for()
    assert phone.evaluate("document.documentElement.dataset.cached") == "1"  # the kept copy
    assert phone.locator("[data-offline-banner]").is_visible()
    assert "Offline" in phone.locator("[data-offline-banner]").inner_text()
    # Back online, the page becomes current again (its next poll) and says so.
    phone.context.set_offline(False)
    phone.wait_for_function("!document.documentElement.dataset.offline", timeout=10_000)
    assert not phone.locator("[data-offline-banner]").is_visible()


def test_logging_out_drops_the_pages_the_account_saw(live_server, phone, django_user_model):
    """The service worker's copies of a logged-in account's pages do not outlive its session:
    after logging out, an offline reload of such a page shows none of it."""
    from django.urls import reverse

    from league.clubs.models import Club
    from tests.browser.conftest import log_in

    django_user_model.objects.create_user("kassenwart", password="pw-secret-123")
    log_in(phone, live_server.url, "kassenwart", "pw-secret-123")
    # A page anybody reads, kept with his name on top (his own pages are never kept:
    # no-store, tests/privacy/test_no_store.py).
    club = Club.objects.create(name="Offener Treff")
    tasks = live_server.url + reverse("club-detail", args=[club.pk])
    phone.goto(tasks)
    phone.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.reload()  # kept by the service worker
    kept = "caches.match(location.href, {ignoreVary: true}).then((hit) => !!hit)"
    assert phone.evaluate(kept)
    with phone.expect_navigation():
        phone.locator("header form[action$='/abmelden/'] button").click()
    phone.wait_for_function(
        "caches.keys().then((keys) => Promise.all(keys.map((k) => caches.open(k).then("
        f"(c) => c.match('{tasks}', {{ignoreVary: true}}))))).then((hits) => hits.every((h) => !h))"
    )
    phone.context.set_offline(True)
    phone.goto(tasks)
    assert "kassenwart" not in phone.content()
