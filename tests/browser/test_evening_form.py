"""The club evening form on a phone: nobody is ticked in advance; "alle" and "keine" tick
and untick every member, and the evening seats exactly who is ticked."""

import pytest
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import Club, Player
from league.evenings.models import ClubEvening
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEMBERS = ["Anna", "Bernd", "Carla", "Dieter", "Erika", "Frank"]


def test_none_ticked_then_all_then_none_then_four(live_server, phone, django_user_model):
    manager = django_user_model.objects.create_user("cm", password="pw-secret-123")
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(manager)
    for name in MEMBERS:
        Player.objects.create(name=name, club=club)
    page = phone
    log_in(page, live_server.url, "cm", "pw-secret-123")
    page.goto(live_server.url + reverse("club-evening-create", args=[club.pk]))
    # Today's date is filled in (an ISO value: a date input shows nothing else).
    assert page.locator("input[name=date]").input_value() == str(timezone.localdate())
    boxes = page.locator("input[name=present]")
    assert boxes.count() == len(MEMBERS)
    ticked = "input[name=present]:checked"
    assert page.locator(ticked).count() == 0
    page.locator("[data-check-all][data-check-value='1']").click()
    assert page.locator(ticked).count() == len(MEMBERS)
    page.locator("[data-check-all][data-check-value='0']").click()
    assert page.locator(ticked).count() == 0
    for name in MEMBERS[:4]:
        page.locator("label.chip", has_text=name).click()
    with page.expect_navigation():
        page.locator("main form button.primary").click()
    evening = ClubEvening.objects.get()
    seats = [s.name for t in evening.tables.all() for s in t.spielliste.seats.all()]
    assert sorted(seats) == MEMBERS[:4]
