"""The captains' line-up deadline and the line-up checks (reads only; the writes are
``services.lineup_set`` and ``services.league_set_lineup_deadline``).

Decisions (the spec is silent):
- The deadline is ``League.lineup_deadline_hours`` before the Spieltag's start: its date at
  its start time, or at 0:00 when no time is set; a Spieltag without a date has none.
- Errors refuse a line-up (a player twice, not on the roster, lined up for another team,
  none at all, more than the league's players per team); warnings are shown and the
  line-up is saved anyway: fewer than the league's players per team (the Spieltag starts
  only with full line-ups), a reserve used, a player who said he cannot play.
- The regular players (Stammspieler) of a team are the first ``players_per_team`` put on its
  roster; later ones are its reserves (Ersatzspieler).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from league.clubs.models import Player
from league.core.messages import render
from league.leagues.models import Availability, League, Lineup, Spieltag, Team


@dataclass(frozen=True)
class LineupWarning:
    """A line-up check that does not refuse: a message code with its parameters."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return render(self.code, self.params)


def spieltag_begins(spieltag: Spieltag) -> dt.datetime | None:
    """When ``spieltag`` begins (aware): its date at its start time, or at 0:00 when no time
    is set; None without a date."""
    if spieltag.date is None:
        return None
    start = dt.datetime.combine(spieltag.date, spieltag.start_time or dt.time(0, 0))
    return timezone.make_aware(start, timezone.get_current_timezone())


def lineup_deadline(spieltag: Spieltag, league: League) -> dt.datetime | None:
    """When the captains' line-up for ``spieltag`` is due (aware), or None."""
    begins = spieltag_begins(spieltag)
    if league.lineup_deadline_hours is None or begins is None:
        return None
    return begins - dt.timedelta(hours=league.lineup_deadline_hours)


def deadline_passed(spieltag: Spieltag, league: League, now: dt.datetime | None = None) -> bool:
    deadline = lineup_deadline(spieltag, league)
    return deadline is not None and (now or timezone.now()) >= deadline


def deadline_text(deadline: dt.datetime) -> str:
    local = timezone.localtime(deadline)
    return local.strftime("%d.%m.%Y %H:%M")


def regulars(team: Team, size: int) -> list[int]:
    """The ids of the team's regular players: the first ``size`` put on its roster."""
    through = Team.roster.through.objects.filter(team_id=team.pk).order_by("pk")
    return list(through.values_list("player_id", flat=True)[:size])


def lineup_warnings(
    spieltag: Spieltag, league: League, team: Team, players: Sequence[Player]
) -> list[LineupWarning]:
    """What is shown but does not refuse (two queries)."""
    out: list[LineupWarning] = []
    size = league.players_per_team
    if len(players) < size:
        out.append(LineupWarning("lineup_short", {"count": len(players), "usual": size}))
    usual = set(regulars(team, size))
    for player in players:
        if player.pk not in usual:
            out.append(LineupWarning("lineup_reserve", {"name": player.name}))
    said_no = set(
        Availability.objects.filter(
            spieltag=spieltag, player__in=list(players), answer=Availability.Answer.NO
        ).values_list("player_id", flat=True)
    )
    for player in players:
        if player.pk in said_no:
            out.append(LineupWarning("lineup_said_no", {"name": player.name}))
    return out


@dataclass(frozen=True)
class MissedDeadline:
    """A Spieltag not started whose deadline passed, and its teams without a full line-up."""

    spieltag: Spieltag
    deadline: dt.datetime
    teams: tuple[Team, ...]


def missed_deadlines(
    league: League, spieltage: Iterable[Spieltag], now: dt.datetime | None = None
) -> list[MissedDeadline]:
    """For the organiser: which teams have no (full) line-up at the deadline (one query,
    and one per Spieltag past its deadline)."""
    due = [
        (s, d)
        for s in spieltage
        if s.started_at is None
        and (d := lineup_deadline(s, league)) is not None
        and (now or timezone.now()) >= d
    ]
    if not due:
        return []
    full: set[tuple[int, int]] = set()
    for lineup in Lineup.objects.filter(spieltag__in=[s for s, _d in due]).prefetch_related(
        "entries"
    ):
        if lineup.absent or len(lineup.entries.all()) >= league.players_per_team:
            full.add((lineup.spieltag_id, lineup.team_id))
    out = []
    for spieltag, deadline in due:
        missing = tuple(
            t for t in spieltag.group.teams.order_by("number") if (spieltag.pk, t.pk) not in full
        )
        if missing:
            out.append(MissedDeadline(spieltag, deadline, missing))
    return out
