"""The Content-Security-Policy in a real browser: the pages and the API docs run under it
without a single violation (Redoc renders, HTMX loads and answers)."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _violations(page) -> list[str]:
    found: list[str] = []
    page.on(
        "console",
        lambda msg: found.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return found


def test_api_docs_render_under_the_policy(live_server, phone):
    found = _violations(phone)
    phone.goto(live_server.url + "/api/docs/")
    phone.wait_for_selector("text=Doppelkopf-Liste API", timeout=20_000)
    phone.wait_for_timeout(500)
    # Redoc's bundle comes without the logo it would ask its vendor's CDN for
    # (league.venue.offline): nothing is refused at all.
    assert found == []


def test_pages_with_htmx_run_under_the_policy(live_server, phone):
    tournament = make_tournament(4, rounds=1)
    found = _violations(phone)
    for path in (
        "/",
        "/listen/",
        "/konto/anmelden/",
        f"/turniere/{tournament.pk}/wertung/",
        f"/turniere/{tournament.pk}/beamer/",
    ):
        response = phone.goto(live_server.url + path)
        assert response is not None
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy
        # Styles too come only from static/: no style attribute, no <style> element.
        assert "style-src 'self';" in policy + ";"
        assert "unsafe-inline" not in policy
    phone.goto(live_server.url + "/")
    assert phone.evaluate("typeof window.htmx") == "object"
    # The projector's styles arrived from its stylesheet (dark screen).
    phone.goto(f"{live_server.url}/turniere/{tournament.pk}/beamer/")
    background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(15, 23, 42)"
    assert found == []
