"""Moving a Spieltag on phones (390 px): a captain asks for a new date, another team's
captain accepts (the other two teams already have), the organiser approves; the Spieltag
page shows the new date."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from league.leagues import services as ls
from league.leagues.models import Spieltag, SpieltagMove
from tests.browser.conftest import log_in
from tests.leagues.helpers import first_spieltag, make_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _no_horizontal_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _phone(browser, base, username):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, base, username, "pw-secret-123")
    return page


def test_captain_requests_other_accepts_organiser_approves(live_server, browser, django_user_model):
    organiser = django_user_model.objects.create_user("liga", password="pw-secret-123")
    league = make_league(4, rounds=1, user=organiser)
    spieltag = first_spieltag(league)
    day = timezone.localdate() + dt.timedelta(days=10)
    ls.group_schedule(group=spieltag.group, date=day, start_time=dt.time(11), venue="Krone")
    teams = list(spieltag.group.teams.order_by("number"))
    for i, team in enumerate(teams[:2]):
        account = django_user_model.objects.create_user(f"kap{i}", password="pw-secret-123")
        ls.team_add_captain(team=team, account=account)
    base = live_server.url
    url = base + reverse("spieltag-detail", args=[league.pk, spieltag.pk])
    new = day + dt.timedelta(days=1)

    # The first team's captain asks for the Sunday after.
    phone = _phone(browser, base, "kap0")
    phone.goto(url)
    _no_horizontal_scroll(phone)
    phone.click("[data-move-form] summary")
    phone.fill("[data-move-form] input[name=date]", new.isoformat())
    phone.fill("[data-move-form] textarea[name=note]", "Unser Saal ist belegt.")
    with phone.expect_navigation():
        phone.click("[data-move-request]")
    assert "Verlegung beantragt" in phone.inner_text("main")
    assert phone.locator("[data-move-open]").count() == 1
    assert phone.locator("[data-move-accept]").count() == 0  # not on his own request
    assert phone.locator("[data-move-withdraw]").count() == 1
    _no_horizontal_scroll(phone)
    phone.context.close()
    move = SpieltagMove.objects.get()
    for team in teams[2:]:  # the two teams without an account on the site answered
        ls.spieltag_move_answer(move=move, team=team, accept=True, user=organiser)

    # The second team's captain accepts.
    phone = _phone(browser, base, "kap1")
    phone.goto(url)
    assert phone.locator(f"[data-move-team='{teams[1].name}'][data-move-answer=open]").count()
    with phone.expect_navigation():
        phone.click("[data-move-accept]")
    assert "Verlegung angenommen." in phone.inner_text("main")
    assert phone.locator(f"[data-move-team='{teams[1].name}'][data-move-answer=accepted]").count()
    _no_horizontal_scroll(phone)
    phone.context.close()

    # The organiser approves on his phone.
    phone = _phone(browser, base, "liga")
    phone.goto(base + reverse("league-manage", args=[league.pk]))
    assert phone.locator(f"[data-open-move='{move.pk}']").count() == 1
    phone.goto(url)
    _no_horizontal_scroll(phone)
    phone.screenshot(path="/tmp/leagues-move-open.png", full_page=True)
    with phone.expect_navigation():
        phone.click("[data-move-approve]")
    assert "Verlegung genehmigt" in phone.inner_text("main")
    assert new.strftime("%d.%m.%Y") in phone.inner_text("[data-when]")
    assert phone.locator("[data-move-last=approved]").count() == 1
    _no_horizontal_scroll(phone)
    phone.screenshot(path="/tmp/leagues-move-phone.png", full_page=True)
    phone.context.close()
    moved = Spieltag.objects.get(pk=spieltag.pk)
    assert (moved.date, moved.sequence) == (new, 1)


def test_organiser_answers_for_a_captainless_team_and_moves_the_doppelspieltag_together(
    live_server, browser, django_user_model
):
    """Issue 29: one team has no captain and said yes on the phone: the organiser records
    it on its behalf and approves; then he moves the Doppelspieltag from 1.2's page and
    both halves move, in their order."""
    organiser = django_user_model.objects.create_user("liga", password="pw-secret-123")
    league = make_league(4, rounds=1, user=organiser)
    spieltag = first_spieltag(league)
    sister = spieltag.group.spieltage.exclude(pk=spieltag.pk).get()
    day = timezone.localdate() + dt.timedelta(days=10)
    ls.group_schedule(group=spieltag.group, date=day, start_time=dt.time(11), venue="Krone")
    teams = list(spieltag.group.teams.order_by("number"))
    captains = []
    for i, team in enumerate(teams[:3]):  # the fourth team has no captain
        account = django_user_model.objects.create_user(f"kap{i}", password="pw-secret-123")
        ls.team_add_captain(team=team, account=account)
        captains.append(account)
    new = day + dt.timedelta(days=1)
    move = ls.spieltag_move_request(spieltag=spieltag, team=teams[0], date=new, user=captains[0])
    for team, account in zip(teams[1:3], captains[1:], strict=True):
        ls.spieltag_move_answer(move=move, team=team, accept=True, user=account)
    base = live_server.url
    url = base + reverse("spieltag-detail", args=[league.pk, spieltag.pk])

    phone = _phone(browser, base, "liga")
    phone.goto(url)
    assert phone.locator("[data-move-approve]").count() == 0  # Team 04 has not answered
    behalf = phone.locator(f"[data-move-team='{teams[3].name}'] [data-move-behalf]")
    assert teams[3].name in behalf.inner_text()
    with phone.expect_navigation():
        behalf.click()
    assert f"Zustimmung von {teams[3].name} eingetragen." in phone.inner_text("main")
    assert phone.locator(f"[data-move-team='{teams[3].name}'][data-move-answer=accepted]").count()
    _no_horizontal_scroll(phone)
    with phone.expect_navigation():
        phone.click("[data-move-approve]")
    assert "Verlegung genehmigt" in phone.inner_text("main")
    assert new.strftime("%d.%m.%Y") in phone.inner_text("[data-when]")
    move.refresh_from_db()
    assert move.state == "approved"

    # The Doppelspieltag moves together from its second half's page (the default).
    later = new + dt.timedelta(days=7)
    phone.goto(base + reverse("spieltag-detail", args=[league.pk, sister.pk]))
    phone.click("[data-place-form] summary")
    assert phone.locator("[data-place-scope] input[value=zusammen]").is_checked()
    phone.fill("[data-place-form] input[name=date]", later.isoformat())
    phone.fill("[data-place-form] input[name=start_time]", "15:00")
    _no_horizontal_scroll(phone)
    with phone.expect_navigation():
        phone.click("[data-place-form] button.primary")
    assert "Termin und Ort gespeichert." in phone.inner_text("main")
    phone.context.close()
    first, second = Spieltag.objects.filter(group=spieltag.group).order_by("number")
    assert (first.date, second.date) == (later, later)
    assert first.start_time < second.start_time
