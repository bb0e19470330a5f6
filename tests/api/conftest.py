"""Fixtures of the API tests: clients by role, a world of lists and a tournament."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.clubs.models import Club, Player
from league.lists import services
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from scoring.simulate import next_random_game
from tests.tournaments.helpers import make_tournament


@pytest.fixture(autouse=True)
def _fresh_counters():
    """Throttles and wrong-code counters live in the cache: each test starts at zero."""
    cache.clear()
    yield
    cache.clear()


def token_client(user, **defaults) -> APIClient:
    token, _ = Token.objects.get_or_create(user=user)
    client = APIClient(**defaults)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def code_client(code: str, agent: str = "phone") -> APIClient:
    client = APIClient(HTTP_USER_AGENT=agent)
    client.credentials(HTTP_X_TISCH_CODE=code)
    return client


def play(liste, games=None, user=None, seed=1):
    """Enter random games (all of the round by default) through the service."""
    rng = random.Random(seed)
    state = spielliste_snapshot(pk=liste.pk).state
    while state.next_game is not None and (games is None or state.games_played < games):
        services.game_record(spielliste=liste, record=next_random_game(rng, state), user=user)
        state = spielliste_snapshot(pk=liste.pk).state
    liste.refresh_from_db()
    return state


@pytest.fixture
def lf_api(user):
    """The account that created ``liste``, by token."""
    return token_client(user)


@pytest.fixture
def world(db, django_user_model):
    """The permission matrix's world: a tournament round (lists l1, l2) and a club list."""
    users = {
        name: django_user_model.objects.create_user(name, password="pw-secret-123")
        for name in ("stranger", "listenfuehrer", "organiser_this", "organiser_other", "cm")
    }
    users["staff"] = django_user_model.objects.create_user("staff", password="pw", is_staff=True)
    tournament = make_tournament(8, rounds=2, user=users["organiser_this"])
    make_tournament(4, user=users["organiser_other"])
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    l1, l2 = list(rnd.lists)
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(users["cm"])
    free = services.spielliste_create(
        title="Clubabend",
        players=[Player.objects.create(name=n, club=club) for n in "ABCD"],
        club=club,
        created_by=users["listenfuehrer"],
    )
    return {
        "users": users,
        "tournament": tournament,
        "round": rnd,
        "l1": l1,
        "l2": l2,
        "free": free,
        "club": club,
    }
