"""Demo data of the ranking domain, through the services: a club season of evenings and
enough closed Ranglistenturniere that the Rangliste has both lists filled.

Historic results come in as paper totals (``totals_only``): each table's final totals, as
an organiser types them from the paper lists — fast, and as real as the games.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.utils import timezone

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.core.audit import User
from league.evenings import services as evening_services
from league.lists import services as list_services
from league.rankings.services import player_merge
from league.tournaments import services as ts
from league.tournaments.models import Tournament

LAENDER = ("NW", "NW", "NI", "HE", "RP", "BY", "SH")
TOWNS = ("Köln", "Essen", "Hannover", "Kassel", "Mainz", "Würzburg", "Kiel")
FIRST = (
    "Olaf Reuter",
    "Petra Sommer",
    "Quirin Hahn",
    "Renate Busch",
    "Sven Krüger",
    "Tina Lorenz",
    "Ulrich Brandt",
    "Verena Kühn",
    "Werner Pohl",
    "Yvonne Arnold",
    "Zeno Seidel",
    "Agnes Voigt",
    "Bruno Keller",
    "Clara Fuchs",
    "Detlef Jung",
    "Edith Roth",
    "Fritz Haas",
    "Greta Franke",
    "Hugo Berger",
    "Ilse Winkler",
    "Jan Lange",
    "Katja Schulze",
)


def zero_sum_totals(rng: random.Random, size: int) -> dict[int, int]:
    """Plausible final totals of one table (position -> points, sum 0)."""
    values = [rng.randint(-45, 45) for _ in range(size - 1)]
    values.append(-sum(values))
    return {i: v for i, v in enumerate(values, start=1)}


def paper_round(tournament: Tournament, rng: random.Random, seed: int, user: User) -> None:
    """Draw the next round, type every table's paper totals, close the round."""
    rnd, _warnings = ts.round_draw(tournament=tournament, seed=seed, user=user)
    tables = [
        ts.PaperTable(rt.number, zero_sum_totals(rng, rt.spielliste.table_size))
        for rt in rnd.tables.select_related("spielliste").order_by("number")
    ]
    ts.round_paper_results(tournament_round=rnd, entry=1, tables=tables, user=user)
    ts.round_close(tournament_round=rnd, user=user)


def rated_tournament(
    *,
    name: str,
    date: dt.date,
    bundesland: str,
    entrants: Sequence[tuple[str, str, str]],  # name, club, DDV number
    rng: random.Random,
    rounds: int = 3,
    user: User = None,
    approved: bool = True,
) -> Tournament:
    """A closed Ranglistenturnier played from paper lists (approved unless told not)."""
    tournament = ts.tournament_create(
        name=name, date=date, rounds_planned=rounds, official=True, user=user
    )
    for entrant, club, number in entrants:
        ts.participant_add(
            tournament=tournament, name=entrant, club_name=club, ddv_number=number, user=user
        )
    for n in range(1, rounds + 1):
        paper_round(tournament, rng, seed=rng.randrange(2**31) + n, user=user)
    ts.tournament_set_rating(tournament=tournament, rated=True, bundesland=bundesland, user=user)
    ts.tournament_close(tournament=tournament, user=user)
    if approved:  # the Ranglistenwart's approval (api.md "Rights end at the event")
        ts.tournament_rating_decide(tournament=tournament, approve=True, user=user)
    return tournament


def load_ranking_demo(club: Club, members: Sequence[Player], rng: random.Random) -> None:
    """A season of club evenings for ``club`` and twelve closed Ranglistenturniere."""
    admin = get_user_model().objects.get(username="admin")
    today = timezone.localdate()
    # One person, one record: members registered at the Stadtmeisterschaft under their DDV
    # number (a second record) are merged into their club record.
    members = list(members)
    for i, member in enumerate(members):
        twin = (
            Player.objects.filter(name=member.name)
            .exclude(pk=member.pk)
            .exclude(ddv_number="")
            .first()
        )
        if twin is not None:
            members[i] = player_merge(keep=member, merge=twin, user=admin)
    _club_season(club, members, rng, today, admin)
    regulars = []
    for i, member in enumerate(members[:12]):
        # Members known by their DDV number: registration finds the same record.
        if not member.ddv_number:
            club_services.player_update(
                player=member, name=member.name, club=club, ddv_number=f"5{i:04d}", user=admin
            )
            member.ddv_number = f"5{i:04d}"
        regulars.append((member.name, club.name, member.ddv_number))
    guests = [(n, "", f"6{i:04d}") for i, n in enumerate(FIRST)]
    others_club = ["Kreuz-Bube Bonn", "Karo-As Düsseldorf", "Pik-Sieben Kassel"]
    for i in range(12):
        # Regulars play all twelve (36 rounds: on the Rangliste); the guests a share each.
        pool = [(n, others_club[j % 3], d) for j, (n, _c, d) in enumerate(guests)]
        chosen = regulars[: 12 - (i % 3)] + rng.sample(pool, 20 + (i % 3))
        rated_tournament(
            name=f"{TOWNS[i % len(TOWNS)]}er Ranglistenturnier {i + 1}",
            date=today - dt.timedelta(days=40 + 55 * i),
            bundesland=LAENDER[i % len(LAENDER)],
            entrants=chosen,
            rng=rng,
            user=admin,
        )


def _club_season(
    club: Club, members: Sequence[Player], rng: random.Random, today: dt.date, user: User
) -> None:
    evening_services.season_settings_update(club=club, mode="schnitt_liste", minimum=4, user=user)
    first = dt.date(today.year, 1, 8)
    evenings = [first + dt.timedelta(weeks=w) for w in range(0, 52, 4)]
    for day in [d for d in evenings if d < today][-10:]:
        present = [m.name for m in members if rng.random() < 0.85]
        present = present[: len(present) - len(present) % 4] or [m.name for m in members[:8]]
        evening = evening_services.club_evening_create(
            club=club, date=day, tables=evening_services.seat_tables(present), user=user
        )
        for table in evening.tables.select_related("spielliste"):
            liste = table.spielliste
            list_services.paper_entry_save(
                spielliste=liste,
                entry=1,
                totals=zero_sum_totals(rng, liste.table_size),
                user=user,
            )
