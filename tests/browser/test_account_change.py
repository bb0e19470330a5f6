"""A phone handed on keeps nothing of the previous person (issue 29, item 8): a members-only
page is never kept by the service worker (``no-store``, league.core.private); the copies of
the pages an account saw go when the account changes — its session ended, or another account
logged in — and a save the previous account left in the outbox is never sent as the next."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from league.clubs.models import Club, Player
from league.lists import services as list_services
from league.lists.models import Game
from tests.browser.conftest import QUICK_RETRY_SECONDS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = (
    "(url) => caches.keys().then((keys) => Promise.all(keys.map((k) => caches.open(k)"
    ".then((c) => c.match(url, {ignoreVary: true}))))).then((hits) => hits.some((h) => !!h))"
)


def _controlled(phone) -> None:
    phone.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    phone.wait_for_function("navigator.serviceWorker.controller !== null")


def test_a_members_pages_do_not_render_offline_after_his_session_ended(live_server, phone):
    users = get_user_model().objects
    users.create_user("mitglied", password="pw-secret-123")
    closed = Club.objects.create(name="Geschlossener Kreis", members_only=True)
    players = [Player.objects.create(name=f"Kreis {i}", club=closed) for i in range(4)]
    players[0].account = users.get(username="mitglied")
    players[0].save()
    liste = list_services.spielliste_create(title="Geheimer Abend", players=players, club=closed)
    open_club = Club.objects.create(name="Offener Treff")
    private = live_server.url + reverse("liste-detail", args=[liste.pk])
    public = live_server.url + reverse("club-detail", args=[open_club.pk])

    log_in(phone, live_server.url, "mitglied", "pw-secret-123")
    phone.goto(public)
    _controlled(phone)
    phone.goto(public)
    phone.goto(private)
    assert "Geheimer Abend" in phone.content()
    # The members-only page is not kept; the public one (with his name on top) is.
    assert not phone.evaluate(KEPT, private)
    assert phone.evaluate(KEPT, public)
    # The session ends (expired on the server: the browser's session cookie is gone).
    kept = [c for c in phone.context.cookies() if c["name"] != "sessionid"]
    phone.context.clear_cookies()
    phone.context.add_cookies(kept)
    phone.goto(live_server.url + "/")
    phone.wait_for_function(f"({KEPT})('{public}').then((hit) => !hit)")
    phone.context.set_offline(True)
    for url in (private, public):
        phone.goto(url)
        content = phone.content()
        assert "Geheimer Abend" not in content
        assert "mitglied" not in content
        assert "Offline" in content


def test_an_unsent_save_of_one_account_is_not_sent_as_the_next(quick_polls, live_server, phone):
    users = get_user_model().objects
    first = users.create_user("erste", password="pw-secret-123")
    second = users.create_user("zweite", password="pw-secret-123")
    club = Club.objects.create(name="Treff")
    club.managers.add(first, second)
    players = [Player.objects.create(name=f"Treff {i}", club=club) for i in range(4)]
    liste = list_services.spielliste_create(title="Abend", players=players, club=club)
    page = live_server.url + reverse("liste-detail", args=[liste.pk])

    log_in(phone, live_server.url, "erste", "pw-secret-123")
    phone.goto(page)
    # Her save never reaches the server (the WLAN drops the post): it stays in the outbox.
    phone.route(
        "**/spiel/",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    form = phone.locator("#game-form")
    for name in ("Treff 0", "Treff 1"):
        form.locator("label.chip", has_text=name).first.click()
    form.locator("input[name=re_augen]").fill("130")
    form.locator("[data-save]").click()
    phone.locator("[data-outbox-entry=unsent]").wait_for()
    assert phone.evaluate("JSON.parse(localStorage.getItem('doko-outbox')).length") == 1

    # Another account logs in on the same phone and opens the same list, network back.
    with phone.expect_navigation():
        phone.locator("header form[action$='/abmelden/'] button").click()
    phone.unroute("**/spiel/")
    log_in(phone, live_server.url, "zweite", "pw-secret-123")
    phone.goto(page)
    # The outbox retries every second (quick_polls): two retries would have sent it.
    phone.wait_for_timeout(round(2.5 * QUICK_RETRY_SECONDS * 1000))
    assert not phone.locator("[data-outbox-entry]").count()
    assert phone.evaluate("JSON.parse(localStorage.getItem('doko-outbox') || '[]').length") == 0
    assert not Game.objects.filter(spielliste=liste).exists()


def test_another_login_without_logging_out_drops_the_outbox_too(quick_polls, live_server, phone):
    """The account changes without the logout button (a login over the open session)."""
    users = get_user_model().objects
    first = users.create_user("erste", password="pw-secret-123")
    second = users.create_user("zweite", password="pw-secret-123")
    club = Club.objects.create(name="Treff")
    club.managers.add(first, second)
    players = [Player.objects.create(name=f"Treff {i}", club=club) for i in range(4)]
    liste = list_services.spielliste_create(title="Abend", players=players, club=club)
    page = live_server.url + reverse("liste-detail", args=[liste.pk])
    log_in(phone, live_server.url, "erste", "pw-secret-123")
    phone.goto(page)
    phone.route(
        "**/spiel/",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    form = phone.locator("#game-form")
    for name in ("Treff 0", "Treff 1"):
        form.locator("label.chip", has_text=name).first.click()
    form.locator("input[name=re_augen]").fill("130")
    form.locator("[data-save]").click()
    phone.locator("[data-outbox-entry=unsent]").wait_for()
    phone.unroute("**/spiel/")
    log_in(phone, live_server.url, "zweite", "pw-secret-123")
    phone.goto(page)
    phone.wait_for_timeout(round(2.5 * QUICK_RETRY_SECONDS * 1000))
    assert not phone.locator("[data-outbox-entry]").count()
    assert not Game.objects.filter(spielliste=liste).exists()
