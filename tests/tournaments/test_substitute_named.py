"""A substitute is named wherever his seat is named from his first game on (issue 20):
column head, the next-game box, the entry buttons, "Pflichtsolo fehlt", the save message;
after a withdrawal the board says the table needs a decision and the list opens at it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.lists import services as list_services
from league.lists.models import Substitution
from league.tournaments import services as ts
from tests.lists.test_views import FORM
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, django_user_model):
    account = django_user_model.objects.create_user("org", password="pw-secret-123")
    client.force_login(account)
    return account


@pytest.fixture
def table(organiser):
    """Round 1 of an 8-player tournament, 4 games played at each table; at the first
    table the player of seat 2 withdraws."""
    t = make_tournament(8, rounds=2, user=organiser)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    play_round(rnd, stop=4)
    liste = rnd.lists.order_by("round_table__number").first()
    seat = liste.seats.get(position=2)
    ts.participant_set_withdrawn(participant=t.participants.get(player=seat.player), withdrawn=True)
    return t, rnd, liste, seat


def board(client, t, rnd) -> str:
    return client.get(reverse("round-board", args=[t.pk, rnd.number])).content.decode()


def test_the_board_and_the_list_ask_for_a_decision_after_a_withdrawal(client, table):
    t, rnd, liste, seat = table
    page = board(client, t, rnd)
    row = page.split('data-table="1"')[1].split("</tr>")[0]
    assert "data-decision" in row
    assert "Entscheidung nötig" in row
    assert seat.name in row
    assert f'{liste.get_absolute_url()}#ersatz"' in row
    assert ">spielt<" not in row.replace(" ", "")
    other = page.split('data-table="2"')[1].split("</tr>")[0]
    assert "data-decision" not in other  # the other table just plays
    detail = client.get(liste.get_absolute_url()).content.decode()
    decision = detail.split('id="ersatz"')[1].split("</section>")[0]
    assert "Entscheidung nötig" in decision
    assert reverse("seat-substitute", args=[liste.pk]) in decision
    assert "data-end-early" in decision
    assert '<option value="2" selected>' in decision  # the withdrawn player's seat
    # the decision comes before the entry form, and the collapsed form is not repeated
    assert detail.index('id="ersatz"') < detail.index('id="eingabe"')
    assert "data-substitute>" not in detail


def test_a_substitute_is_named_at_the_seat_from_his_first_game_on(client, table):
    t, rnd, liste, seat = table
    erna = ts.participant_add(tournament=t, name="Erna Ersatz").player
    list_services.seat_substitute(spielliste=liste, position=2, player=erna, from_game=5)
    page = board(client, t, rnd)
    assert "data-decision" not in page.split('data-table="1"')[1].split("</tr>")[0]
    detail = client.get(liste.get_absolute_url()).content.decode()
    assert 'id="ersatz"' not in detail
    head = detail.split("<thead>")[1].split("</thead>")[0]
    assert f"Erna Ersatz (für {seat.name})" in head
    entry = detail.split('id="eingabe"')[1]
    # The entry form after the "So trägst du ein" guide (its own small form).
    entry = entry.split("</section>", 1)[1] if "data-guide" in entry.split("<form")[0] else entry
    buttons = entry.split("</form>")[0]
    assert "Erna Ersatz" in buttons
    assert f"> {seat.name}<" not in buttons
    # Pflichtsolo owed by the seat: named by who plays it now
    owes = detail.split("Pflichtsolo fehlt")[1].split("</small>")[0]
    assert "Erna Ersatz" in owes
    assert seat.name not in owes
    # the save message
    liste.refresh_from_db()
    names = [s.name for s in liste.seats.order_by("position")]
    response = client.post(
        reverse("game-add", args=[liste.pk]),
        {**FORM, "re": ["0", "1"], "version": str(liste.version)},
        follow=True,
    )
    text = response.content.decode()
    assert "Spiel 5 eingetragen" in text
    message = text.split("Spiel 5 eingetragen")[1].split("<")[0]
    assert "Erna Ersatz" in message
    assert seat.name not in message
    assert names[0] in message or names[2] in message
    # the correction page of his game names him too; of an earlier game, the seat's player
    fifth = client.get(reverse("game-edit", args=[liste.pk, 5])).content.decode()
    assert "Erna Ersatz" in fifth.split("entry-fields")[1]
    first = client.get(reverse("game-edit", args=[liste.pk, 1])).content.decode()
    assert "Erna Ersatz" not in first.split("entry-fields")[1]


def test_a_substitute_from_a_later_game_is_not_named_yet(client, table):
    t, _rnd, liste, seat = table
    erna = ts.participant_add(tournament=t, name="Erna Ersatz").player
    Substitution.objects.create(spielliste=liste, position=2, from_game=7, player=erna)
    detail = client.get(liste.get_absolute_url()).content.decode()
    head = detail.split("<thead>")[1].split("</thead>")[0]
    assert "Erna Ersatz" not in head
    assert seat.name in head


def test_the_history_page_reads_every_action_in_english(client, table):
    """Services write substitute, add_time, end_early (and back); a table-code writer is
    "Tisch 1": the history reads each as a sentence, in English too (every other key:
    tests/core/test_action_sentences.py)."""
    from league.core.actions import ACTION_SENTENCES
    from tests.api.conftest import code_client

    t, _rnd, liste, _seat = table
    erna = ts.participant_add(tournament=t, name="Erna Ersatz").player
    list_services.seat_substitute(spielliste=liste, position=2, player=erna, from_game=5)
    list_services.spielliste_add_time(spielliste=liste, minutes=5, referee="Wolf")
    names = [s.name for s in liste.seats.order_by("position")]
    liste.refresh_from_db()
    game = {"kind": "normal", "players": names, "re": names[:2], "re_augen": 130}
    response = code_client(liste.code).post(
        f"/api/v1/listen/{liste.pk}/spiele/",
        {"version": liste.version, "game": game},
        format="json",
    )
    assert response.status_code == 201, response.content
    list_services.spielliste_end_early(spielliste=liste)
    list_services.spielliste_end_early(spielliste=liste, ended=False)
    url = reverse("liste-history", args=[liste.pk])
    german = client.get(url).content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    english = english.split("changes")[1]  # the entries (the list's title stays as typed)
    for key in ("substitute", "add_time", "end_early", "end_early_undone", "record"):
        assert f"· {key}<" not in german
        assert f"· {key}<" not in english
        assert key in ACTION_SENTENCES
    assert "Ersatzspieler Erna Ersatz übernimmt Platz 2 ab Spiel 5" in german
    assert "Substitute Erna Ersatz takes seat 2 from game 5" in english
    assert "Added time: 5 minutes (referee Wolf)" in english
    assert "Ended early after game 5" in english
    assert "Table 1" in english
    assert "Tisch 1" not in english


def test_a_substitute_typed_with_close_records_asks_first(client, table):
    """Issue 33: a new name for a seat offers the records near it before making one."""
    from league.clubs.models import Club, Player

    _t, _rnd, liste, _seat = table
    joerg = Player.objects.create(name="Jörg Müller", club=Club.objects.create(name="TSV Kiel"))
    url = reverse("seat-substitute", args=[liste.pk])
    data = {"position": 2, "name": "Jorg Muller", "from_game": 5}
    liste.refresh_from_db()
    response = client.post(url, {**data, "version": liste.version})
    assert response.status_code == 422
    html = response.content.decode()
    assert "data-person-choice" in html
    assert "Jörg Müller, TSV Kiel" in html
    assert not Substitution.objects.filter(spielliste=liste).exists()
    response = client.post(url, {**data, "version": liste.version, "person_name": str(joerg.pk)})
    assert response.status_code == 302
    assert Substitution.objects.get(spielliste=liste).player == joerg
    assert Player.objects.filter(name__icontains="ller").count() == 1
