"""Organisers manage co-organisers on the tournament page; club managers their managers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs.models import Club
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.tournaments import services as ts
from tests.tournaments.helpers import make_tournament


@pytest.mark.django_db
def test_creator_is_first_organiser_and_adds_a_co_organiser(client, django_user_model):
    org = django_user_model.objects.create_user("org", password="pw")
    helper = django_user_model.objects.create_user("helfer", email="h@example.org", password="x")
    t = make_tournament(4, user=org)
    assert list(t.organisers.all()) == [org]
    client.force_login(org)
    url = reverse("tournament-organiser-add", args=[t.pk])
    response = client.post(url, {"account": "H@EXAMPLE.ORG"})
    assert response.status_code == 302
    assert set(t.organisers.all()) == {org, helper}
    assert AuditEntry.objects.filter(action="add_organiser", target_id=t.pk).exists()
    # The co-organiser may now draw.
    client.force_login(helper)
    assert client.post(reverse("round-draw", args=[t.pk])).status_code == 302
    assert t.rounds.count() == 1
    # Unknown accounts are a form error; the last organiser cannot leave.
    html = client.post(url, {"account": "niemand"}).content.decode()
    assert "Kein (eindeutiges) Konto" in html
    client.post(reverse("tournament-organiser-remove", args=[t.pk]), {"account": str(org.pk)})
    assert list(t.organisers.all()) == [helper]
    with pytest.raises(ServiceError) as exc:
        ts.tournament_remove_organiser(tournament=t, account_id=helper.pk)
    assert exc.value.code == "last_organiser"


@pytest.mark.django_db
def test_club_manager_adds_a_manager(client, django_user_model):
    cm = django_user_model.objects.create_user("cm", password="pw")
    other = django_user_model.objects.create_user("zweite", password="pw")
    club = Club.objects.create(name="Kreuz-Bube")
    club.managers.add(cm)
    client.force_login(cm)
    url = reverse("club-detail", args=[club.pk])
    assert "Vereinsverwaltung hinzufügen" in client.get(url).content.decode()
    add = reverse("club-manager-add", args=[club.pk])
    assert client.post(add, {"account": "zweite"}).status_code == 302
    assert set(club.managers.all()) == {cm, other}
    client.logout()
    public = client.get(url).content.decode()
    assert "Vereinsverwaltung hinzufügen" not in public
    assert "zweite" not in public  # accounts are not shown to the public
