"""Issue 29: the Rangliste's tap targets are at least 24 × 24 px (axe target-size), and
pages fit a phone's width — at 390 px and at 200 % zoom (a 195 px wide layout) — with a
long user name in the menu."""

import pytest
from django.urls import reverse

from league.clubs.models import Player
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Targets that are not text inside a sentence or a table cell (axe exempts those inline).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'header a, header button, nav a, nav button, form input:not([type=hidden]), form button,'
    + ' form select, summary, a.button, p.row a')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0
    && (r.height < 24 || r.width < 24); })
  .map(e => e.outerHTML.slice(0, 80))"""

WIDTH = "[document.documentElement.scrollWidth, innerWidth]"


def test_rangliste_tap_targets_are_24_px(live_server, phone):
    Player.objects.create(name="Jörg Fuß")
    phone.goto(live_server.url + reverse("rangliste") + "?q=jorg")
    assert phone.evaluate(SMALL_TARGETS) == []
    width, inner = phone.evaluate(WIDTH)
    assert width <= inner


@pytest.mark.parametrize("width", [390, 195])
def test_the_menu_fits_a_narrow_screen(live_server, browser, django_user_model, width):
    django_user_model.objects.create_user("Maximiliane-Schmidt-Wolkenstein", password="pw-x-123456")
    context = browser.new_context(viewport={"width": width, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + reverse("home"))
    w, inner = page.evaluate(WIDTH)
    assert w <= inner
    log_in(page, live_server.url, "Maximiliane-Schmidt-Wolkenstein", "pw-x-123456")
    for name in ("home", "rangliste", "club-index", "tournament-index"):
        page.goto(live_server.url + reverse(name))
        w, inner = page.evaluate(WIDTH)
        assert w <= inner, name
    context.close()
