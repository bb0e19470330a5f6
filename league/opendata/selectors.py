"""What the open-data export holds (docs/open-data.md, format version 1): one ``DataFile``
per CSV file, its columns and its rows as the public reads them.

The public is the visitor without an account (``AnonymousUser``): every read goes through
the same helpers as the public pages — ``tournaments_closed_to`` and ``clubs_closed_to``
(members-only events), ``lists_closed_to`` (members-only owners' lists and a tournament's
silent rounds), the standings with ``silent`` (the rounds the public sees) and the public
alias of a player who asked not to be named (``public_alias``: also without his club and
DDV number, as the public standings show him). Never read: accounts, e-mail addresses,
table codes, PINs, list titles (a free text).

Queries: the list rows, the tournaments, the leagues and the players are each a fixed
number of queries, streamed (``iterator``); the standings, league tables, Spieltage and
club seasons ask the pages' own selectors once per event (a fixed number each), so the
figures are the pages' by construction.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.contrib.auth.models import AnonymousUser
from django.db.models import Sum
from django.utils import timezone

from league.clubs.access import clubs_closed_to
from league.clubs.models import Club, Player, public_alias
from league.evenings.selectors import club_season, season_years
from league.leagues.models import League
from league.leagues.selectors import league_data, league_standings
from league.leagues.selectors.league import group_letter
from league.lists.access import lists_closed_to
from league.lists.models import Placement, ScoreLine, Seat, Spielliste
from league.rankings.selectors import rangliste
from league.tournaments.access import tournaments_closed_to
from league.tournaments.models import Participant, Tournament
from league.tournaments.selectors import standings
from scoring.liga import siegpunkte_text
from scoring.rangliste import round_half_away

Cell = str | int | None
Row = tuple[Cell, ...]
CHUNK = 500  # rows fetched at a time from a streamed query; player ids asked at a time


@dataclass
class Named:
    """The players the files name so far: ``players.csv`` lists exactly them."""

    ids: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class DataFile:
    name: str  # "tournaments.csv"
    columns: tuple[str, ...]
    rows: Callable[[Named], Iterator[Row]]


def public() -> AnonymousUser:
    """The reader the export is for: anybody."""
    return AnonymousUser()


def flag(value: bool) -> str:
    return "true" if value else "false"


def decimal(value: Fraction) -> str:
    """An exact fraction as a decimal with two places, rounded half away from zero (as
    the Rangliste rounds its averages)."""
    return str(round_half_away(value, 2))


def day(value: datetime.date | None) -> str:
    return value.isoformat() if value else ""


def public_tournaments() -> Iterator[Tournament]:
    return (
        Tournament.objects.exclude(tournaments_closed_to(public()))
        .select_related("club")
        .order_by("date", "pk")
        .iterator(chunk_size=CHUNK)
    )


# --- tournaments -------------------------------------------------------------------------


def tournament_rows(_named: Named) -> Iterator[Row]:
    """1 query (+ 1 per CHUNK tournaments)."""
    for t in public_tournaments():
        yield (
            t.pk,
            t.name,
            day(t.date),
            t.venue,
            t.club.name if t.club else "",
            t.rounds_planned,
            flag(t.official),
            flag(t.rated),
            flag(t.closed_at is not None),
            t.silent_rounds if t.closed_at is None else 0,
        )


def standing_rows(named: Named) -> Iterator[Row]:
    """The public standings of each public tournament (the rounds counted on its page:
    closed rounds, silent ones left out): 4 queries per tournament, 1 for the players."""
    players = dict(
        Participant.objects.exclude(
            tournament__in=Tournament.objects.filter(tournaments_closed_to(public()))
        ).values_list("pk", "player_id")
    )
    for t in public_tournaments():
        table = standings(tournament=t, silent=True)
        for row in table.rows:
            player_id = players[row.participant_id]
            named.ids.add(player_id)
            yield (
                t.pk,
                row.rank,
                row.number,
                player_id,
                row.name,
                row.club,
                flag(row.withdrawn),
                row.rounds_played,
                ";".join("" if p is None else str(p) for p in row.per_round),
                row.total,
                row.positive_rounds,
                flag(table.final),
            )


# --- the lists of events ----------------------------------------------------------------


def list_rows(named: Named) -> Iterator[Row]:
    """Each public list of an event (tournament round, league Spieltag, club evening) and
    each of its players' points there: 3 queries, the points streamed."""
    readable = Spielliste.objects.filter(
        placement__isnull=False,
        placement__rehearsal=False,  # never a Probelauf's
    ).exclude(lists_closed_to(public()))
    places = {
        p[0]: p[1:]
        for p in Placement.objects.filter(spielliste__in=readable).values_list(
            "spielliste_id",
            "owner",
            "event_id",
            "event",
            "day",
            "number",
            "table",
            "spielliste__games_played",
            "spielliste__complete",
        )
    }
    seats = {
        (liste, player): (position, name)
        for liste, player, position, name in Seat.objects.filter(
            spielliste__in=readable
        ).values_list("spielliste_id", "player_id", "position", "name")
    }
    totals = (
        ScoreLine.objects.filter(spielliste__in=readable)
        .values_list("spielliste_id", "player_id", "player__name", "player__hide_name")
        .annotate(points=Sum("points"))
        .order_by("spielliste_id", "player_id")
        .iterator(chunk_size=CHUNK * 4)
    )
    for liste, player, player_name, hidden, points in totals:
        place = places.get(liste)
        if place is None:  # placed meanwhile: the next export has it
            continue
        owner, event_id, event, when, number, table, games, complete = place
        position, seat_name = seats.get((liste, player), (None, player_name))
        named.ids.add(player)
        yield (
            liste,
            owner,
            event_id,
            event,
            day(when),
            number,
            table,
            position,
            player,
            public_alias(player) if hidden else seat_name,
            points or 0,
            games,
            flag(complete),
        )


