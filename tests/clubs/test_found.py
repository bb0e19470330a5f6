"""Any account founds a club and manages it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs.access import can_manage_club
from league.clubs.models import Club


@pytest.mark.django_db
def test_found_club_makes_founder_manager(lf_client, user):
    response = lf_client.post(reverse("club-found"), {"name": " SC  Kreuz ", "city": "Bonn"})
    club = Club.objects.get(name="SC Kreuz")
    assert response.status_code == 302
    assert response["Location"] == reverse("club-detail", args=[club.pk])
    assert can_manage_club(user, club)
    assert lf_client.get(reverse("club-evening-create", args=[club.pk])).status_code == 200


@pytest.mark.django_db
def test_taken_name_refused_nothing_written(lf_client, user):
    Club.objects.create(name="SC Kreuz")
    response = lf_client.post(reverse("club-found"), {"name": "sc kreuz"})
    assert response.status_code == 422
    assert "gibt es schon" in response.content.decode()
    assert Club.objects.count() == 1
    assert not Club.objects.filter(managers=user).exists()


@pytest.mark.django_db
def test_anonymous_goes_to_login(client):
    response = client.post(reverse("club-found"), {"name": "X"})
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    assert not Club.objects.exists()
