"""At 390 px (issue 20): after a withdrawal the organiser goes from the round board to the
list's decision, puts in a substitute and sees him named at the seat; a quick row of a
club evening is opened from the list and corrected."""

import os

import pytest
from django.urls import reverse

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.lists import services as list_services
from league.lists.models import Game
from league.tournaments import services as ts
from scoring.quick import QuickGame
from scoring.rules import PRESETS
from tests.browser.conftest import log_in
from tests.site_helpers import NAMES
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MEET_SHOTS", "")


def _shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _no_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_withdrawal_decision_and_substitute_at_390px(live_server, phone, django_user_model):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(8, rounds=2, user=org)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, stop=4)
    liste = rnd.lists.order_by("round_table__number").first()
    seat = liste.seats.get(position=2)
    ts.participant_set_withdrawn(participant=t.participants.get(player=seat.player), withdrawn=True)
    ts.participant_add(tournament=t, name="Erna Ersatz")
    base = live_server.url
    log_in(phone, base, "org", "pw-secret-123")
    phone.goto(base + reverse("round-board", args=[t.pk, rnd.number]))
    _no_scroll(phone)
    _shot(phone, "board")
    with phone.expect_navigation():
        phone.click("[data-decision]")
    assert phone.url.endswith("#ersatz")
    assert phone.is_visible("#ersatz")
    _no_scroll(phone)
    _shot(phone, "decision")
    phone.select_option("#ersatz select[name=position]", "2")
    phone.fill("#ersatz input[name=name]", "Erna Ersatz")
    with phone.expect_navigation():
        phone.click("#ersatz button.primary")
    assert "Erna Ersatz" in phone.inner_html("table.liste thead")
    _no_scroll(phone)
    _shot(phone, "substituted")


def test_quick_row_corrected_at_390px(live_server, phone, django_user_model):
    user = django_user_model.objects.create_user("lf", password="pw-secret-123")
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(user)
    club_services.club_set_rules(club=club, profile=PRESETS["verein-002"], user=user)
    players = [Player.objects.create(name=n, club=club) for n in NAMES]
    liste = list_services.spielliste_create(
        title="Clubabend", players=players, club=club, created_by=user, rules=club.profile
    )
    list_services.game_record(
        spielliste=liste, record=QuickGame(players=tuple(NAMES), winners=("Anna", "Carla"), value=2)
    )
    base = live_server.url
    log_in(phone, base, "lf", "pw-secret-123")
    phone.goto(base + liste.get_absolute_url())
    with phone.expect_navigation():
        phone.click("#spiel-1 td.nr a")
    _no_scroll(phone)
    _shot(phone, "quick_edit")
    phone.fill("input[name=quick-value]", "5")
    with phone.expect_navigation():
        phone.click("[data-quick-edit] button.primary")
    assert Game.objects.get(spielliste=liste, number=1).quick_value == 5
