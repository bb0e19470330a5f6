"""issue 29: the substitute was free text, so "Zoran Petrovic" made a new person beside
the registered, unseated "Zoran Petrović". The form offers the tournament's registered
players without a seat in the round first, and a typed name that matches one of them
(accents, case and spacing aside) takes his record. The board names the substitute at the
seat, or marks its withdrawn player."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.lists.models import Substitution
from league.tournaments import services as ts
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, django_user_model):
    account = django_user_model.objects.create_user("org", password="pw-secret-123")
    client.force_login(account)
    return account


@pytest.fixture
def table(organiser):
    """Round 1 of 8 players, 4 games played; seat 2 of table 1 withdraws; Zoran Petrović
    (of a club) registers late and sits at no table."""
    t = make_tournament(8, rounds=2, user=organiser)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, stop=4)
    liste = rnd.lists.order_by("round_table__number").first()
    seat = liste.seats.get(position=2)
    ts.participant_set_withdrawn(participant=t.participants.get(player=seat.player), withdrawn=True)
    zoran = ts.participant_add(tournament=t, name="Zoran Petrović", club_name="Club 1").player
    return t, rnd, liste, seat, zoran


def _substitute(client, liste, name):
    liste.refresh_from_db()
    return client.post(
        reverse("seat-substitute", args=[liste.pk]),
        {"version": liste.version, "position": 2, "name": name, "from_game": 5},
    )


def test_the_form_offers_the_registered_players_without_a_seat(client, table):
    _t, _rnd, liste, seat, _zoran = table
    page = client.get(liste.get_absolute_url()).content.decode()
    form = page.split('id="ersatz"')[1].split("</section>")[0]
    offered = form.split("data-substitute-offered>")[1].split("</small>")[0]
    assert "Zoran Petrović" in offered
    assert seat.name not in offered  # withdrawn
    seated = [s.name for s in liste.seats.all() if s.position != 2]
    assert not any(name in offered for name in seated)  # they play in this round
    assert 'data-suggest-names="substitute-names"' in form
    assert '<script id="substitute-names" type="application/json">["Zoran Petrovi' in page


@pytest.mark.parametrize("typed", ["Zoran Petrovic", "zoran  PETROVIĆ", " ZoranPetrovic "])
def test_a_name_typed_without_its_accent_takes_the_registered_record(client, table, typed):
    _t, _rnd, liste, _seat, zoran = table
    people = Player.objects.count()
    response = _substitute(client, liste, typed)
    assert response.status_code == 302
    sub = Substitution.objects.get(spielliste=liste, position=2)
    assert sub.player == zoran
    assert Player.objects.count() == people  # nobody new
    page = client.get(response.url).content.decode()
    assert "Zoran Petrović spielt ab Spiel 5 für Platz 2." in page


def test_a_name_no_registered_player_has_makes_a_new_person(client, table):
    _t, _rnd, liste, _seat, zoran = table
    people = Player.objects.count()
    assert _substitute(client, liste, "Erna Ersatz").status_code == 302
    sub = Substitution.objects.get(spielliste=liste, position=2)
    assert sub.player != zoran
    assert sub.player.name == "Erna Ersatz"
    assert Player.objects.count() == people + 1


def test_the_board_names_the_substitute_or_marks_the_withdrawn_player(client, table):
    t, rnd, liste, seat, _zoran = table
    board = reverse("round-board", args=[t.pk, rnd.number])
    row = client.get(board).content.decode().split('data-table="1"')[1].split("</tr>")[0]
    cell = row.split('data-seat="2">')[1].split("</span>")[0]
    assert seat.name in cell
    assert "abgemeldet" in cell
    _substitute(client, liste, "Zoran Petrovic")
    row = client.get(board).content.decode().split('data-table="1"')[1].split("</tr>")[0]
    cell = row.split('data-seat="2">')[1].split("</span>", 1)[0]
    assert f"Zoran Petrović (für {seat.name})" in cell
    assert "abgemeldet" not in cell
    other = row.split('data-seat="1">')[1].split("</span>")[0]
    assert "(für" not in other
