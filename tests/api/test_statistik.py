"""GET /api/v1/spieler/{id}/statistik/ and GET /api/v1/listen/{id}/kasse/ (issue 25): the
page's figures, filters and access."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from league.clubs.models import Club
from league.evenings.models import ClubEvening, EveningTable
from league.lists import services
from league.lists.placement import places_rebuild
from tests.site_helpers import normal, solo


@pytest.fixture
def club_list(players, user):
    club = Club.objects.create(name="Karo-Neun")
    liste = services.spielliste_create(
        title="Abend", players=players, club=club, created_by=user, kasse_cent=10
    )
    evening = ClubEvening.objects.create(club=club, date=dt.date(2026, 5, 6))
    EveningTable.objects.create(evening=evening, number=1, spielliste=liste)
    places_rebuild([liste.pk])  # as evenings.services writes it
    services.game_record(spielliste=liste, record=normal())
    services.game_record(spielliste=liste, record=solo("Carla"))
    return club, liste


def test_statistik_gives_the_figures_and_filters(club_list, players):
    club, _liste = club_list
    api = APIClient()
    url = reverse("api-statistik", args=[players[2].pk])
    body = api.get(url).json()
    assert body["games"] == 2
    assert body["solos"] == {"damen": {"played": 1, "won": 1}}
    assert body["pflicht"] == 1
    assert body["re"] == 1
    assert body["kontra"] == 1
    assert [p["player_id"] for p in body["partners"]] == [players[3].pk]
    assert len(body["lists"]) == 1
    assert api.get(url, {"saison": f"{club.pk}-2025"}).json()["games"] == 0
    assert api.get(url, {"von": "2026-05-06"}).json()["games"] == 2
    bad = api.get(url, {"von": "gestern"})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "invalid_value"
    assert api.get(url, {"saison": "x"}).status_code == 400
    assert api.get(reverse("api-statistik", args=[999999])).status_code == 404


def test_statistik_hidden_player_and_members_only(club_list, players):
    club, _liste = club_list
    api = APIClient()
    carla = players[2]
    carla.hide_name = True
    carla.save()
    assert api.get(reverse("api-statistik", args=[carla.pk])).status_code == 404
    club.members_only = True
    club.save()
    assert api.get(reverse("api-statistik", args=[players[0].pk])).json()["games"] == 0


def test_kasse_of_a_list(club_list, players):
    _club, liste = club_list
    api = APIClient()
    body = api.get(reverse("api-kasse", args=[liste.pk])).json()
    assert body["cent"] == 10
    assert [b["player"] for b in body["balances"]] == ["Anna", "Bernd", "Carla", "Dieter"]
    assert sum(b["cents"] for b in body["balances"]) == 0
    assert body["pot"] == 0
    assert body["settled"] is False
    assert all(set(p) == {"from", "to", "cents"} for p in body["payments"])
    services.spielliste_set_kasse(spielliste=liste, cent=None)
    assert api.get(reverse("api-kasse", args=[liste.pk])).status_code == 404


def test_kasse_refusals_are_the_documented_ones(client, club_list, players, django_user_model):
    """Issue 29: the Kasse of a members-only club's list answered 401/403 that the schema
    did not name. Both are answered and documented."""
    club, liste = club_list
    club.members_only = True
    club.save()
    url = reverse("api-kasse", args=[liste.pk])
    assert APIClient().get(url).status_code == 401
    stranger = APIClient()
    stranger.force_authenticate(django_user_model.objects.create_user("fremd"))
    assert stranger.get(url).status_code == 403
    schema = client.get("/api/schema/", {"format": "json"}).json()
    responses = schema["paths"]["/api/v1/listen/{id}/kasse/"]["get"]["responses"]
    assert {"200", "401", "403", "404", "429"} <= set(responses)
