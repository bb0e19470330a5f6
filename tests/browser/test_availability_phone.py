"""Issue 29: on a phone the availability page says whose answers they are and, after an
answer, stays at the answered row; the captain copies a player's labelled link."""

import pytest
from django.urls import reverse

from league.leagues import services as ls
from tests.browser.conftest import log_in
from tests.leagues.helpers import make_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_answer_lands_at_its_row_and_the_captain_copies_a_link(
    live_server, browser, django_user_model
):
    league = make_league(4, rounds=1)
    team = league.teams.order_by("number").first()
    player = team.roster.order_by("name").first()
    token = ls.availability_link_renew(team=team, player=player)
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 500}, locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(base + reverse("availability-answer", args=[token]))
    assert player.name in page.inner_text("[data-answer-player]")
    last = page.locator("[data-answer-list] > li").last
    spieltag = last.get_attribute("data-spieltag")
    with page.expect_navigation():
        last.locator("button[value=no]").click()
    assert page.url.endswith(f"#spieltag-{spieltag}")
    row = page.locator(f"li[data-spieltag='{spieltag}']")
    assert row.locator("[data-answer=no]").count() == 1
    top = row.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top < 500  # the answered row in view, not the page's top
    context.close()

    django_user_model.objects.create_user("kap", password="pw-secret-123")
    ls.team_add_captain(team=team, account="kap")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, base, "kap", "pw-secret-123")
    page.goto(base + reverse("team-availability", args=[league.pk, team.pk]))
    copy = page.get_by_role("button", name=f"Link für {player.name} kopieren")
    copy.click()
    link = base + reverse("availability-answer", args=[token])
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
