"""The captain's line-up page on a phone (390 px): before the deadline a short line-up with
a reserve is saved with warnings; after it the page is locked for him."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from league.leagues import services as ls
from league.leagues.models import Lineup
from tests.browser.conftest import log_in
from tests.leagues.helpers import first_spieltag, make_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _no_horizontal_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_captain_deadline_page_at_390px(live_server, phone, django_user_model, tmp_path):
    captain = django_user_model.objects.create_user("kapitaen", password="pw-secret-123")
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").first()
    ls.team_add_captain(team=team, account=captain)
    start = timezone.localtime() + dt.timedelta(days=3)
    ls.spieltag_schedule(spieltag=spieltag, date=start.date(), start_time=dt.time(11, 0))
    ls.league_set_lineup_deadline(league=league, hours=24)
    roster = list(team.roster.order_by("pk"))
    url = live_server.url + reverse("lineup-edit", args=[league.pk, spieltag.pk, team.pk])
    log_in(phone, live_server.url, "kapitaen", "pw-secret-123")
    phone.goto(url)
    assert phone.locator("[data-deadline]").count() == 1
    _no_horizontal_scroll(phone)
    phone.select_option("select[name=s1]", str(roster[0].pk))
    phone.select_option("select[name=s2]", str(roster[4].pk))  # the reserve
    with phone.expect_navigation():
        phone.click("form[data-lineup-form] button.primary")
    text = phone.locator("main").inner_text()
    assert "Nur 2 von 4" in text
    assert "Ersatzspieler" in text
    assert Lineup.objects.get(team=team).entries.count() == 2
    phone.screenshot(path=str(tmp_path / "saved.png"), full_page=True)
    # the deadline passes: the page is locked for him
    ls.league_set_lineup_deadline(league=league, hours=24 * 4)
    phone.goto(url)
    assert phone.locator("[data-deadline-locked]").count() == 1
    assert phone.locator("form[data-lineup-form] button.primary").count() == 0
    _no_horizontal_scroll(phone)
    phone.screenshot(path="/tmp/season2_lineup_locked.png", full_page=True)
