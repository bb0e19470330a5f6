"""``manage.py load_demo``: a realistic demo (idempotent: does nothing if it exists).

The demo creates accounts whose passwords the README prints, so it refuses a database that
may be a production one (DEBUG off) unless ``--force`` is given; ``make run`` sets
DJANGO_DEBUG=1.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from league.accounts.published import DEMO_ACCOUNTS
from league.accounts.roles import RANGLISTENWART
from league.clubs.models import Club, Player
from league.clubs.services import club_add_manager, club_get_or_create, player_get_or_create
from league.demo.house_rules_demo import load_house_rules_evening
from league.demo.league_demo import load_demo_league
from league.demo.ranking_demo import load_ranking_demo
from league.demo.stats_demo import load_played_evenings
from league.lists import services
from league.lists.models import Spielliste
from league.lists.placement import places_rebuild
from league.lists.strength import rating_touch_days
from league.tournaments import services as ts
from scoring.round import replay_round
from scoring.simulate import next_random_game

CLUB = "Doppelkopfclub Herz-Dame Köln"
NAMES = [
    "Anna Schäfer",
    "Bernd Müller",
    "Carla Weiß",
    "Dieter Groß",
    "Erika Köhler",
    "Frank Hübner",
    "Gabi Jäger",
    "Heinz Brück",
    "Inge Löffler",
    "Jürgen Fuß",
    "Karin Böhm",
    "Lutz Krämer",
    "Marta Vogt",
    "Norbert Schröder",
]


class Command(BaseCommand):
    help = "Load demo data: a club, players, users and complete and half-finished lists."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load even with DEBUG off (the demo's accounts have published passwords).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG and not options["force"]:
            raise CommandError(
                "Refusing to load the demo with DEBUG off: this may be a production database, "
                "and the demo's accounts have the passwords printed in the README. "
                "Run with DJANGO_DEBUG=1 for development, or pass --force."
            )
        if Club.objects.filter(name=CLUB).exists():
            self.stdout.write("Demo already loaded.")
            return
        with transaction.atomic():
            self._users()
            club = club_get_or_create(name=CLUB)
            assert club is not None
            # The demo's organiser manages the club too (its evenings and lists).
            club_add_manager(club=club, account=get_user_model().objects.get(username="admin"))
            players = [player_get_or_create(name=n, club=club) for n in NAMES]
            rng = random.Random(2026)
            first: list[Spielliste] = [
                self._liste("Clubabend 14.11. – Tisch 1", players[0:4], club, rng, None),
                self._liste(
                    "Clubabend 14.11. – Tisch 2", players[4:8], club, rng, None, penalty=True
                ),
                self._liste("Clubabend 14.11. – Fünfertisch", players[8:13], club, rng, None),
            ]
            second = [
                self._liste("Clubabend 21.11. – Tisch 1", players[0:4], club, rng, 13),
                self._liste("Clubabend 21.11. – Fünfertisch", players[4:9], club, rng, 17),
                self._liste(
                    "Clubabend 21.11. – Tisch 3 (Zeit abgelaufen)",
                    players[9:13],
                    club,
                    rng,
                    19,
                    time_up=True,
                ),
            ]
            # Dated on the evening their titles name, as if started that evening (the
            # club and player pages date a list by its day, not the day the demo loaded).
            _dated(first, dt.date(2026, 11, 14))
            _dated(second, dt.date(2026, 11, 21))
            load_demo_tournament(rng)
            load_ranking_demo(club, players, rng)
            # Where the features meet: the club's house rules at an evening of this week.
            today = timezone.localdate()
            load_house_rules_evening(
                club,
                players,
                today - dt.timedelta(days=today.weekday()),
                get_user_model().objects.get(username="admin"),
            )
            load_played_evenings(club, players, random.Random(2028))  # statistics, Kasse
            load_demo_league(random.Random(2027))  # league/demo/league_demo.py
            # rating.md: the demo club's evenings count for the Spielstärke (tournaments and
            # the league always do); the figures follow once this transaction commits.
            Club.objects.filter(pk=club.pk).update(rating_evenings=True)
            rating_touch_days([dt.date(2000, 1, 1)])
        self.stdout.write(
            self.style.SUCCESS(
                "Demo loaded. Log in as listenfuehrer / doko-demo; the tournament organiser "
                "is admin / doko-admin (also the league's organiser); the league captain is "
                "kapitaen / doko-kapitaen; the Ranglistenwart is ranglistenwart / doko-rangliste."
            )
        )

    def _users(self) -> None:
        user_model = get_user_model()
        if not user_model.objects.filter(username="admin").exists():
            user_model.objects.create_superuser(
                "admin", "admin@example.org", DEMO_ACCOUNTS["admin"]
            )
        if not user_model.objects.filter(username="listenfuehrer").exists():
            user_model.objects.create_user("listenfuehrer", password=DEMO_ACCOUNTS["listenfuehrer"])
        # The Ranglistenwart (api.md): approves the Ranglistenturniere; staff grants it.
        if not user_model.objects.filter(username="ranglistenwart").exists():
            wart = user_model.objects.create_user(
                "ranglistenwart", password=DEMO_ACCOUNTS["ranglistenwart"]
            )
            # As staff grants it in the admin (the account's groups; the admin's own log,
            # no history entry: accounts are not part of the backup's history).
            Group.objects.get_or_create(name=RANGLISTENWART)[0].user_set.add(wart)

    def _liste(
        self,
        title: str,
        players: list[Player],
        club: Club,
        rng: random.Random,
        stop: int | None,
        *,
        penalty: bool = False,
        time_up: bool = False,
    ) -> Spielliste:
        keeper = get_user_model().objects.get(username="listenfuehrer")
        liste = services.spielliste_create(
            title=title, players=players, club=club, created_by=keeper
        )
        seats = services.table_names(players)
        records: list[Any] = []
        state = replay_round(seats, records)
        while state.next_game is not None and (stop is None or len(records) < stop):
            record = next_random_game(rng, state)
            services.game_record(spielliste=liste, record=record)
            records.append(record)
            state = replay_round(seats, records)
            if penalty and len(records) == 7:
                services.penalty_add(
                    spielliste=liste,
                    after_game=7,
                    kind="minor",
                    offender=players[2],
                    referee="Schiedsrichter Wolf",
                )
        if time_up:  # time was called after the last game: only owed Pflichtsoli follow
            services.spielliste_call_time(spielliste=liste, game_in_progress=False)
        return liste


def _dated(lists: list[Spielliste], day: dt.date) -> None:
    """Seed data: ``lists`` started on ``day`` at 19:00 (their placements say so)."""
    started = timezone.make_aware(dt.datetime.combine(day, dt.time(19, 0)))
    Spielliste.objects.filter(pk__in=[li.pk for li in lists]).update(created_at=started)
    places_rebuild([li.pk for li in lists])


def load_demo_tournament(rng: random.Random) -> None:
    """24 players, 4 rounds: 3 closed, the 4th in progress against the round clock (one
    table with added time, the last one's result typed from its paper list)."""
    tournament = ts.tournament_create(
        name="Kölner Stadtmeisterschaft 2026",
        date=dt.date(2026, 11, 21),
        venue="Köln-Ehrenfeld",
        rounds_planned=4,
        user=get_user_model().objects.get(username="admin"),  # the first organiser
    )
    clubs = ["Herz-Dame Köln", "Kreuz-Bube Bonn", "Karo-As Düsseldorf", ""]
    first = [
        "Anna",
        "Bernd",
        "Carla",
        "Dieter",
        "Erika",
        "Frank",
        "Gabi",
        "Heinz",
        "Inge",
        "Jürgen",
        "Karin",
        "Lutz",
        "Marta",
        "Norbert",
        "Olga",
        "Peter",
        "Rita",
        "Stefan",
        "Tanja",
        "Uwe",
        "Vera",
        "Walter",
        "Xenia",
        "Yvonne",
    ]
    last = ["Schäfer", "Müller", "Weiß", "Groß", "Köhler", "Hübner", "Jäger", "Brück"]
    for i, name in enumerate(first):
        ts.participant_add(
            tournament=tournament,
            name=f"{name} {last[i % len(last)]}",
            club_name=clubs[i % len(clubs)],
            ddv_number=str(40100 + i),
        )
    organiser = get_user_model().objects.get(username="admin")
    for number in range(1, 5):
        rnd, _ = ts.round_draw(tournament=tournament, seed=1000 + number)
        lists = list(Spielliste.objects.filter(round_table__tournament_round=rnd).order_by("pk"))
        if number == 4:
            ts.round_start(tournament_round=rnd, user=organiser)
            services.spielliste_add_time(
                spielliste=lists[0], minutes=5, referee="Schiedsrichter Wolf", user=organiser
            )
            paper = lists.pop()  # handed in on paper: the organiser types its totals
            ts.round_paper_results(
                tournament_round=rnd,
                entry=1,
                tables=[ts.PaperTable(paper.round_table.number, {1: 31, 2: -17, 3: 9, 4: -23})],
                user=organiser,
            )
        for liste in lists:
            seats = [s.name for s in liste.seats.all()]
            records: list[Any] = []
            state = replay_round(seats, records)
            stop = None if number < 4 else rng.randint(6, 24)
            while state.next_game is not None and (stop is None or len(records) < stop):
                record = next_random_game(rng, state)
                services.game_record(spielliste=liste, record=record)
                records.append(record)
                state = replay_round(seats, records)
        if number < 4:
            ts.round_close(tournament_round=rnd)
