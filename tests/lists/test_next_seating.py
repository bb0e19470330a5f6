"""The next game's seating is stored as derived data (issue 30): every write that replays
the list stores who plays the next game, so the entry form is read before the write and
no callback runs inside the replay. It always equals what a fresh replay says."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.lists import services
from league.lists.models import Game, Spielliste
from league.lists.selectors import next_players, snapshots_of
from scoring.simulate import random_round

FIVE = ["Anna", "Bernd", "Carla", "Dieter", "Erna"]


def replayed_next(liste: Spielliste) -> list[str]:
    state = snapshots_of([Spielliste.objects.get(pk=liste.pk)])[0].state
    assert state is not None
    return list(state.next_game.players) if state.next_game is not None else []


@pytest.mark.parametrize("size", [4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_the_stored_seating_is_the_replays_after_every_write(db, size, seed):
    names = FIVE[:size]
    liste = services.spielliste_create(
        title="T", players=[Player.objects.create(name=n) for n in names]
    )
    assert next_players(liste) == replayed_next(liste)  # the first game, from creation
    rng = random.Random(seed)
    records = random_round(rng, names, games=rng.randint(3, 8))
    for record in records:
        services.game_record(spielliste=liste, record=record)
        liste.refresh_from_db()
        assert liste.next_seating  # stored, not replayed on reading
        assert next_players(liste) == replayed_next(liste)
    services.game_delete(spielliste=liste)
    liste.refresh_from_db()
    assert next_players(liste) == replayed_next(liste)
    services.spielliste_call_time(spielliste=liste, game_in_progress=False)
    liste.refresh_from_db()
    assert next_players(liste) == replayed_next(liste)


def test_a_list_stored_before_the_seating_was_kept_is_replayed_once(liste, game_data):
    services.game_record(spielliste=liste, record=_record(game_data))
    Spielliste.objects.filter(pk=liste.pk).update(next_seating=[])
    liste.refresh_from_db()
    assert next_players(liste) == replayed_next(liste) != []


def test_the_web_form_enters_a_five_player_tables_game_by_the_stored_seating(client, db):
    """At a table of five the dealer sits out: the form's places name the four who play."""
    players = [Player.objects.create(name=n) for n in FIVE]
    liste = services.spielliste_create(title="T", players=players)
    client.get(reverse("table-code-open", args=[liste.code]))
    playing = next_players(liste)
    assert len(playing) == 4
    form = {
        "version": str(liste.version),
        "kind": "normal",
        "re": ["0", "2"],
        "re_augen": "140",
        "ann_re": "none",
        "ann_kontra": "none",
        "dk_re": "0",
        "dk_kontra": "0",
        "fuchs_re": "0",
        "fuchs_kontra": "0",
    }
    response = client.post(reverse("game-add", args=[liste.pk]), form)
    assert response.status_code == 302
    game = Game.objects.get(spielliste=liste)
    names = dict(liste.seats.values_list("position", "name"))
    assert [names[p] for p in game.players] == playing
    assert [names[p] for p in game.re] == [playing[0], playing[2]]


def _record(data):
    from scoring.interchange import record_from_dict

    return record_from_dict(data)
