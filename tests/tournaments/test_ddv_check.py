"""The DDV-number check at registration (issue 29, item 7): a hidden player's name never
comes out of it, failed checks are counted like wrong table codes, and a number nobody
holds yet goes to a new record only once the organiser confirms it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from league.clubs.models import Player
from league.lists.access import CODE_FAILURES_LIMIT
from league.tournaments import services as ts
from league.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def desk() -> tuple[Client, Tournament]:
    user = get_user_model().objects.create_user("olga", password="pw-secret-123")
    tournament = ts.tournament_create(name="Turnier", date=dt.date(2026, 11, 28), user=user)
    client = Client()
    client.force_login(user)
    return client, tournament


def _register(client: Client, tournament: Tournament, **fields: str):
    data = {"name": "", "club": "", "ddv_number": "", **fields}
    return client.post(reverse("tournament-participants", args=[tournament.pk]), data)


def test_a_hidden_player_is_not_named(desk):
    client, tournament = desk
    Player.objects.create(name="Lutz Krämer", ddv_number="50011", hide_name=True)
    response = _register(client, tournament, name="Irgendwer", ddv_number="50011")
    text = response.content.decode()
    assert response.status_code == 200
    assert "gehört zu einem anderen Spieler" in text
    assert "Lutz" not in text
    assert 'name="take_record" type="checkbox"' not in text  # no "take him" offered
    # A forged tick takes nobody either.
    response = _register(client, tournament, name="Irgendwer", ddv_number="50011", take_record="on")
    assert "Lutz" not in response.content.decode()
    assert not tournament.participants.exists()
    # His own name, as he gives it, registers him.
    assert _register(client, tournament, name="lutz krämer", ddv_number="50011").status_code == 302
    assert tournament.participants.get().player.ddv_number == "50011"
    # Registered already: the refusal does not name him either.
    response = _register(client, tournament, name="Irgendwer", ddv_number="50011")
    text = response.content.decode()
    assert "gehört zu einem anderen Spieler" in text
    assert "ist schon angemeldet" not in text


def test_the_csv_import_does_not_name_a_hidden_player(desk):
    _client, tournament = desk
    Player.objects.create(name="Lutz Krämer", ddv_number="50011", hide_name=True)
    from league.tournaments.csv_import import parse_participants

    rows = parse_participants(b"Name;Verein;DDV-Nummer\nIrgendwer;;50011\n").rows
    added, refused = ts.participants_import(tournament=tournament, rows=rows)
    assert added == []
    assert "gehört zu einem anderen Spieler" in refused[0].message
    assert "Lutz" not in refused[0].message


def test_failed_checks_are_throttled(desk):
    client, tournament = desk
    for i in range(CODE_FAILURES_LIMIT + 5):
        Player.objects.create(name=f"Inhaber {i}", ddv_number=f"600{i:02d}")
    names = 0
    statuses = []
    for i in range(CODE_FAILURES_LIMIT + 5):
        response = _register(client, tournament, name="Irgendwer", ddv_number=f"600{i:02d}")
        statuses.append(response.status_code)
        names += f"gehört zu „Inhaber {i}“" in response.content.decode()
    assert names == CODE_FAILURES_LIMIT
    assert statuses[CODE_FAILURES_LIMIT:] == [429] * 5
    # From another browser of the same account: still blocked (counted per account too).
    other = Client()
    other.force_login(get_user_model().objects.get(username="olga"))
    response = _register(other, tournament, name="Irgendwer", ddv_number="60000")
    assert response.status_code == 429
    assert "gehört zu „Inhaber" not in response.content.decode()
    assert response["Retry-After"]
    assert not tournament.participants.exists()


def test_an_unused_number_needs_a_confirmation(desk):
    client, tournament = desk
    response = _register(client, tournament, name="Irgendwer", ddv_number="50012")
    assert response.status_code == 200
    text = response.content.decode()
    assert "hat hier noch niemand" in text
    assert 'name="take_new_number"' in text
    assert 'type="checkbox"' in text
    assert not Player.objects.filter(ddv_number="50012").exists()
    assert not tournament.participants.exists()
    response = _register(
        client, tournament, name="Irgendwer", ddv_number="50012", take_new_number="on"
    )
    assert response.status_code == 302
    assert tournament.participants.get().player.ddv_number == "50012"
    # A number already held by the same name needs no confirmation.
    Player.objects.create(name="Eva Eichel", ddv_number="50013")
    assert _register(client, tournament, name="Eva Eichel", ddv_number="50013").status_code == 302