# --- leagues ----------------------------------------------------------------------------


def public_leagues() -> Iterator[League]:
    return League.objects.order_by("-season", "name", "pk").iterator(chunk_size=CHUNK)


def league_rows(_named: Named) -> Iterator[Row]:
    for league in public_leagues():
        yield (league.pk, league.name, league.season, league.players_per_team)


def league_table_rows(_named: Named) -> Iterator[Row]:
    """The league table as its page shows it (complete Spieltage): per league the
    selector's fixed number of queries."""
    for league in public_leagues():
        for row in league_standings(league=league).rows:
            yield (
                league.pk,
                row.rank,
                row.team,
                siegpunkte_text(row.siegpunkte, decimal_mark="."),
                row.spielpunkte,
                row.spieltage,
            )


def spieltag_rows(_named: Named) -> Iterator[Row]:
    for league in public_leagues():
        days, teams, results = league_data(league)
        for scheduled in days:
            s = scheduled.spieltag
            result = results.get(s.pk)
            status = (
                "planned"
                if result is None or not result.started
                else "complete"
                if result.complete
                else "running"
            )
            host = teams.get(s.host_id) if s.host_id else None
            yield (
                league.pk,
                s.pk,
                s.group.group_round.number,
                group_letter(s.group.number),
                s.number,
                day(s.date),
                s.start_time.strftime("%H:%M") if s.start_time else "",
                s.venue,
                host.name if host else "",
                ";".join(teams[t].name for t in scheduled.team_ids if t in teams),
                status,
            )


def spieltag_result_rows(_named: Named) -> Iterator[Row]:
    for league in public_leagues():
        _days, _teams, results = league_data(league)
        for result in results.values():
            if not result.started:
                continue
            for row in result.rows:
                yield (
                    league.pk,
                    result.spieltag_id,
                    row.place,
                    row.team,
                    row.spielpunkte,
                    siegpunkte_text(row.siegpunkte, decimal_mark="."),
                    flag(row.absent),
                    flag(result.complete),
                )


# --- club seasons -----------------------------------------------------------------------


