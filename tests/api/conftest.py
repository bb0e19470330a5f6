"""Fixtures of the API tests: clients by role, a world of lists and a tournament."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.lists import services
from league.lists.selectors import spielliste_snapshot
from scoring.simulate import next_random_game


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
        state = services.game_record(
            spielliste=liste, record=next_random_game(rng, state), user=user
        ).snapshot.state
    liste.refresh_from_db()
    return state


@pytest.fixture
def lf_api(user):
    """The account that created ``liste``, by token."""
    return token_client(user)
