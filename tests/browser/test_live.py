"""Live pages in a real browser: a standings page and a list page kept open in one phone
change within 5 s of a game saved through the API from another device, without a reload."""

from __future__ import annotations

import json
import time

import pytest

from league.tournaments import services as ts
from tests.browser.conftest import polls_answered
from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_open_pages_show_a_save_within_five_seconds(live_server, browser):
    tournament = make_tournament(4, rounds=1)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    liste = rnd.lists.get()
    names = [s.name for s in liste.seats.order_by("position")]

    hall = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    standings = hall.new_page()
    standings.goto(f"{live_server.url}/turniere/{tournament.pk}/wertung/?vorlaeufig=1")
    list_page = hall.new_page()
    list_page.goto(f"{live_server.url}/listen/{liste.pk}/")
    assert list_page.locator("[data-stand]").count() == 0  # no game yet
    # Let each page make its first poll (it learns its ETag).
    standings.wait_for_timeout(3500)
    before = standings.inner_text("#live-table")
    navigations = []
    for page in (standings, list_page):
        page.on("framenavigated", lambda frame: navigations.append(frame.url))

    table = browser.new_context()
    answer = table.request.post(
        f"{live_server.url}/api/v1/listen/{liste.pk}/spiele/",
        headers={"X-Tisch-Code": liste.code, "Content-Type": "application/json"},
        data=json.dumps(
            {
                "version": 0,
                "game": {
                    "kind": "normal",
                    "players": names,
                    "re": names[:2],
                    "re_augen": 130,
                    "announcements": {"re": "none", "kontra": "none"},
                },
            }
        ),
    )
    assert answer.status == 201, answer.text()
    saved = time.monotonic()

    list_page.wait_for_selector("[data-stand]", timeout=5000)
    standings.wait_for_function(
        "before => document.querySelector('#live-table').innerText !== before",
        arg=before,
        timeout=5000,
    )
    assert time.monotonic() - saved < 5
    assert list_page.locator("#live-table tbody tr").count() >= 1
    assert navigations == []  # no reload: the parts were swapped
    table.close()
    hall.close()


def test_a_live_page_keeps_the_message_of_the_last_action(quick_polls, live_server, browser):
    """The round board swaps its whole <main> when something changes: the message of the
    organiser's last action (here a refused close) stays on screen."""
    from django.contrib.auth.models import User
    from django.urls import reverse

    from league.lists import services as list_services
    from scoring.simulate import next_random_game
    from tests.browser.conftest import log_in

    User.objects.create_user("org", password="pw-secret-123")
    tournament = make_tournament(8, rounds=1, user=User.objects.get(username="org"))
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="de-DE")
    page.set_default_timeout(10_000)
    log_in(page, live_server.url, "org", "pw-secret-123")
    page.goto(live_server.url + reverse("round-board", args=[tournament.pk, rnd.number]))
    page.click("[data-round-close]")
    page.wait_for_selector("[data-confirm-step]")
    with page.expect_navigation():
        page.click("[data-yes]")
    said = page.inner_text("ul.messages")
    assert said
    polls_answered(page, 2)  # the first poll (no ETag yet): already a swap
    assert page.inner_text("ul.messages") == said
    first = page.evaluate("() => document.body.dataset.liveUpdated || ''")
    # A table saves a game: the board changes and is swapped in.
    import random

    from league.lists.selectors import spielliste_snapshot

    liste = rnd.lists.order_by("pk").first()
    state = spielliste_snapshot(pk=liste.pk).state
    list_services.game_record(spielliste=liste, record=next_random_game(random.Random(1), state))
    page.wait_for_function(
        "first => (document.body.dataset.liveUpdated || '') !== first", arg=first, timeout=8000
    )
    assert page.inner_text("ul.messages") == said
    assert page.locator("ul.messages").count() == 1
    page.close()


def test_an_unchanged_page_is_not_swapped(quick_polls, live_server, browser):
    """Every answer carries a new CSRF token and new outbox keys in its forms. A list page
    with its entry form, left alone over two polls, must not be swapped for that alone:
    a swap under the user's finger loses the chip he is about to tap."""
    from django.contrib.auth.models import User

    from tests.browser.conftest import log_in

    User.objects.create_user("org", password="pw-secret-123")
    tournament = make_tournament(4, rounds=1, user=User.objects.get(username="org"))
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    liste = rnd.lists.get()
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="de-DE")
    log_in(page, live_server.url, "org", "pw-secret-123")
    page.goto(f"{live_server.url}/listen/{liste.pk}/")
    assert page.locator("#game-form input[name=key]").count() == 1  # forms with keys: shown
    polls = []
    page.on("request", lambda r: polls.append(r.url) if r.headers.get("x-live") else None)
    polls_answered(page, 3)
    assert len(polls) >= 2
    assert page.evaluate("() => document.body.dataset.liveUpdated || ''") == ""
    page.close()


def test_the_projector_reloads_itself_after_a_save(quick_polls, live_server, browser):
    """The projector (data-live="reload") asks like every live page and, when the standings
    changed, loads itself again — within a poll of the save."""
    import random

    from league.lists import services as list_services
    from league.lists.selectors import spielliste_snapshot
    from scoring.simulate import next_random_game

    tournament = make_tournament(8, rounds=1)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    page = browser.new_page(viewport={"width": 1280, "height": 720}, locale="de-DE")
    page.goto(f"{live_server.url}/turniere/{tournament.pk}/beamer/")
    polls_answered(page, 1)  # its first poll: it learns its tag, no reload
    liste = rnd.lists.order_by("pk").first()
    state = spielliste_snapshot(pk=liste.pk).state
    with page.expect_navigation(timeout=8000):
        list_services.game_record(
            spielliste=liste, record=next_random_game(random.Random(1), state)
        )
    assert "/beamer/" in page.url
    page.close()
