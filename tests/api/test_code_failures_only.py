"""The code throttle counts failed guesses only (issue 21): a table's real code used to
read other tables never locks the phone out of its own list; a closed round's code is
409 on the site as in the API, and no failure."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from league.lists import services
from league.lists.access import CODE_FAILURES_LIMIT
from league.tournaments import services as ts
from tests.api.conftest import code_client
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_reading_other_tables_with_a_real_code_is_no_failure():
    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    own, other = list(rnd.lists)
    phone = code_client(own.code)
    for _ in range(CODE_FAILURES_LIMIT + 2):
        assert phone.get(f"/api/v1/listen/{other.pk}/").status_code == 200
    response = phone.post(
        f"/api/v1/listen/{own.pk}/zeit/",
        {"version": own.version, "game_in_progress": False},
        format="json",
    )
    assert response.status_code == 200, response.content
    # A guessed code still counts.
    guesser = code_client("ZZZZZZZZ")
    statuses = [
        guesser.get(f"/api/v1/listen/{other.pk}/").status_code
        for _ in range(CODE_FAILURES_LIMIT + 1)
    ]
    assert statuses[-1] == 429


def test_a_closed_rounds_code_is_409_on_the_site_and_not_counted():
    t = make_tournament(8)
    rnd, _ = ts.round_draw(tournament=t, seed=1)
    liste = rnd.lists.first()
    services.spielliste_set_frozen(spielliste=liste, frozen=True)
    client = Client()
    statuses = [
        client.get(reverse("table-code-open", args=[liste.code])).status_code
        for _ in range(CODE_FAILURES_LIMIT + 1)
    ]
    assert statuses == [409] * (CODE_FAILURES_LIMIT + 1)
