"""Invitations by e-mail link: co-organisers, club managers, members (account ↔ player)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.accounts.models import Invitation
from league.clubs.models import Club, Player
from tests.tournaments.helpers import make_tournament


def _link(mail) -> str:
    return re.search(r"http://testserver(/konto/einladung/[^/\s]+/)", mail.body).group(1)


@pytest.mark.django_db
def test_organiser_invites_a_newcomer_who_creates_his_account(client, mailoutbox):
    org = User.objects.create_user("org", password="pw")
    t = make_tournament(4, user=org)
    client.force_login(org)
    url = reverse("tournament-organiser-invite", args=[t.pk])
    assert client.post(url, {"email": "neu@example.org"}).status_code == 302
    (mail,) = mailoutbox
    assert mail.to == ["neu@example.org"]
    assert "Turnierleitung von Testturnier" in mail.subject
    link = _link(mail)
    newcomer = Client()
    page = newcomer.get(link).content.decode()
    assert "Turnierleitung von Testturnier" in page
    response = newcomer.post(
        link,
        {
            "username": "neu",
            "password1": "ein-gutes-Passwort-42",
            "password2": "ein-gutes-Passwort-42",
        },
    )
    assert response.status_code == 302
    account = User.objects.get(username="neu")
    assert account.email == "neu@example.org"
    assert set(t.organisers.all()) == {org, account}
    # Once accepted, the link is spent.
    assert Client().get(link).status_code == 404


@pytest.mark.django_db
def test_expired_or_unknown_invitations_are_refused(client, mailoutbox):
    org = User.objects.create_user("org", password="pw")
    t = make_tournament(4, user=org)
    client.force_login(org)
    client.post(reverse("tournament-organiser-invite", args=[t.pk]), {"email": "x@example.org"})
    Invitation.objects.update(created_at=Invitation.objects.get().created_at - timedelta(days=15))
    assert Client().get(_link(mailoutbox[0])).status_code == 404
    assert Client().get(reverse("invitation", args=["nichts"])).status_code == 404


@pytest.mark.django_db
def test_club_manager_invites_a_member_whose_account_is_linked_to_his_player(mailoutbox):
    cm = User.objects.create_user("cm", password="pw")
    club = Club.objects.create(name="Karo-As")
    club.managers.add(cm)
    player = Player.objects.create(name="Inge", club=club)
    manager = Client()
    manager.force_login(cm)
    url = reverse("club-member-invite", args=[club.pk])
    response = manager.post(url, {"player": player.pk, "email": "i@example.org"})
    assert response.status_code == 302
    inge = User.objects.create_user("inge", password="pw")
    member = Client()
    member.force_login(inge)
    assert member.post(_link(mailoutbox[0])).status_code == 302
    player.refresh_from_db()
    assert player.account == inge
    # And a club manager invitation, accepted by an existing account.
    manager.post(reverse("club-manager-invite", args=[club.pk]), {"email": "z@example.org"})
    zweite = User.objects.create_user("zweite", password="pw")
    other = Client()
    other.force_login(zweite)
    other.post(_link(mailoutbox[1]))
    assert set(club.managers.all()) == {cm, zweite}


@pytest.mark.django_db
def test_das_bin_ich_is_linked_once_an_organiser_confirms(client):
    org = User.objects.create_user("org", password="pw")
    t = make_tournament(4, user=org)
    participant = t.participants.first()
    me = User.objects.create_user("ich", password="pw")
    client.force_login(me)
    page = reverse("tournament-player", args=[t.pk, participant.pk])
    assert "data-claim" in client.get(page).content.decode()
    client.post(reverse("player-claim", args=[participant.player_id]), {"next": page})
    participant.player.refresh_from_db()
    assert participant.player.account is None  # not before an organiser confirms
    organiser = Client()
    organiser.force_login(org)
    listing = organiser.get(reverse("tournament-participants", args=[t.pk])).content.decode()
    claim = participant.player.claims.get()
    assert f'data-claim="{claim.pk}"' in listing
    # Somebody else's organiser cannot decide it.
    other = Client()
    other.force_login(User.objects.create_user("fremd", password="pw"))
    url = reverse("claim-decide", args=[t.pk, claim.pk])
    assert other.post(url, {"accept": "1"}).status_code == 403
    organiser.post(url, {"accept": "1"})
    participant.player.refresh_from_db()
    assert participant.player.account == me
    assert "data-claim" not in client.get(page).content.decode()
