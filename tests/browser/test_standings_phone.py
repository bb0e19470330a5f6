"""The tournament standings on a phone (390 × 844): rank 1 is on the first screen — the
export buttons and "Vorläufig mit laufender Runde" come below the table, as on the league
page — and the page does not scroll sideways."""

import pytest
from django.urls import reverse

from league.tournaments import services as ts
from league.tournaments.models import TournamentRound
from tests.browser.conftest import log_in
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def first_row_and_exports(page) -> tuple[float, float]:
    row = page.locator("#live-table tbody tr").first.bounding_box()
    exports = page.locator("[data-exports]").bounding_box()
    assert row is not None
    assert exports is not None
    return row["y"], exports["y"]


def test_rank_one_is_on_the_first_phone_screen(live_server, phone, django_user_model):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(16, user=org)
    ts.round_draw(tournament=t, seed=2)
    first = TournamentRound.objects.get(tournament=t, number=1)
    play_round(first)
    ts.round_close(tournament_round=first)
    ts.round_draw(tournament=t, seed=3)
    play_round(TournamentRound.objects.get(tournament=t, number=2), stop=5)  # running
    url = live_server.url + reverse("standings", args=[t.pk])

    phone.goto(url)  # a player, not logged in
    row_y, exports_y = first_row_and_exports(phone)
    assert row_y < 844 / 2  # in the upper half: no buttons before rank 1
    assert exports_y > row_y  # the buttons come after the table
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path="/tmp/standings-phone.png")

    phone.goto(url + "?vorlaeufig=1")  # with the running round: its warning stays on top
    assert phone.locator("[data-provisional]").count() == 1
    row_y, exports_y = first_row_and_exports(phone)
    assert row_y + 30 < 844
    assert exports_y > row_y

    log_in(phone, live_server.url, "org", "pw-secret-123")  # the organiser's page too
    phone.goto(url)
    row_y, _ = first_row_and_exports(phone)
    assert row_y + 30 < 844
    assert phone.locator("[data-exports] [data-export=csv]").count() == 1
