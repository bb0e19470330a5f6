"""Issue 29: a participant's page links to the player's own page and statistics — for a
player who asked not to be named only to himself, staff and the organisers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.clubs.models import Player
from league.tournaments.models import Participant
from tests.tournaments.helpers import make_tournament


def _links(client, t, participant) -> str:
    html = client.get(reverse("tournament-player", args=[t.pk, participant.pk])).content.decode()
    if "data-player-links" not in html:
        return ""
    return html.split("data-player-links")[1].split("</p>")[0]


@pytest.mark.django_db
def test_participant_page_links_to_the_players_page_and_statistics(client):
    t = make_tournament(4, rounds=1)
    participant = Participant.objects.filter(tournament=t).first()
    links = _links(client, t, participant)
    assert reverse("player-record", args=[participant.player_id]) in links
    assert reverse("player-statistics", args=[participant.player_id]) in links


@pytest.mark.django_db
def test_a_hidden_players_links_only_for_himself_staff_and_organisers(client):
    t = make_tournament(4, rounds=1)
    participant = Participant.objects.filter(tournament=t).first()
    Player.objects.filter(pk=participant.player_id).update(hide_name=True)
    assert _links(client, t, participant) == ""  # anonymous
    client.force_login(User.objects.create_user("fremd", password="pw-x-123456"))
    assert _links(client, t, participant) == ""
    own = User.objects.create_user("selbst", password="pw-x-123456")
    Player.objects.filter(pk=participant.player_id).update(account=own)
    client.force_login(own)
    assert reverse("player-record", args=[participant.player_id]) in _links(client, t, participant)
    organiser = User.objects.create_user("leitung", password="pw-x-123456")
    t.organisers.add(organiser)
    client.force_login(organiser)
    assert reverse("player-statistics", args=[participant.player_id]) in _links(
        client, t, participant
    )
    client.force_login(User.objects.create_user("staff", password="pw-x-1234", is_staff=True))
    assert _links(client, t, participant) != ""
