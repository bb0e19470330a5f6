"""Issue 29 (item 7): the league roster form puts a numbered player record on a team only
where its organiser may name it — the typed name is the record's, or the record is an
unhidden member of the team's club — and a refusal never names the record and writes
nothing."""

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model):
    """A stranger's league with one team (no club); Lutz Krämer (hidden) and Gabi Jäger
    (public), both with DDV numbers, members of the Kreuz Buben."""
    stranger = django_user_model.objects.create_user("fremd", password="pw-secret-123")
    league = ls.league_create(name="Eigene Liga", season="2026", user=stranger)
    team = ls.team_create(league=league, name="Meine Leute")
    club = Club.objects.create(name="Kreuz Buben")
    lutz = Player.objects.create(name="Lutz Krämer", ddv_number="50011", club=club, hide_name=True)
    gabi = Player.objects.create(name="Gabi Jäger", ddv_number="50012", club=club)
    return stranger, league, team, club, lutz, gabi


def _state():
    return (
        list(Team.roster.through.objects.values_list("team_id", "player_id")),
        Player.objects.count(),
        AuditEntry.objects.count(),
    )


@pytest.mark.parametrize("number", ["50011", "50012"])
def test_a_number_with_another_name_is_refused_without_naming_the_record(world, number):
    _stranger, _league, team, _club, _lutz, _gabi = world
    before = _state()
    with pytest.raises(ServiceError) as err:
        ls.team_add_player(team=team, name="Irgendwer", ddv_number=number)
    assert err.value.code == "roster_ddv_other_player"
    assert "Lutz" not in err.value.message
    assert "Gabi" not in err.value.message
    assert _state() == before


def test_the_name_and_number_together_put_the_record_on_the_team(world):
    _stranger, _league, team, _club, lutz, _gabi = world
    player = ls.team_add_player(team=team, name="  lutz  krämer ", ddv_number="50011")
    assert player == lutz
    assert list(team.roster.all()) == [lutz]


def test_an_unhidden_member_of_the_teams_club_by_number(world):
    _stranger, league, _team, club, lutz, gabi = world
    team = Team.objects.create(league=league, name="Kreuz Buben 1", number=2, club=club)
    assert ls.team_add_player(team=team, name="G. Jäger", ddv_number="50012") == gabi
    # a member who asked not to be named: his own name, or nothing
    with pytest.raises(ServiceError) as err:
        ls.team_add_player(team=team, name="L. K.", ddv_number="50011")
    assert err.value.code == "roster_ddv_other_player"
    assert ls.team_add_player(team=team, name="Lutz Krämer", ddv_number="50011") == lutz


def test_a_new_number_still_makes_a_new_record(world):
    _stranger, _league, team, _club, _lutz, _gabi = world
    player = ls.team_add_player(team=team, name="Neu Ling", ddv_number="60001")
    assert (player.name, player.ddv_number) == ("Neu Ling", "60001")


def test_the_roster_form_refuses_and_names_nobody(world, client):
    stranger, league, team, _club, _lutz, _gabi = world
    client.force_login(stranger)
    before = _state()
    response = client.post(
        reverse("team-player-add", args=[league.pk, team.pk]),
        {"name": "Irgendwer", "ddv_number": "50011"},
        follow=True,
    )
    html = response.content.decode()
    assert "gehört einem anderen Spieler" in html
    assert "Lutz" not in html
    assert "Krämer" not in html
    assert _state() == before
