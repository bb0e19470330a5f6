"""What a phone may keep (issue 29, item 8; league.core.private): an answer not everyone may
read — a members-only club's or list's page, an organiser's participants, results and codes
— is ``private, no-store``; what anybody reads stays storable; the live pages' 304 polls go
on; every answer names the account it was for (cookie ``doko_account``)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.private import ACCOUNT_COOKIE, NOBODY
from league.lists import services as list_services
from league.tournaments import services as ts
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


def _no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


@pytest.fixture
def member():
    user = get_user_model().objects.create_user("mitglied", password="pw-secret-123")
    club = Club.objects.create(name="Geschlossen", members_only=True)
    players = [Player.objects.create(name=f"M {i}", club=club) for i in range(4)]
    players[0].account = user
    players[0].save()
    liste = list_services.spielliste_create(title="Abend", players=players, club=club)
    client = Client()
    client.force_login(user)
    return client, club, liste


def test_members_only_club_and_list_pages_are_not_kept(member):
    client, club, liste = member
    for url in (reverse("club-detail", args=[club.pk]), reverse("liste-detail", args=[liste.pk])):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _no_store(response), url
        assert "private" in response["Cache-Control"]


def test_a_public_club_page_stays_storable_for_a_member_and_for_nobody():
    user = get_user_model().objects.create_user("gast", password="pw-secret-123")
    club = Club.objects.create(name="Offen")
    client = Client()
    assert not _no_store(client.get(reverse("club-detail", args=[club.pk])))
    client.force_login(user)
    assert not _no_store(client.get(reverse("club-detail", args=[club.pk])))
    # Its manager sees the managing parts: not kept.
    club.managers.add(user)
    assert _no_store(client.get(reverse("club-detail", args=[club.pk])))


def test_organiser_pages_and_codes_are_not_kept_public_pages_are():
    organiser = get_user_model().objects.create_user("leitung", password="pw-secret-123")
    tournament = make_tournament(8, rounds=1)
    tournament.organisers.add(organiser)
    ts.round_draw(tournament=tournament, seed=1)
    client = Client()
    client.force_login(organiser)
    for url in (
        reverse("tournament-participants", args=[tournament.pk]),
        reverse("round-results", args=[tournament.pk, 1]),
        reverse("codes-pdf", args=[tournament.pk, 1]),
        reverse("standings", args=[tournament.pk]),  # an organiser's view (silent rounds)
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _no_store(response), url
    anonymous = Client()
    assert not _no_store(anonymous.get(reverse("standings", args=[tournament.pk])))
    player = get_user_model().objects.create_user("spieler", password="pw-secret-123")
    anonymous.force_login(player)
    assert not _no_store(anonymous.get(reverse("standings", args=[tournament.pk])))


def test_a_table_phone_keeps_its_public_list_but_not_a_members_only_one(member):
    tournament = make_tournament(4, rounds=1)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    liste = rnd.lists.get()
    phone = Client()
    phone.get(reverse("table-code-open", args=[liste.code]))
    response = phone.get(reverse("liste-detail", args=[liste.pk]))
    assert response.status_code == 200
    assert not _no_store(response)
    _client, _club, closed = member
    table = Client()
    table.get(reverse("table-code-open", args=[closed.code]))
    response = table.get(reverse("liste-detail", args=[closed.pk]))
    assert response.status_code == 200
    assert _no_store(response)


def test_a_private_live_page_still_answers_its_poll_with_304(member):
    client, _club, liste = member
    url = reverse("liste-detail", args=[liste.pk])
    first = client.get(url, HTTP_X_LIVE="1")
    assert first.status_code == 200
    assert _no_store(first)
    again = client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_every_answer_names_its_account_and_a_change_changes_it(member):
    client, _club, _liste = member
    response = client.get(reverse("home"))
    tag = response.cookies[ACCOUNT_COOKIE].value
    assert tag not in ("", NOBODY)
    other = get_user_model().objects.create_user("andere", password="pw-secret-123")
    client.force_login(other)
    assert client.get(reverse("home")).cookies[ACCOUNT_COOKIE].value not in (tag, NOBODY)
    client.post(reverse("logout"))
    assert client.get(reverse("home")).cookies.get(ACCOUNT_COOKIE) is None  # set at logout
    assert client.cookies[ACCOUNT_COOKIE].value == NOBODY


def test_the_api_with_a_token_or_a_table_code_is_not_kept(member):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    _client, _club, liste = member
    token = Token.objects.create(user=get_user_model().objects.get(username="mitglied"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = api.get(f"/api/v1/listen/{liste.pk}/")
    assert response.status_code == 200
    assert _no_store(response)
    coded = APIClient()
    coded.credentials(HTTP_X_TISCH_CODE=liste.code)
    response = coded.get(f"/api/v1/listen/{liste.pk}/")
    assert response.status_code == 200
    assert _no_store(response)
