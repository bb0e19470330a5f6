"""Issue 33, "Das bin ich": an account claiming a record is shown the other records close to
it (the same person typed twice), and so is the club manager who confirms the claim; a
hidden record is offered to nobody."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.clubs.matching import records_like
from league.clubs.models import Club, Player, PlayerClaim
from league.tournaments import services as ts
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def twice() -> tuple[Player, Player, Player]:
    """Jörg Müller of TSV Kiel entered at a tournament, typed again as "Joerg Mueller"
    elsewhere; Jörg Meier is someone else."""
    kiel = Club.objects.create(name="TSV Kiel")
    tournament = make_tournament(4, rounds=1)
    entered = ts.participant_add(tournament=tournament, name="Jörg Müller", club_name="TSV Kiel")
    other = Player.objects.create(name="Joerg Mueller", club=kiel)
    meier = Player.objects.create(name="Klaus Meier")
    return entered.player, other, meier


def test_records_like_offers_the_same_person_typed_otherwise_and_nobody_else(twice):
    entered, other, meier = twice
    offered = [o.id for o in records_like(entered)]
    assert other.pk in offered
    assert entered.pk not in offered
    assert meier.pk not in offered


def test_hidden_records_are_offered_to_nobody(twice):
    entered, other, _ = twice
    Player.objects.filter(pk=other.pk).update(hide_name=True)
    assert records_like(entered) == ()  # his twin hides his name
    Player.objects.filter(pk=other.pk).update(hide_name=False)
    Player.objects.filter(pk=entered.pk).update(hide_name=True)
    entered.refresh_from_db()
    assert records_like(entered) == ()  # the claimed one hides: no neighbours of his name


def test_the_claimer_sees_them_beside_das_bin_ich(client, twice):
    entered, other, _ = twice
    client.force_login(User.objects.create_user("joerg", password="pw-secret-123"))
    participant = entered.entries.get()
    url = reverse("tournament-player", args=[participant.tournament_id, participant.pk])
    body = client.get(url).content.decode()
    assert "data-claim" in body
    assert f'data-also="{other.pk}"' in body
    assert "Joerg Mueller" in body
    client.logout()  # a stranger is offered nothing (he claims nothing)
    assert "data-claim-also" not in client.get(url).content.decode()


def test_the_manager_deciding_the_claim_sees_them(client, twice):
    entered, other, _ = twice
    assert other.name == "Joerg Mueller"
    club = Club.objects.get(name="TSV Kiel")
    Player.objects.filter(pk=entered.pk).update(club=club)
    manager = User.objects.create_user("cm", password="pw-secret-123")
    club.managers.add(manager)
    account = User.objects.create_user("joerg", password="pw-secret-123")
    PlayerClaim.objects.create(player=entered, account=account)
    client.force_login(manager)
    body = client.get(reverse("club-detail", args=[club.pk])).content.decode()
    claim = body.split("data-claim=")[1].split("</li>")[0]
    assert "data-claim-also" in claim
    assert "Joerg Mueller" in claim
