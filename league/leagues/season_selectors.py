"""League season reads: each Spieltag's date and place for the schedule page, the team and
player pages and the calendar feeds (a fixed number of queries at any size)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone

from league.leagues.models import League, Spieltag, Team
from league.leagues.season_services import spieltag_minutes
from league.leagues.selectors import _spieltage_of, group_letter, spieltag_label


@dataclass(frozen=True)
class DateItem:
    """One Spieltag of the season with its date and place; ``start``/``end`` are aware
    datetimes when the start time is known (else the event lasts the whole ``date``)."""

    spieltag: Spieltag
    league: League
    label: str
    group_round: int
    group: str
    teams: tuple[Team, ...]
    date: dt.date | None
    start: dt.datetime | None
    end: dt.datetime | None
    venue: str
    host: Team | None

    @property
    def status(self) -> str:
        if self.spieltag.closed_at is not None:
            return "closed"
        if self.spieltag.started_at is not None:
            return "running"
        return "planned"

    @property
    def sequence(self) -> int:
        return self.spieltag.sequence


def _item(spieltag: Spieltag, league: League, teams: dict[int, Team]) -> DateItem:
    start = end = None
    if spieltag.date is not None and spieltag.start_time is not None:
        start = timezone.make_aware(dt.datetime.combine(spieltag.date, spieltag.start_time))
        end = start + dt.timedelta(minutes=spieltag_minutes(league))
    return DateItem(
        spieltag=spieltag,
        league=league,
        label=spieltag_label(spieltag),
        group_round=spieltag.group.group_round.number,
        group=group_letter(spieltag.group.number),
        teams=tuple(teams[t] for t in spieltag.group_team_ids),  # type: ignore[attr-defined]
        date=spieltag.date,
        start=start,
        end=end,
        venue=spieltag.venue,
        host=teams.get(spieltag.host_id) if spieltag.host_id else None,
    )


def _order(item: DateItem) -> tuple[int, dt.date, dt.time, int, int, str]:
    """By date and time (undated ones last, in schedule order)."""
    return (
        0 if item.date else 1,
        item.date or dt.date.max,
        item.spieltag.start_time or dt.time.max,
        item.group_round,
        item.spieltag.number,
        item.group,
    )


def season_dates(*, league: League, team: Team | None = None) -> list[DateItem]:
    """Every Spieltag of the league (or of ``team``'s groups) by date: three queries."""
    spieltage, teams = _spieltage_of(league)
    items = [
        _item(s, league, teams)
        for s in spieltage
        if team is None or team.pk in s.group_team_ids  # type: ignore[attr-defined]
    ]
    return sorted(items, key=_order)


def dates_of_teams(teams: Iterable[Team]) -> list[DateItem]:
    """The Spieltage of several teams (of any leagues), by date, each once."""
    by_league: dict[int, set[int]] = {}
    leagues: dict[int, League] = {}
    for team in teams:
        by_league.setdefault(team.league_id, set()).add(team.pk)
        leagues[team.league_id] = team.league
    out: list[DateItem] = []
    for league_id, team_ids in by_league.items():
        out += [
            item
            for item in season_dates(league=leagues[league_id])
            if team_ids & {t.pk for t in item.teams}
        ]
    return sorted(out, key=_order)


def player_teams(player_id: int) -> list[Team]:
    """The league teams whose roster holds the player (with their leagues)."""
    return list(
        Team.objects.filter(roster__pk=player_id).select_related("league").order_by("league_id")
    )


def coming(items: Iterable[DateItem], today: dt.date | None = None) -> list[DateItem]:
    """The items not yet played: dated today or later, or undated, and not closed."""
    today = today or timezone.localdate()
    return [
        item
        for item in items
        if item.spieltag.closed_at is None and (item.date is None or item.date >= today)
    ]


def spieltag_date(spieltag: Spieltag, teams: Iterable[Team]) -> DateItem:
    """One Spieltag's date and place: ``spieltag`` with its group and group round and
    league read, ``teams`` its group's (no query)."""
    by_id = {t.pk: t for t in teams}
    spieltag.group_team_ids = list(by_id)  # type: ignore[attr-defined]
    return _item(spieltag, spieltag.group.group_round.league, by_id)


def dates_by_spieltag(spieltage: Iterable[Spieltag], league: League) -> dict[int, DateItem]:
    """Date items of Spieltage read with group, group round and ``group_team_ids`` (as
    ``selectors.team_results`` gives them): one query, for the league's teams."""
    teams = {t.pk: t for t in league.teams.all()}
    return {s.pk: _item(s, league, teams) for s in spieltage}
