"""Edges of table access: host-club managers, re-scanned codes, header codes on pages,
self-confirmed claims, garbled versions."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, PlayerClaim
from league.clubs.services import player_claim_decide
from league.core.errors import ServiceError
from league.lists import services
from league.lists.access import Visitor, actor_for, list_access
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from scoring.simulate import next_random_game
from tests.tournaments.helpers import make_tournament


@pytest.mark.django_db
def test_host_club_managers_do_not_manage_tournament_lists():
    host = Club.objects.create(name="Gastgeber")
    cm = User.objects.create_user("cm", password="pw")
    host.managers.add(cm)
    t = make_tournament(4, rounds=1, club=host)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    liste = rnd.lists.get()
    client = Client()
    client.force_login(cm)
    page = client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert liste.code not in page
    response = client.post(reverse("time-call", args=[liste.pk]), {"version": liste.version})
    assert response.status_code == 403


@pytest.mark.django_db
def test_scanning_the_code_again_does_not_make_a_new_device(liste):
    phone = Client()
    url = reverse("table-code-open", args=[liste.code])
    phone.get(url)
    rng = random.Random(3)
    state = spielliste_snapshot(pk=liste.pk).state
    # The phone enters every game (as its own code session).
    session = phone.session["tisch"]["sid"]
    visitor = Visitor(AnonymousUser(), liste.code, liste.pk, session)
    actor = actor_for(visitor, list_access(visitor, liste))
    while state.next_game is not None:
        state = services.game_record(
            spielliste=liste, record=next_random_game(rng, state), user=actor
        ).snapshot.state
    phone.get(url)  # scanned once more
    liste.refresh_from_db()
    phone.post(reverse("liste-confirm", args=[liste.pk]), {"seat": "2", "version": liste.version})
    liste.refresh_from_db()
    assert liste.confirmed_at is None


@pytest.mark.django_db
def test_the_header_code_opens_nothing_on_the_site(liste):
    client = Client(HTTP_X_TISCH_CODE=liste.code)
    response = client.post(reverse("time-call", args=[liste.pk]), {"version": liste.version})
    assert reverse("login") in response["Location"]
    liste.refresh_from_db()
    assert liste.time_up_after is None


@pytest.mark.django_db
def test_nobody_confirms_his_own_claim(players):
    me = User.objects.create_user("ich", password="pw")
    claim = PlayerClaim.objects.create(player=players[0], account=me)
    with pytest.raises(ServiceError) as exc:
        player_claim_decide(claim=claim, accept=True, user=me)
    assert exc.value.code == "claim_own"


@pytest.mark.django_db
@pytest.mark.parametrize("version", ["²", "", "1e9", "99999999999999999999"])
def test_a_garbled_version_is_a_conflict_not_a_500(lf_client, liste, version):
    response = lf_client.post(
        reverse("time-call", args=[liste.pk]), {"version": version, "confirmed": "1"}
    )
    assert response.status_code == 302
    liste.refresh_from_db()
    assert liste.time_up_after is None


@pytest.mark.django_db
def test_a_garbled_projector_page_is_page_one(client):
    t = make_tournament(4)
    assert client.get(reverse("projector", args=[t.pk]), {"seite": "²"}).status_code == 200
