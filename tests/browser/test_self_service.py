"""Issue 36 in the browser at 390 px with 200 % text: a player opens his personal link,
checks in, sees his seat after the draw without reloading, withdraws before the next draw
(with a confirmation); the organiser's pages show both — the start page his check-in, the
open round board his withdrawal at once (live)."""

import pytest
from django.urls import reverse

from league.tournaments import services as ts
from tests.browser.conftest import log_in
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 200 % text, as a phone's accessibility setting gives it.
BIG_TEXT = """
document.addEventListener("DOMContentLoaded", () => {
  const s = document.createElement("style");
  s.textContent = "html { font-size: 200% !important; }";
  document.head.appendChild(s);
});
"""


def _small_targets(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll(
              "[data-self-page] a, [data-self-page] button")]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
            .filter(([_, r]) => r.height < 48 || r.width < 48)
            .map(([t, r]) => `${t}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )


def _overflows(page) -> bool:
    return page.evaluate(
        "() => document.querySelector('[data-self-page]').scrollWidth > window.innerWidth"
    )


def test_a_player_checks_in_sees_his_seat_and_withdraws(
    quick_polls, live_server, browser, django_user_model
):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(8, rounds=2, user=org)
    player = t.participants.order_by("number").first()
    base = live_server.url
    mine = base + reverse("participant-self", args=[t.pk, player.link])

    # (bypass_csp: the site's CSP refuses the test's own inline style, as it should.)
    phone_context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="de-DE", bypass_csp=True
    )
    phone_context.add_init_script(BIG_TEXT)
    phone = phone_context.new_page()
    phone.set_default_timeout(15_000)
    desk = browser.new_context(locale="de-DE").new_page()
    desk.set_default_timeout(15_000)
    log_in(desk, base, "org", "pw-secret-123")

    # Arrival: one button.
    phone.goto(mine)
    assert phone.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "32px"
    assert _small_targets(phone) == []
    assert not _overflows(phone)
    with phone.expect_navigation():
        phone.click("[data-self-check-in]")
    phone.locator("[data-self-checked-in]").wait_for()
    desk.goto(base + reverse("tournament-detail", args=[t.pk]))
    assert desk.inner_text("[data-presence-here]") == "1"
    assert desk.locator(f"[data-missing='{player.number}']").count() == 0
    assert desk.locator("[data-missing]").count() == 7

    # The draw: his page shows table and seat by itself.
    rnd, _ = ts.round_draw(tournament=t, seed=1, user=org)
    phone.locator("[data-self-seat]").wait_for()
    seat = phone.inner_text("[data-self-seat]")
    assert "Tisch" in seat
    assert "Platz" in seat
    phone.screenshot(path="/tmp/self-seat-390.png", full_page=True)
    assert phone.locator("[data-self-withdraw]").count() == 0  # drawn: only the desk
    assert phone.locator("[data-self-withdraw-desk]").count() == 1
    assert _small_targets(phone) == []
    assert not _overflows(phone)

    # Round over, the next not drawn: he may withdraw himself; the board is open.
    play_round(rnd)
    ts.round_close(tournament_round=rnd, user=org)
    desk.goto(base + reverse("round-board", args=[t.pk, 1]))
    assert desk.inner_text("[data-presence-here]") == "1"
    phone.locator("[data-self-withdraw]").wait_for()
    with phone.expect_navigation():
        phone.click("[data-self-withdraw]")
    assert phone.locator("[data-confirm-step]").count() == 1  # asked first
    with phone.expect_navigation():
        phone.click("[data-yes]")
    phone.locator("[data-self-withdrawn]").wait_for()
    assert phone.locator("[data-self-withdraw]").count() == 0
    phone.screenshot(path="/tmp/self-withdrawn-390.png", full_page=True)

    # The organiser's open board shows it without a reload.
    desk.wait_for_function(
        "() => document.querySelector('[data-presence-here]').textContent.trim() === '0'"
    )
    player.refresh_from_db()
    assert player.withdrawn
