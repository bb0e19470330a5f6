"""Reads of clubs and players."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from league.clubs.models import Club, ClubEvening, Player, SeasonSettings, public_alias
from league.lists.models import ScoreLine
from scoring.season import MemberList, SeasonMode, SeasonTable, season_table
from scoring.season import SeasonSettings as ScoringSeasonSettings

NAME_CHOICES_LIMIT = 2000


def player_name_choices(*, limit: int = NAME_CHOICES_LIMIT) -> list[str]:
    """Player names for name completion (forms that register or seat players), sorted;
    a player who asked not to be named publicly is never offered (1 query)."""
    names = (
        Player.objects.filter(hide_name=False)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()
    )
    return list(names[:limit])


# --- club seasons (competitions.md "Clubs") -------------------------------------------------


@dataclass(frozen=True)
class EveningRow:
    pk: int
    date: datetime.date
    note: str
    tables: int


@dataclass(frozen=True)
class MemberListRow:
    liste_id: int
    title: str
    evening_id: int
    date: datetime.date
    table: int
    points: int
    games: int
    complete: bool


@dataclass(frozen=True)
class ClubSeason:
    """A club's season: its settings, the season's evenings and the table."""

    club: Club
    year: int
    start: datetime.date
    end: datetime.date  # exclusive
    settings: ScoringSeasonSettings
    start_month: int
    evenings: list[EveningRow]
    table: SeasonTable
    hidden: frozenset[str]  # player keys of members who asked not to be named

    def shown_name(self, key: str, name: str, *, reveal: bool) -> str:
        return name if reveal or key not in self.hidden else public_alias(int(key))


def season_bounds(year: int, start_month: int = 1) -> tuple[datetime.date, datetime.date]:
    """The season ``year``: from the first of ``start_month`` of that year, 12 months."""
    start = datetime.date(year, start_month, 1)
    return start, datetime.date(year + 1, start_month, 1)


def season_of(day: datetime.date, start_month: int = 1) -> int:
    """The season (named by its first year) that ``day`` belongs to."""
    return day.year if day.month >= start_month else day.year - 1


def _settings_of(club: Club) -> tuple[ScoringSeasonSettings, int]:
    row = SeasonSettings.objects.filter(club=club).first()
    if row is None:
        return ScoringSeasonSettings(), 1
    return (
        ScoringSeasonSettings(SeasonMode(row.mode), max(row.minimum, 1), max(row.best_n, 1)),
        row.start_month,
    )


def _season_lines(
    club: Club, start: datetime.date, end: datetime.date, *, mode: SeasonMode
) -> QuerySet[Any, Any]:
    """Per player and list of the season's evenings: points and games (one SQL aggregate).
    A list counts once complete; per game (open-ended lists) every list with a game."""
    counted = Q(spielliste__complete=True)
    if mode is SeasonMode.SCHNITT_SPIEL:
        counted |= Q(spielliste__games_played__gt=0)
    return (
        ScoreLine.objects.filter(
            counted,
            spielliste__evening_table__evening__club=club,
            spielliste__evening_table__evening__date__gte=start,
            spielliste__evening_table__evening__date__lt=end,
        )
        .values(
            "player_id",
            "player__name",
            "player__hide_name",
            "spielliste_id",
            "spielliste__title",
            "spielliste__complete",
            "spielliste__totals_only",
            "spielliste__evening_table__number",
            "spielliste__evening_table__evening_id",
            "spielliste__evening_table__evening__date",
        )
        .annotate(points=Sum("points"), games=Count("game_id"))
        .order_by()
    )


def _games(row: dict[str, Any]) -> int:
    # A list typed from paper has no game rows: its player played the round's 24 games.
    games = int(row["games"])
    return games if games or not row["spielliste__totals_only"] else PAPER_GAMES


PAPER_GAMES = 24


def club_season(*, club: Club, year: int | None = None) -> ClubSeason:
    """The season table of ``club`` (3 queries, whatever the size)."""
    settings, start_month = _settings_of(club)
    if year is None:
        year = season_of(timezone.localdate(), start_month)
    start, end = season_bounds(year, start_month)
    evenings = [
        EveningRow(e["pk"], e["date"], e["note"], e["n"])
        for e in ClubEvening.objects.filter(club=club, date__gte=start, date__lt=end)
        .values("pk", "date", "note")
        .annotate(n=Count("tables"))
        .order_by("-date", "-pk")
    ]
    results = []
    hidden = set()
    for row in _season_lines(club, start, end, mode=settings.mode):
        key = str(row["player_id"])
        if row["player__hide_name"]:
            hidden.add(key)
        results.append(
            MemberList(
                player=key,
                name=row["player__name"],
                liste=str(row["spielliste_id"]),
                evening=str(row["spielliste__evening_table__evening_id"]),
                points=int(row["points"] or 0),
                games=_games(row),
            )
        )
    table = season_table(results, settings, evenings=len(evenings))
    return ClubSeason(
        club, year, start, end, settings, start_month, evenings, table, frozenset(hidden)
    )


def member_season_lists(*, club: Club, player: Player, year: int) -> list[MemberListRow]:
    """One member's lists of the season, by date (1 query, plus the settings)."""
    settings, start_month = _settings_of(club)
    start, end = season_bounds(year, start_month)
    rows = _season_lines(club, start, end, mode=settings.mode).filter(player=player)
    out = [
        MemberListRow(
            liste_id=r["spielliste_id"],
            title=r["spielliste__title"],
            evening_id=r["spielliste__evening_table__evening_id"],
            date=r["spielliste__evening_table__evening__date"],
            table=r["spielliste__evening_table__number"],
            points=int(r["points"] or 0),
            games=_games(r),
            complete=r["spielliste__complete"],
        )
        for r in rows
    ]
    out.sort(key=lambda r: (r.date, r.table))
    return out


def season_years(*, club: Club) -> list[int]:
    """The seasons with evenings, newest first (for the season switcher; 2 queries)."""
    _settings, start_month = _settings_of(club)
    days = ClubEvening.objects.filter(club=club).dates("date", "month", order="DESC")
    return sorted({season_of(d, start_month) for d in days}, reverse=True)


def member_choices(*, club: Club) -> list[tuple[int, str]]:
    """The club's members for the evening form: (id, name), by name (1 query)."""
    return list(club.members.order_by("name").values_list("pk", "name"))
