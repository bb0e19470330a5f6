"""Reads of the home page: the events running now that the visitor may read."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from league.clubs.models import Club
from league.leagues.models import League, Spieltag
from league.tournaments.access import tournaments_closed_to
from league.tournaments.models import Tournament, TournamentRound

RUNNING_DAYS_BACK = 1  # a tournament of yesterday may still be closing
UPCOMING_DAYS = 14  # … and one of the next two weeks is worth following
SHOWN = 5


@dataclass(frozen=True)
class Running:
    tournaments: Sequence[Tournament]  # each annotated with ``playing``: a round is open
    leagues: list[League]


def running_events(user: User | AnonymousUser, today: dt.date | None = None) -> Running:
    """Open tournaments (readable ones) with a round drawn and not closed — whatever their
    date: a tournament still playing a week after its day is running — first, then those
    from yesterday to two weeks ahead; and leagues with a Spieltag started and not closed —
    or else the newest leagues."""
    today = today or timezone.localdate()
    open_round = Exists(
        TournamentRound.objects.filter(
            tournament=OuterRef("pk"), status=TournamentRound.Status.DRAWN
        )
    )
    near = Q(
        date__gte=today - dt.timedelta(days=RUNNING_DAYS_BACK),
        date__lte=today + dt.timedelta(days=UPCOMING_DAYS),
    )
    tournaments = list(
        Tournament.objects.exclude(tournaments_closed_to(user))
        .filter(closed_at__isnull=True, rehearsal=False)  # a Probelauf: not a public event
        .annotate(playing=open_round)
        .filter(Q(playing=True) | near)
        .order_by("-playing", "date", "name")[:SHOWN]
    )
    live_ids = set(
        Spieltag.objects.filter(started_at__isnull=False, closed_at__isnull=True).values_list(
            "group__group_round__league_id", flat=True
        )
    )
    leagues = list(League.objects.filter(pk__in=live_ids).order_by("name")[:SHOWN])
    if not leagues:
        leagues = list(League.objects.order_by("-created_at")[:SHOWN])
    return Running(tournaments=tournaments, leagues=leagues)


def evening_club(user: User | AnonymousUser) -> Club | None:
    """The club whose evening "Vereinsabend beginnen" opens straight away: the one club the
    user manages; None when he manages none or several (then he chooses on the club index)."""
    if not user.is_authenticated:
        return None
    clubs = list(Club.objects.filter(managers=user.pk).order_by("pk")[:2])
    return clubs[0] if len(clubs) == 1 else None
