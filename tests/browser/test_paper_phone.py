"""A paper result and a club season's exports on a phone: the list page says "Ergebnis vom
Papier" with the Stand, the player's tournament page his total, the season page its
export buttons — all at 390 px without sideways scrolling."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings import services as evening_services
from league.lists import services as list_services
from league.tournaments import services as ts
from league.tournaments.services import PaperTable
from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_paper_result_and_season_exports_at_390_px(live_server, phone):
    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    tables = [
        PaperTable(1, {1: 30, 2: -10, 3: -5, 4: -15}),
        PaperTable(2, {1: 3, 2: -1, 3: -1, 4: -1}),
    ]
    ts.round_paper_results(tournament_round=rnd, entry=1, tables=tables)
    liste = rnd.lists.get(round_table__number=1)
    phone.goto(live_server.url + liste.get_absolute_url())
    assert "Ergebnis vom Papier" in phone.inner_text("[data-paper-box]")
    assert "30" in phone.inner_text("[data-paper-box] [data-stand]")
    _no_sideways_scroll(phone)
    phone.screenshot(path="/tmp/paper-list.png", full_page=True)
    seat = liste.seats.get(position=1)
    part = t.participants.get(player_id=seat.player_id)
    phone.goto(live_server.url + reverse("tournament-player", args=[t.pk, part.pk]))
    assert phone.inner_text("[data-round-points]") == "+30"
    _no_sideways_scroll(phone)
    club = Club.objects.create(name="Herz-Dame")
    names = ["Anna", "Bernd", "Carla", "Dieter"]
    for name in names:
        Player.objects.create(name=name, club=club)
    evening = evening_services.club_evening_create(
        club=club, date=dt.date(2026, 3, 1), tables=[names]
    )
    list_services.paper_entry_save(
        spielliste=evening.tables.get().spielliste, entry=1, totals={1: 3, 2: 1, 3: -1, 4: -3}
    )
    phone.goto(live_server.url + reverse("club-season", args=[club.pk]) + "?jahr=2026")
    # CSV, XLSX, ODS, PDF, the JSON of the API and the API's index (issue 35's data links).
    assert phone.locator("[data-season-exports] a[data-export]").count() == 5
    assert phone.locator("[data-season-exports] a[data-api-index]").count() == 1
    _no_sideways_scroll(phone)
    phone.screenshot(path="/tmp/paper-season.png", full_page=True)
    phone.goto(live_server.url + reverse("club-detail", args=[club.pk]))
    assert "24 Spiele · vom Papier" in phone.inner_text("[data-club-lists]")
    _no_sideways_scroll(phone)
