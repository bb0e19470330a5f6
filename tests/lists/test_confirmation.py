"""Confirmation (api.md): a table player with the code, from another session than the last
write, naming his seat; a manager for a signed paper list; any change removes it."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.lists import services
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from league.tournaments.selectors import standings
from scoring.simulate import next_random_game
from tests.tournaments.helpers import make_tournament

TABLE_A = Actor(None, role="table", label="Tisch 1", session="aaaa")
TABLE_B = Actor(None, role="table", label="Tisch 1", session="bbbb")


def _play(liste, actor, seed=1):
    rng = random.Random(seed)
    state = spielliste_snapshot(pk=liste.pk).state
    while state.next_game is not None:
        state = services.game_record(
            spielliste=liste, record=next_random_game(rng, state), user=actor
        ).snapshot.state
    liste.refresh_from_db()


@pytest.mark.django_db
def test_confirm_needs_a_complete_list_and_another_session(liste):
    with pytest.raises(ServiceError) as exc:
        services.spielliste_confirm(spielliste=liste, seat=1, user=TABLE_B)
    assert exc.value.code == "confirm_incomplete"
    _play(liste, TABLE_A)
    with pytest.raises(ServiceError) as exc:
        services.spielliste_confirm(spielliste=liste, seat=2, user=TABLE_A)
    assert exc.value.code == "confirm_same_session"
    with pytest.raises(ServiceError) as exc:
        services.spielliste_confirm(spielliste=liste, seat=9, user=TABLE_B)
    assert exc.value.code == "invalid_seat"
    liste.refresh_from_db()
    assert liste.confirmed_at is None
    services.spielliste_confirm(spielliste=liste, seat=2, user=TABLE_B)
    liste.refresh_from_db()
    assert (liste.confirmed_seat, liste.confirmed_at is not None) == (2, True)


@pytest.mark.django_db
def test_any_change_removes_the_confirmation_and_says_so(liste):
    _play(liste, TABLE_A)
    services.spielliste_confirm(spielliste=liste, seat=3, user=TABLE_B)
    snap = spielliste_snapshot(pk=liste.pk)
    last = snap.games[-1]
    services.game_correct(
        spielliste=liste, number=last.number, record=last.to_record(snap.names), user=TABLE_A
    )
    liste.refresh_from_db()
    assert liste.confirmed_at is None
    actions = list(
        AuditEntry.objects.filter(target="lists.spielliste", target_id=liste.pk)
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions[-3:] == ["confirm", "unconfirm", "correct"]
    history = Client().get(reverse("liste-history", args=[liste.pk])).content.decode()
    assert "Bestätigung aufgehoben" in history


@pytest.mark.django_db
def test_site_confirm_with_the_code_and_by_the_organiser(django_user_model):
    org = django_user_model.objects.create_user("org", password="pw")
    t = make_tournament(8, rounds=1, user=org, require_confirmation=True)
    rnd, _ = ts.round_draw(tournament=t, seed=2)
    l1, l2 = list(rnd.lists)
    entering = Client()
    entering.get(reverse("table-code-open", args=[l1.code]))
    for liste in (l1, l2):
        _play(liste, TABLE_A, seed=liste.pk)
    # Only confirmed lists count: nothing yet.
    result = standings(tournament=t, provisional=True)
    assert result.unconfirmed == ((1, 1), (1, 2))
    assert all(r.rounds_played == 0 for r in result.rows)
    # A player at table 1 confirms on his phone with the code, naming his seat ...
    phone = Client()
    phone.get(reverse("table-code-open", args=[l1.code]))
    url = reverse("liste-confirm", args=[l1.pk])
    assert phone.post(url, {"seat": "", "version": l1.version}).status_code == 302
    l1.refresh_from_db()
    assert l1.confirmed_at is None  # a code holder must name his seat
    # ... and his personal PIN from his participant slip (api.md "Confirmation").
    seat = l1.seats.get(position=1)
    pin = t.participants.get(player_id=seat.player_id).pin
    phone.post(url, {"seat": "1", "version": l1.version, "pin": pin})
    l1.refresh_from_db()
    assert l1.confirmed_seat == 1
    # ... the organiser confirms table 2's signed paper list.
    organiser = Client()
    organiser.force_login(org)
    board = reverse("round-board", args=[t.pk, rnd.number])
    response = organiser.post(
        reverse("liste-confirm", args=[l2.pk]), {"version": l2.version, "next": board}
    )
    assert response["Location"] == board
    l2.refresh_from_db()
    assert (l2.confirmed_at is not None, l2.confirmed_seat) == (True, None)
    result = standings(tournament=t, provisional=True)
    assert result.unconfirmed == ()
    assert all(r.rounds_played == 1 for r in result.rows)
    html = organiser.get(board).content.decode()
    assert html.count('data-confirmed="1"') == 2
