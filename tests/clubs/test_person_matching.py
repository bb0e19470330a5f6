"""Issue 33: wherever a name is typed, the closest existing records are offered before a new
one is made — the organiser's desk, a league roster, the API's list creation."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs.matching import person_match
from league.clubs.models import Club, Player
from league.tournaments.models import Participant
from scoring.people import Outcome
from tests.api.conftest import token_client
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def joerg() -> Player:
    club = Club.objects.create(name="TSV Kiel")
    return Player.objects.create(name="Jörg Müller", club=club)


@pytest.fixture
def organiser(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("org", password="pw", is_staff=True))
    return client


def test_keys_are_kept_by_save_and_found_by_index(joerg):
    assert joerg.name_key == "joerg mueller"
    joerg.name = "Müller, Jörg-Peter"
    joerg.save(update_fields=["name"])
    joerg.refresh_from_db()
    assert joerg.name_key == "joerg-peter mueller"
    found = person_match(name="Jörg-Petr Müller")
    assert found.match.outcome is Outcome.MAYBE
    assert found.offers[0].label == "Müller, Jörg-Peter, TSV Kiel"


def test_the_desk_asks_then_takes_the_chosen_record(organiser, joerg):
    t = make_tournament(0)
    page = reverse("tournament-participants", args=[t.pk])
    response = organiser.post(page, {"name": "Jorg Muller", "club": ""})
    assert response.status_code == 422
    html = response.content.decode()
    assert "data-person-choice" in html
    assert "Jörg Müller, TSV Kiel" in html
    assert 'value="new"' in html
    assert not Participant.objects.filter(tournament=t).exists()
    response = organiser.post(page, {"name": "Jorg Muller", "club": "", "person": str(joerg.pk)})
    assert response.status_code == 302
    assert Participant.objects.get(tournament=t).player == joerg
    assert Player.objects.count() == 1


def test_the_desk_makes_a_new_person_when_told(organiser, joerg):
    t = make_tournament(0)
    page = reverse("tournament-participants", args=[t.pk])
    response = organiser.post(page, {"name": "Jörg Müller", "club": "", "person": "new"})
    assert response.status_code == 302
    assert Participant.objects.get(tournament=t).player != joerg
    assert Player.objects.filter(name="Jörg Müller").count() == 2


def test_the_same_member_written_otherwise_is_taken_without_asking(organiser, joerg):
    t = make_tournament(0)
    page = reverse("tournament-participants", args=[t.pk])
    response = organiser.post(page, {"name": "MUELLER,  Joerg", "club": "TSV Kiel"})
    assert response.status_code == 302
    assert Participant.objects.get(tournament=t).player == joerg


def test_an_id_that_was_not_offered_is_refused(organiser, joerg):
    stranger = Player.objects.create(name="Anna Schmidt")
    t = make_tournament(0)
    page = reverse("tournament-participants", args=[t.pk])
    response = organiser.post(page, {"name": "Jorg Muller", "person": str(stranger.pk)})
    assert response.status_code == 200
    assert "passt nicht zu diesem Namen" in response.content.decode()
    assert not Participant.objects.filter(tournament=t).exists()


def test_a_hidden_player_is_offered_only_by_his_exact_name_and_without_club(joerg):
    joerg.hide_name = True
    joerg.save()
    assert person_match(name="Jorg Muller").offers == ()
    offers = person_match(name="Joerg Mueller").offers
    assert [(o.id, o.name, o.club) for o in offers] == [(joerg.pk, "Joerg Mueller", "")]


SEATS = ["Jorg Muller", "Bernd", "Carla", "Dieter"]


def test_the_api_answers_409_with_candidates_then_takes_the_id(user, joerg):
    api = token_client(user)
    response = api.post("/api/v1/listen/", {"title": "T", "seats": SEATS}, format="json")
    assert response.status_code == 409, response.content
    body = response.json()
    assert body["error"]["code"] == "player_maybe_known"
    assert body["error"]["field"] == "seats.0"
    assert body["candidates"] == [
        {"id": joerg.pk, "name": "Jörg Müller", "club": "TSV Kiel", "reason": "distance"}
    ]
    assert Player.objects.count() == 1  # nothing written
    response = api.post(
        "/api/v1/listen/",
        {"title": "T", "seats": SEATS, "players": [joerg.pk, None, None, None]},
        format="json",
    )
    assert response.status_code == 201, response.content
    liste_id = response.json()["id"]
    assert Player.objects.get(seats__spielliste_id=liste_id, seats__position=1) == joerg
    assert Player.objects.filter(name="Jörg Müller").count() == 1


def test_the_api_makes_new_records_with_neu(user, joerg):
    api = token_client(user)
    response = api.post(
        "/api/v1/listen/", {"title": "T", "seats": SEATS, "neu": True}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Player.objects.filter(name="Jorg Muller").exists()


def test_the_api_refuses_an_id_not_offered(user, joerg):
    other = Player.objects.create(name="Zacharias Zett")
    api = token_client(user)
    response = api.post(
        "/api/v1/listen/",
        {"title": "T", "seats": SEATS, "players": [other.pk]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "person_not_offered",
        "field": "players.0",
        "message": response.json()["error"]["message"],
        "game": None,
    }


def test_a_league_roster_asks_on_its_own_page_then_adds_the_chosen(client, user, joerg):
    from league.leagues import services as ls

    league = ls.league_create(name="Liga", season="2026", players_per_team=4, user=user)
    team = ls.team_create(league=league, name="Kiel I")
    client.force_login(user)
    url = reverse("team-player-add", args=[league.pk, team.pk])
    response = client.post(url, {"name": "Jürgen Müller", "ddv_number": ""})
    assert response.status_code == 422
    html = response.content.decode()
    assert "data-person-choice" in html
    assert "Jörg Müller, TSV Kiel" in html
    assert f'action="{url}"' in html
    assert 'value="Jürgen Müller"' in html
    assert not team.roster.exists()
    response = client.post(url, {"name": "Jürgen Müller", "person": "new"})
    assert response.status_code == 302
    assert [p.name for p in team.roster.all()] == ["Jürgen Müller"]