def club_season_rows(named: Named) -> Iterator[Row]:
    """Each public club's season tables (every season with evenings), as the club page
    shows them: per club and season the selector's 3 queries."""
    clubs = Club.objects.exclude(clubs_closed_to(public())).order_by("name", "pk")
    for club in clubs.iterator(chunk_size=CHUNK):
        for year in season_years(club=club):
            season = club_season(club=club, year=year)
            for row in season.table.rows:
                named.ids.add(int(row.player))
                yield (
                    club.pk,
                    club.name,
                    year,
                    day(season.start),
                    day(season.last_day),
                    season.settings.mode.value,
                    "" if row.rank is None else row.rank,
                    int(row.player),
                    season.shown_name(row.player, row.name, reveal=False),
                    row.lists,
                    row.games,
                    row.points,
                    decimal(row.value),
                    row.evenings,
                )


# --- the Rangliste ----------------------------------------------------------------------


def rangliste_rows(named: Named) -> Iterator[Row]:
    """The Rangliste and "unter 36" of today, as its page shows them (3 queries)."""
    view = rangliste(as_of=timezone.localdate())
    for r in view.rangliste:
        named.ids.add(int(r.player))
        info = view.players[r.player]
        average = decimal(r.average)
        yield ("rangliste", r.rank, int(r.player), info.name, r.rounds, r.points, average)
    for u in view.unter_36:
        named.ids.add(int(u.player))
        info = view.players[u.player]
        yield ("unter_36", "", int(u.player), info.name, u.rounds, u.points, "")


# --- players ----------------------------------------------------------------------------


def player_rows(named: Named) -> Iterator[Row]:
    """Every player the other files name, by his public name: a query per CHUNK players."""
    ids: Sequence[int] = sorted(named.ids)
    for start in range(0, len(ids), CHUNK):
        rows = (
            Player.objects.filter(pk__in=ids[start : start + CHUNK])
            .order_by("pk")
            .values_list("pk", "name", "hide_name", "club__name", "ddv_number")
        )
        for pk, name, hidden, club, ddv in rows:
            if hidden:
                yield (pk, public_alias(pk), "", "")
            else:
                yield (pk, name, club or "", ddv)


# The files in the order they are written (players last: it lists whom the others name).
FILES: tuple[DataFile, ...] = (
    DataFile(
        "tournaments.csv",
        (
            "tournament_id",
            "name",
            "date",
            "venue",
            "club",
            "rounds_planned",
            "official",
            "rated",
            "closed",
            "silent_rounds",
        ),
        tournament_rows,
    ),
    DataFile(
        "standings.csv",
        (
            "tournament_id",
            "rank",
            "start_number",
            "player_id",
            "name",
            "club",
            "withdrawn",
            "rounds_played",
            "round_points",
            "total",
            "positive_rounds",
            "final",
        ),
        standing_rows,
    ),
    DataFile(
        "lists.csv",
        (
            "list_id",
            "owner",
            "event_id",
            "event",
            "date",
            "number",
            "table",
            "position",
            "player_id",
            "name",
            "points",
            "games_played",
            "complete",
        ),
        list_rows,
    ),
    DataFile("leagues.csv", ("league_id", "name", "season", "players_per_team"), league_rows),
    DataFile(
        "league_table.csv",
        ("league_id", "rank", "team", "siegpunkte", "spielpunkte", "spieltage"),
        league_table_rows,
    ),
    DataFile(
        "spieltage.csv",
        (
            "league_id",
            "spieltag_id",
            "group_round",
            "group",
            "number",
            "date",
            "start_time",
            "venue",
            "host",
            "teams",
            "status",
        ),
        spieltag_rows,
    ),
    DataFile(
        "spieltag_results.csv",
        (
            "league_id",
            "spieltag_id",
            "place",
            "team",
            "spielpunkte",
            "siegpunkte",
            "absent",
            "complete",
        ),
        spieltag_result_rows,
    ),
    DataFile(
        "club_seasons.csv",
        (
            "club_id",
            "club",
            "season",
            "start",
            "end",
            "mode",
            "rank",
            "player_id",
            "name",
            "lists",
            "games",
            "points",
            "value",
            "evenings",
        ),
        club_season_rows,
    ),
    DataFile(
        "rangliste.csv",
        ("table", "rank", "player_id", "name", "rounds", "points", "average"),
        rangliste_rows,
    ),
    DataFile("players.csv", ("player_id", "name", "club", "ddv_number"), player_rows),
)
