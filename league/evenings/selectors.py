"""Reads of club evenings and seasons, and the evening as the owner of its lists
(registered with ``league.lists.owners`` in ``apps.py``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce, TruncDate
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.access import club_readers, clubs_closed_to
from league.clubs.models import Club, Player, public_alias
from league.core.models import AuditEntry
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings
from league.lists.access import lists_closed_to
from league.lists.models import ScoreLine, Spielliste
from league.lists.owners import ListOwner
from scoring.season import MemberList, SeasonMode, SeasonTable, season_table
from scoring.season import SeasonSettings as ScoringSeasonSettings
from scoring.totals import games_counted


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
    """A club's season: its settings, the season's evenings and the table. The table's
    names are the ones its reader sees (a hidden player's alias unless revealed), and tied
    rows are ordered by them."""

    club: Club
    year: int
    start: datetime.date
    end: datetime.date  # exclusive

    @property
    def last_day(self) -> datetime.date:
        """The season's last day (inclusive), as every page and printout says it."""
        return self.end - datetime.timedelta(days=1)

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
    Every evening list counts, whatever rules it plays: a list once complete (24 games,
    or an open list its table ended with "Runde beenden"); per game (Schnitt je Spiel, the
    fair mode for open lists of different lengths) every list with a game."""
    # An imported list (history-import.md) is finished as its sheet ends: frozen.
    counted = Q(spielliste__complete=True) | Q(
        spielliste__frozen=True, spielliste__evening_table__imported_from__gt=""
    )
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
            "spielliste__frozen",
            "spielliste__evening_table__imported_from",
            "spielliste__totals_only",
            "spielliste__evening_table__number",
            "spielliste__evening_table__evening_id",
            "spielliste__evening_table__evening__date",
        )
        .annotate(points=Sum("points"), games=Count("game_id"))
        .order_by()
    )


def _games(row: dict[str, Any]) -> int:
    return games_counted(int(row["games"]), totals_only=row["spielliste__totals_only"])


def club_season(*, club: Club, year: int | None = None, reveal: bool = False) -> ClubSeason:
    """The season table of ``club`` (3 queries, whatever the size). ``reveal``: the reader
    sees hidden players' names (the club's managers); else their aliases, by which tied
    rows are then ordered too."""
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
        name = row["player__name"]
        if row["player__hide_name"]:
            hidden.add(key)
            if not reveal:
                name = public_alias(row["player_id"])
        results.append(
            MemberList(
                player=key,
                name=name,
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
            complete=r["spielliste__complete"]
            or bool(r["spielliste__frozen"] and r["spielliste__evening_table__imported_from"]),
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


# --- the club page: its lists -----------------------------------------------------------

CLUB_PAGE_LISTS = 50


@dataclass(frozen=True)
class ClubListRow:
    pk: int
    title: str
    date: datetime.date  # an evening's list: the evening's date; any other: its creation
    games: int  # as the season table counts them (a paper list: its nominal games)
    from_paper: bool = False


def club_lists(*, club: Club, reader: User | AnonymousUser, page: int = 1) -> list[ClubListRow]:
    """The club's lists ``reader`` may read, newest first by the date they were played,
    ``CLUB_PAGE_LISTS`` a page — and one more, which tells that a next page exists (1 query)."""
    start = (max(page, 1) - 1) * CLUB_PAGE_LISTS
    rows = (
        Spielliste.objects.filter(club=club)
        .exclude(lists_closed_to(reader))
        .annotate(day=Coalesce("evening_table__evening__date", TruncDate("created_at")))
        .order_by("-day", "-created_at", "-pk")
        .values("pk", "title", "day", "games_played", "totals_only")[
            start : start + CLUB_PAGE_LISTS + 1
        ]
    )
    return [
        ClubListRow(
            r["pk"],
            r["title"],
            r["day"],
            games_counted(r["games_played"], totals_only=r["totals_only"]),
            r["totals_only"],
        )
        for r in rows
    ]


# --- lists: owner, visibility and filter (registered in apps.py) ------------------------


def list_owner(liste: Spielliste) -> ListOwner | None:
    """The evening and table a list is played at: the club's managers keep it (role
    "Vereinsverwaltung"); a members-only club's members read it."""
    if liste.club_id is None:
        return None  # an evening's lists are always its club's: no query for free lists
    table = (
        EveningTable.objects.filter(spielliste=liste)
        .select_related("evening__club")
        .only("number", "evening__date", "evening__club__members_only")
        .first()
    )
    if table is None:
        return None
    evening = table.evening
    club = evening.club
    return ListOwner(
        label=gettext("Vereinsabend %(date)s, Tisch %(table)s")
        % {"date": f"{evening.date:%d.%m.%Y}", "table": table.number},
        url=reverse("club-evening", args=[club.pk, evening.pk]),
        frozen_note=gettext("Liste gesperrt – Änderungen nur durch die Vereinsverwaltung"),
        table_label=gettext("Tisch %(table)s") % {"table": table.number},
        manager_ids=frozenset(club.managers.values_list("pk", flat=True)),
        manager_role=AuditEntry.Role.CLUB_MANAGER,
        own_rules=True,
        readers=club_readers(club),
    )


def evening_lists_owned() -> Q:
    return Q(evening_table__isnull=False)


def evening_lists_closed_to(user: User | AnonymousUser) -> Q:
    """The evening lists of the members-only clubs ``user`` may not read."""
    closed = Club.objects.filter(clubs_closed_to(user)).values("pk")
    return Q(evening_table__evening__club__in=closed)


# The list index's evening filter offers the newest evenings (a national site holds
# thousands); an older one still filters by its address (?abend=<id>).
EVENING_CHOICES = 200


def evening_choices(user: User | AnonymousUser) -> list[tuple[int, str]]:
    """The newest club evenings ``user`` may read as (id, "Club · 12.03.2026")."""
    closed = Club.objects.filter(clubs_closed_to(user)).values("pk")
    rows = (
        ClubEvening.objects.exclude(club__in=closed)
        .order_by("-date", "-pk")
        .values_list("pk", "date", "club__name")[:EVENING_CHOICES]
    )
    return [(pk, f"{club} · {day:%d.%m.%Y}") for pk, day, club in rows]


def evening_lists(evening_id: int) -> Q:
    """The condition on Spielliste for the lists of one club evening."""
    return Q(evening_table__evening_id=evening_id)
