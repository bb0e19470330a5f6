"""Demo data for statistics and the Kasse (issue 25): two club evenings played game by
game through the services, at the club's Kasse of 5 cents a point, one table of five with
a penalty deduction — so the demo's players have solos, partners and a Rundenschnitt to
look at, and the lists a Kasse that settles."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.utils import timezone

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.evenings import services as evening_services
from league.lists import services as list_services
from league.lists.models import Spielliste
from scoring.records import GameRecord
from scoring.round import replay_round
from scoring.simulate import next_random_game

KASSE_CENT = 5
OPEN_LIST_GAMES = 24


def _play(liste: Spielliste, rng: random.Random, *, penalty: Player | None = None) -> None:
    seats = [s.name for s in liste.seats.all()]
    records: list[GameRecord] = []
    rules = liste.profile
    state = replay_round(seats, records, rules=rules)
    # An open list (the club's house rules may have no fixed length) is played to a round's
    # worth of games and then ended, as a table does with "Runde beenden".
    while state.next_game is not None and len(records) < OPEN_LIST_GAMES:
        record = next_random_game(rng, state)
        state = list_services.game_record(spielliste=liste, record=record).snapshot.state or state
        records.append(record)
        if penalty is not None and len(records) == 10:
            list_services.penalty_add(
                spielliste=liste,
                after_game=10,
                kind="unsporting",
                offender=penalty,
                points=3,
                referee="Schiedsrichter Wolf",
            )
    # An open list: its round ends once everybody has dealt equally often ("Runde
    # beenden" is refused before), so a table of five plays on to the end of its round.
    while state.next_game is not None:
        try:
            list_services.spielliste_close(spielliste=liste)
            return
        except ServiceError:
            record = next_random_game(rng, state)
            state = (
                list_services.game_record(spielliste=liste, record=record).snapshot.state or state
            )


def load_played_evenings(club: Club, members: Sequence[Player], rng: random.Random) -> None:
    """Two evenings of the last fortnight, tables of four and of five, every game entered."""
    admin = get_user_model().objects.get(username="admin")
    club_services.club_set_kasse(club=club, cent=KASSE_CENT, user=admin)
    today = timezone.localdate()
    for weeks, (four, five) in (
        (2, (members[0:4], members[4:9])),
        (1, (members[5:9], members[0:5])),
    ):
        evening = evening_services.club_evening_create(
            club=club,
            date=today - dt.timedelta(weeks=weeks),
            tables=[[p.name for p in four], [p.name for p in five]],
            note="gespielt Spiel für Spiel",
            user=admin,
        )
        tables = list(evening.tables.select_related("spielliste").order_by("number"))
        _play(tables[0].spielliste, rng)
        _play(tables[1].spielliste, rng, penalty=five[2])
