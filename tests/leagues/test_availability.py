"""Availability: each player answers yes / maybe / no for his team's coming Spieltage with
his account or his personal link; the captain sees the answers and picks the line-up."""

import pytest
from django.urls import reverse

from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.leagues import services as ls
from league.leagues.models import Availability, AvailabilityLink
from league.leagues.selectors import coming_of_team, team_availability

from .helpers import first_spieltag, make_league, set_lineups

pytestmark = pytest.mark.django_db


def _team():
    league = make_league(4, rounds=1)
    spieltag = first_spieltag(league)
    team = spieltag.group.teams.order_by("number").first()
    return league, spieltag, team


def test_answers_and_refusals():
    _league, spieltag, team = _team()
    player = team.roster.order_by("name").first()
    ls.availability_set(spieltag=spieltag, player=player, answer="yes")
    ls.availability_set(spieltag=spieltag, player=player, answer="maybe")
    assert Availability.objects.get().answer == "maybe"
    assert AuditEntry.objects.filter(action="availability").count() == 2
    later = spieltag.group.spieltage.exclude(pk=spieltag.pk).first()
    with pytest.raises(ServiceError) as exc:
        ls.availability_set(spieltag=later, player=player, answer="perhaps")
    assert exc.value.code == "availability_answer"
    set_lineups(spieltag)
    ls.spieltag_start(spieltag=spieltag)
    with pytest.raises(ServiceError) as exc:
        ls.availability_set(spieltag=spieltag, player=player, answer="no")
    assert exc.value.code == "spieltag_started"
    assert Availability.objects.get().answer == "maybe"


def test_personal_link_answers_without_account_and_renewal_revokes(client):
    _league, spieltag, team = _team()
    player = team.roster.order_by("name").first()
    token = ls.availability_link_renew(team=team, player=player)
    url = reverse("availability-answer", args=[token])
    page = client.get(url).content.decode()
    assert f'data-spieltag="{spieltag.pk}"' in page
    assert client.post(url, {"spieltag": spieltag.pk, "answer": "no"}).status_code == 302
    assert Availability.objects.get(player=player, spieltag=spieltag).answer == "no"
    rows = team_availability(team=team, items=coming_of_team(team), reveal=True)
    mine = next(r for r in rows if r.player.pk == player.pk)
    assert "no" in mine.answers
    assert mine.token == token
    new = ls.availability_link_renew(team=team, player=player)
    assert new != token
    assert client.get(url).status_code == 404
    assert AvailabilityLink.objects.count() == 1
    assert client.get(reverse("availability-answer", args=["falsch"])).status_code == 404


def test_account_answers_and_captain_sees_it_on_the_lineup(client, django_user_model):
    league, spieltag, team = _team()
    player = team.roster.order_by("name").first()
    account = django_user_model.objects.create_user("spieler", password="pw")
    player.account = account
    player.save()
    captain = django_user_model.objects.create_user("kapitaen", password="pw")
    ls.team_add_captain(team=team, account=captain)
    mine = reverse("availability-mine", args=[league.pk, team.pk])
    assert client.get(mine).status_code == 302  # to the login
    client.force_login(captain)
    assert client.get(mine).status_code == 403  # not on the roster
    client.force_login(account)
    assert client.post(mine, {"spieltag": spieltag.pk, "answer": "yes"}).status_code == 302
    assert Availability.objects.get().answer == "yes"
    assert client.get(reverse("team-availability", args=[league.pk, team.pk])).status_code == 403
    client.force_login(captain)
    page = client.get(reverse("team-availability", args=[league.pk, team.pk])).content.decode()
    assert 'data-answer="yes"' in page
    page = client.get(reverse("lineup-edit", args=[league.pk, spieltag.pk, team.pk]))
    assert f"{player.name} (kann)" in page.content.decode()


def test_the_answer_page_names_its_player_and_lands_at_the_answered_row(client):
    """Issue 29: whose answers they are; after an answer, back at its row, not the top."""
    _league, spieltag, team = _team()
    player = team.roster.order_by("name").first()
    later = spieltag.group.spieltage.exclude(pk=spieltag.pk).first()
    url = reverse(
        "availability-answer", args=[ls.availability_link_renew(team=team, player=player)]
    )
    page = client.get(url).content.decode()
    assert f"Die Antworten von <strong>{player.name}</strong>." in page
    assert f'id="spieltag-{later.pk}"' in page
    response = client.post(url, {"spieltag": later.pk, "answer": "yes"})
    assert response.status_code == 302
    assert response["Location"] == f"{url}#spieltag-{later.pk}"


def test_the_captain_gets_each_link_labelled_with_copy_and_share(client, django_user_model):
    league, _spieltag, team = _team()
    captain = django_user_model.objects.create_user("kapitaen", password="pw")
    ls.team_add_captain(team=team, account=captain)
    players = list(team.roster.order_by("name"))
    tokens = {p.pk: ls.availability_link_renew(team=team, player=p) for p in players}
    client.force_login(captain)
    page = client.get(reverse("team-availability", args=[league.pk, team.pk])).content.decode()
    for player in players:
        link = "http://testserver" + reverse("availability-answer", args=[tokens[player.pk]])
        assert f"Persönlicher Link für {player.name} zum Antworten" in page
        assert f'data-copy="{link}"' in page
        assert f'data-share="{link}"' in page
        assert f"Link für {player.name} kopieren" in page
