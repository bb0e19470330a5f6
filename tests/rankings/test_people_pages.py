"""Issue 33: "Mögliche Doppelte" (staff and the Ranglistenwart: one-step merge, "sind
verschieden" remembered), "Spieler finden" across clubs and the head-to-head page."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.accounts.services import ranglistenwart_grant
from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.lists import services as ls
from league.lists.models import ScoreLine
from league.lists.selectors import spielliste_snapshot
from league.rankings.models import DistinctPair
from league.rankings.people import head_to_head
from league.tournaments import services as ts
from scoring.simulate import next_random_game

pytestmark = pytest.mark.django_db


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def pair() -> tuple[Player, Player]:
    club = Club.objects.create(name="TSV Kiel")
    return (
        Player.objects.create(name="Jörg Müller", club=club),
        Player.objects.create(name="Mueller, Joerg"),
    )


def test_only_staff_and_the_ranglistenwart_see_and_act_on_duplicates(pair):
    first, second = pair
    stranger = User.objects.create_user("fremd", password="pw-x-123456")
    manager = User.objects.create_user("vorstand", password="pw-x-123456")
    first.club.managers.add(manager)
    wart = User.objects.create_user("wart", password="pw-x-123456")
    ranglistenwart_grant(account=wart)
    staff = User.objects.create_user("staff", password="pw", is_staff=True)
    page = reverse("player-duplicates")
    data = {"first": first.pk, "second": second.pk, "keep": first.pk}
    for who, expected in ((None, 302), (stranger, 403), (manager, 403)):
        client = _client(who)
        assert client.get(page).status_code == expected
        for name in ("player-duplicates-merge", "player-duplicates-distinct"):
            response = client.post(reverse(name), data)
            assert response.status_code == expected
            if who is None:
                assert "/konto/anmelden/" in response["Location"] or "login" in response["Location"]
    assert Player.objects.filter(pk=second.pk).exists()
    assert not DistinctPair.objects.exists()
    for who in (wart, staff):
        html = _client(who).get(page).content.decode()
        assert f'data-pair="{first.pk}-{second.pk}"' in html


def test_one_step_merge_keeps_the_chosen_record(pair):
    first, second = pair
    wart = User.objects.create_user("wart", password="pw-x-123456")
    ranglistenwart_grant(account=wart)
    client = _client(wart)
    response = client.post(
        reverse("player-duplicates-merge"),
        {"first": first.pk, "second": second.pk, "keep": second.pk},
    )
    assert response.status_code == 302
    assert not Player.objects.filter(pk=first.pk).exists()
    assert Player.objects.get(pk=second.pk).club is not None  # took the merged one's club
    assert AuditEntry.objects.filter(action="merge", target_id=second.pk).exists()
    html = client.get(reverse("player-duplicates")).content.decode()
    assert "data-pair=" not in html


def test_sind_verschieden_is_remembered(pair):
    first, second = pair
    third = Player.objects.create(name="Jörg Müllers")
    staff = User.objects.create_user("staff", password="pw", is_staff=True)
    client = _client(staff)
    response = client.post(
        reverse("player-duplicates-distinct"), {"first": second.pk, "second": first.pk}
    )
    assert response.status_code == 302
    assert DistinctPair.objects.filter(first_id=first.pk, second_id=second.pk).count() == 1
    client.post(reverse("player-duplicates-distinct"), {"first": first.pk, "second": second.pk})
    assert DistinctPair.objects.count() == 1
    assert AuditEntry.objects.filter(action="mark_distinct").count() == 1
    html = client.get(reverse("player-duplicates")).content.decode()
    assert f'data-pair="{first.pk}-{second.pk}"' not in html
    assert f'data-pair="{first.pk}-{third.pk}"' in html
    # A forged pair is refused, never a 500.
    assert client.post(reverse("player-duplicates-distinct"), {"first": "x"}).status_code == 403


def test_spieler_finden_folds_like_matching_and_shows_clubs_and_events(client, pair):
    first, _second = pair
    t = ts.tournament_create(name="Kieler Pokal", date=dt.date(2026, 10, 3), rounds_planned=1)
    ts.participant_add(tournament=t, name="Jörg Müller", club_name="TSV Kiel")
    closed = ts.tournament_create(
        name="Geheimturnier", date=dt.date(2026, 10, 4), rounds_planned=1, members_only=True
    )
    ts.participant_add(tournament=closed, name="Jörg Müller", club_name="TSV Kiel")
    for query in ("jorg muller", "Müller, Jörg", "JOERG"):
        html = client.get(reverse("player-find"), {"q": query}).content.decode()
        assert f'data-found="{first.pk}"' in html, query
    html = client.get(reverse("player-find"), {"q": "jörg"}).content.decode()
    item = html.split(f'data-found="{first.pk}"')[1].split("</li>")[0]
    assert "TSV Kiel" in item
    assert "Kieler Pokal" in item
    assert "Geheimturnier" not in item


def test_a_hidden_player_is_found_by_his_alias_only(client, pair):
    first, _second = pair
    first.hide_name = True
    first.save()
    html = client.get(reverse("player-find"), {"q": "Jörg Müller"}).content.decode()
    assert f'data-found="{first.pk}"' not in html
    html = client.get(reverse("player-find"), {"q": f"Spieler {first.pk}"}).content.decode()
    item = html.split(f'data-found="{first.pk}"')[1].split("</li>")[0]
    assert "Jörg" not in item
    assert "TSV Kiel" not in item


def _play(liste, games: int) -> None:
    rng = random.Random(7)
    for _ in range(games):
        state = spielliste_snapshot(pk=liste.pk).state
        ls.game_record(spielliste=liste, record=next_random_game(rng, state))


def test_head_to_head_counts_together_and_against_from_the_score_lines(client):
    club = Club.objects.create(name="Kreuz-Bube")
    players = [Player.objects.create(name=n, club=club) for n in ("Ada", "Ben", "Cem", "Dov")]
    liste = ls.spielliste_create(title="Abend", players=players, club=club)
    _play(liste, 8)
    a, b = players[0], players[1]
    figures = head_to_head(a, b, reader=User.objects.create_user("x", password="pw-x-123456"))
    lines = {
        (line.game_id, line.player_id): line.points
        for line in ScoreLine.objects.filter(spielliste=liste, game__isnull=False)
    }
    games = {g for g, _p in lines}
    together = [g for g in games if lines[(g, a.pk)] * lines[(g, b.pk)] > 0]
    against = [g for g in games if lines[(g, a.pk)] * lines[(g, b.pk)] < 0]
    assert figures.games == len(games) == 8
    assert figures.together == len(together)
    assert figures.against == len(against)
    assert figures.together_won == sum(1 for g in together if lines[(g, a.pk)] > 0)
    assert figures.first_won + figures.second_won == figures.against
    html = client.get(reverse("player-head-to-head", args=[a.pk, b.pk])).content.decode()
    assert "data-head-to-head" in html
    # A members-only club's list is nobody's business but its readers'.
    club.members_only = True
    club.save()
    html = client.get(reverse("player-head-to-head", args=[a.pk, b.pk])).content.decode()
    assert "data-no-games" in html
