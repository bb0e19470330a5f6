import datetime as dt
import random

from league.lists import services
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from scoring.simulate import next_random_game


def make_tournament(count=16, rounds=3, **kw):
    tournament = ts.tournament_create(
        name="Testturnier", date=dt.date(2026, 11, 21), rounds_planned=rounds, **kw
    )
    for i in range(count):
        ts.participant_add(
            tournament=tournament, name=f"Spieler {i:03d}", club_name=f"Club {i % 3}"
        )
    return tournament


def play_round(rnd, seed=1, stop=None):
    """Play every table of a drawn round (``stop`` games each, or to the end)."""
    rng = random.Random(seed)
    for liste in rnd.lists.all():
        state = spielliste_snapshot(pk=liste.pk).state
        while state.next_game is not None and (stop is None or state.games_played < stop):
            state = services.game_record(
                spielliste=liste, record=next_random_game(rng, state)
            ).snapshot.state


def play_rounds_closed(tournament, seeds=(1, 2)):
    """One round drawn, played and closed per seed (the worlds of the silent-round tests)."""
    for seed in seeds:
        rnd, _ = ts.round_draw(tournament=tournament, seed=seed)
        play_round(rnd, seed=seed)
        ts.round_close(tournament_round=rnd)
