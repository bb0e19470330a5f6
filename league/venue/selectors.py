"""Reads for the venue: the running rounds' tables and how long each has been quiet, the
database's size, the tournaments a poster or projector link is for.

Glossary: a table has **gone quiet** (``still``) when its list is open, its round has begun
(clock started or a game entered) and nothing was written to it for ``QUIET_AFTER``
(15 minutes; a game takes about four) — the organiser walks over and asks.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from league.lists.models import Spielliste
from league.tournaments.access import organised_by
from league.tournaments.models import RoundTable, Tournament, TournamentRound

QUIET_AFTER = dt.timedelta(minutes=15)


@dataclass(frozen=True)
class TableActivity:
    number: int
    liste_id: int
    games: int
    paper: bool
    complete: bool
    started: bool
    last: dt.datetime
    quiet_minutes: int  # since ``last``
    still: bool


@dataclass(frozen=True)
class RoundActivity:
    tournament: Tournament
    round: TournamentRound
    tables: list[TableActivity]

    @property
    def still_count(self) -> int:
        return sum(1 for t in self.tables if t.still)

    @property
    def done_count(self) -> int:
        return sum(1 for t in self.tables if t.complete)


def running_rounds(
    *, user: User | AnonymousUser, now: dt.datetime | None = None
) -> list[RoundActivity]:
    """The open rounds of the tournaments ``user`` organises, each table's last write:
    two queries whatever the number of tables."""
    now = now or timezone.now()
    rounds = list(
        TournamentRound.objects.filter(
            tournament__in=organised_by(user), status=TournamentRound.Status.DRAWN
        )
        .select_related("tournament")
        .order_by("-tournament__date", "tournament_id", "number")
    )
    tables: dict[int, list[TableActivity]] = {rnd.pk: [] for rnd in rounds}
    for row in (
        RoundTable.objects.filter(tournament_round__in=rounds)
        .select_related("spielliste", "tournament_round")
        .order_by("number")
    ):
        liste, rnd = row.spielliste, row.tournament_round
        last = liste.updated_at
        if rnd.started_at and rnd.started_at > last:
            last = rnd.started_at
        started = bool(rnd.started_at) or liste.games_played > 0
        open_list = not (liste.complete or liste.frozen or liste.totals_only)
        quiet = now - last
        tables[rnd.pk].append(
            TableActivity(
                number=row.number,
                liste_id=liste.pk,
                games=liste.games_played,
                paper=liste.totals_only,
                complete=liste.complete,
                started=started,
                last=last,
                quiet_minutes=max(0, int(quiet.total_seconds() // 60)),
                still=open_list and started and quiet > QUIET_AFTER,
            )
        )
    return [RoundActivity(rnd.tournament, rnd, tables[rnd.pk]) for rnd in rounds]


@dataclass(frozen=True)
class OpenList:
    """A list outside tournaments (a club evening, a free table) written to today."""

    liste: Spielliste
    quiet_minutes: int
    still: bool


def open_lists_today(
    *, user: User | AnonymousUser, now: dt.datetime | None = None
) -> list[OpenList]:
    """Open lists outside tournaments changed today: all of them for staff, the clubs'
    lists for their managers (league.lists.access: the lists they manage), none else.
    One query."""
    now = now or timezone.now()
    if not user.is_authenticated:
        return []
    today = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    lists = Spielliste.objects.filter(
        round_table__isnull=True, complete=False, updated_at__gte=today
    ).select_related("club")
    if not user.is_staff:
        lists = lists.filter(club__managers=user)
    out = []
    for liste in lists.order_by("updated_at")[:200]:
        quiet = now - liste.updated_at
        out.append(
            OpenList(
                liste=liste,
                quiet_minutes=max(0, int(quiet.total_seconds() // 60)),
                still=liste.games_played > 0 and not liste.frozen and quiet > QUIET_AFTER,
            )
        )
    return out


def current_tournaments() -> QuerySet[Tournament]:
    """Tournaments with an open round, the newest first (the poster's and the projector's
    candidates); never a Probelauf (its organisers' own, not the hall's)."""
    return (
        Tournament.objects.filter(rounds__status=TournamentRound.Status.DRAWN, rehearsal=False)
        .distinct()
        .order_by("-date", "-pk")
    )


def database_size() -> int | None:
    """Bytes the database takes: the SQLite file with its WAL, or PostgreSQL's
    ``pg_database_size``; None for anything else."""
    db = settings.DATABASES["default"]
    if connection.vendor == "sqlite":
        name = str(db["NAME"])
        if name == ":memory:" or name.startswith("file:"):
            return None
        total = 0
        for suffix in ("", "-wal", "-shm"):
            try:
                total += os.path.getsize(name + suffix)
            except OSError:
                continue
        return total
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            return int(cursor.fetchone()[0])
    return None


def backup_dir() -> Path:
    return Path(settings.VENUE_BACKUP_DIR)
