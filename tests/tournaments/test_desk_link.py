"""Issue 36, item 1: registering a participant at the desk shows his personal link and the
slip PDF with its QR code, so the organiser can hand them over at once."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from league.tournaments import services as ts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_registration_at_the_desk_shows_his_personal_link_and_slip():
    user = get_user_model().objects.create_user("olga", password="pw-secret-123")
    tournament = ts.tournament_create(name="Turnier", date=dt.date(2026, 11, 28), user=user)
    client = Client()
    client.force_login(user)
    url = reverse("tournament-participants", args=[tournament.pk])
    data = {"name": "Erna Kowalski", "club": "", "ddv_number": ""}
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    participant = tournament.participants.get(player__name="Erna Kowalski")
    page = response.content.decode()
    assert "Erna Kowalski angemeldet." in page
    own = reverse("participant-self", args=[tournament.pk, participant.link])
    assert f'href="http://testserver{own}"' in page
    assert reverse("participant-slips", args=[tournament.pk]) in page
    assert "data-registered-link" in page
    # The link works; the plain list page (no fresh registration) shows no such panel.
    assert client.get(own).status_code == 200
    assert "data-registered-link" not in client.get(url).content.decode()
    # Another id in the address shows nothing.
    assert "data-registered-link" not in client.get(f"{url}?neu=999999").content.decode()
