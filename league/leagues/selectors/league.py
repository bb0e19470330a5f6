"""League reads: the schedule, Spieltag results and the league table (a fixed number of
queries at any size; the rules are ``scoring.liga``'s).

A team's Spielpunkte on a Spieltag are the points of the seats it holds at the day's
tables (``SpieltagTable.teams``): whoever played the seat — the line-up's player or a
substitute who took over mid-list — plays for the team. Only complete lists count; a
Spieltag whose lists are not all complete is ``vorläufig``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Q, Sum
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext

from league.clubs.models import Player, public_alias
from league.leagues.models import (
    Group,
    GroupRound,
    League,
    Lineup,
    LineupPlayer,
    Spieltag,
    SpieltagTable,
    Team,
)
from league.leagues.selectors.rows import DayResult, ReportState, ScheduledDay
from league.lists.models import ScoreLine, Seat, Spielliste, Substitution
from league.lists.owners import ListOwner
from league.lists.strength import at_tables
from scoring.liga import TableRow, TeamDay, league_table, spieltag_result, table_with_all
from scoring.liga import siegpunkte_text as liga_siegpunkte_text


def player_name(player: Player, *, reveal: bool) -> str:
    """The name the visitor may read (``reveal``: every name, for organisers)."""
    return player.name if reveal or not player.hide_name else public_alias(player.pk)


# --- lists: owner and filter (registered in apps.py) --------------------------------------


def list_owner(liste: Spielliste) -> ListOwner | None:
    """The Spieltag, round and table a list is played at: the league's organisers manage
    it as a tournament's organisers manage theirs (league.lists.access)."""
    table = (
        SpieltagTable.objects.filter(spielliste=liste)
        .select_related("spieltag__group__group_round__league")
        .only(
            "round",
            "table",
            "spieltag__number",
            "spieltag__group__number",
            "spieltag__group__group_round__number",
            "spieltag__group__group_round__league_id",
            "spieltag__group__group_round__league__double_entry",
        )
        .first()
    )
    if table is None:
        return None
    spieltag = table.spieltag
    league_id = spieltag.group.group_round.league_id
    organisers = League.organisers.through.objects.filter(league_id=league_id).values_list(
        "user_id", flat=True
    )
    return ListOwner(
        label=gettext("Spieltag %(day)s, Runde %(round)s, Tisch %(table)s")
        % {"day": spieltag_label(spieltag), "round": table.round, "table": table.table},
        url=reverse("spieltag-detail", args=[league_id, spieltag.pk]),
        frozen_note=gettext("Spieltag abgeschlossen – Änderungen nur durch die Ligaleitung"),
        table_label=gettext("Tisch %(table)s") % {"table": table.table},
        manager_ids=frozenset(organisers),
        clock_managed=True,
        double_entry=spieltag.group.group_round.league.double_entry,
    )


def spieltag_label(spieltag: Spieltag) -> str:
    """ "3.2 / Gruppe B": group round 3, its Spieltag 2, group B (needs group, group_round)."""
    group = spieltag.group
    return f"{group.group_round.number}.{spieltag.number} / {group_letter(group.number)}"


def group_letter(number: int) -> str:
    return gettext("Gruppe %(letter)s") % {"letter": chr(64 + number) if number <= 26 else number}


def league_choices(user: object = None) -> list[tuple[int, str]]:
    """Every league as (id, "name season"): leagues are public, whoever asks."""
    return [
        (pk, f"{name} {season}")
        for pk, name, season in League.objects.values_list("pk", "name", "season")
    ]


def league_lists(league_id: int) -> Q:
    return Q(spieltag_table__spieltag__group__group_round__league_id=league_id)


# --- results ------------------------------------------------------------------------------


def _results(days: Sequence[ScheduledDay], teams: dict[int, Team]) -> dict[int, DayResult]:
    """Results of the given Spieltage (their group's teams prefetched as ``teams`` by id)
    in a fixed number of queries."""
    ids = [d.spieltag.pk for d in days]
    tables: list[tuple[int, list[int], int, bool]] = list(
        SpieltagTable.objects.filter(spieltag_id__in=ids).values_list(
            "spieltag_id", "teams", "spielliste_id", "spielliste__complete"
        )
    )
    list_ids = [t[2] for t in tables]
    complete_ids = [t[2] for t in tables if t[3]]
    position: dict[tuple[int, int], int] = {}
    for liste_id, player_id, pos in Seat.objects.filter(spielliste_id__in=list_ids).values_list(
        "spielliste_id", "player_id", "position"
    ):
        position[(liste_id, player_id)] = pos
    for liste_id, player_id, pos in Substitution.objects.filter(
        spielliste_id__in=list_ids
    ).values_list("spielliste_id", "player_id", "position"):
        position[(liste_id, player_id)] = pos
    points: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))  # list -> pos
    for row in (
        ScoreLine.objects.filter(spielliste_id__in=complete_ids)
        .values("spielliste_id", "player_id")
        .annotate(total=Sum("points"))
        .order_by()
    ):
        seat = position.get((row["spielliste_id"], row["player_id"]))
        if seat is not None:
            points[row["spielliste_id"]][seat] += row["total"] or 0
    absent: dict[int, set[int]] = defaultdict(set)
    for spieltag_id, team_id in Lineup.objects.filter(spieltag_id__in=ids, absent=True).values_list(
        "spieltag_id", "team_id"
    ):
        absent[spieltag_id].add(team_id)
    by_day: dict[int, list[tuple[int, list[int], int, bool]]] = defaultdict(list)
    for t in tables:
        by_day[t[0]].append(t)
    out: dict[int, DayResult] = {}
    for day in days:
        spieltag = day.spieltag
        group_teams = [teams[tid] for tid in day.team_ids]
        sums = {team.pk: 0 for team in group_teams}
        day_tables = by_day.get(spieltag.pk, [])
        done = 0
        for _day, seat_teams, liste_id, complete in day_tables:
            if not complete:
                continue
            done += 1
            table_points = points.get(liste_id, {})
            for pos, team_id in enumerate(seat_teams, start=1):
                if team_id in sums:
                    sums[team_id] += table_points.get(pos, 0)
        names = {team.name: team.pk for team in group_teams}
        absent_names = {teams[tid].name for tid in absent.get(spieltag.pk, ()) if tid in teams}
        rows = (
            spieltag_result({team.name: sums[team.pk] for team in group_teams}, absent_names)
            if len(group_teams) >= 2
            else ()
        )
        started = spieltag.started_at is not None
        out[spieltag.pk] = DayResult(
            spieltag_id=spieltag.pk,
            rows=rows,
            team_ids=names,
            started=started,
            complete=started and bool(day_tables) and done == len(day_tables),
            lists_done=done,
            lists_total=len(day_tables),
        )
    return out


def league_days(league: League) -> tuple[list[ScheduledDay], dict[int, Team]]:
    """Every Spieltag of the league (with group and group round) with its group's team ids,
    and the league's teams by id: three queries."""
    teams = {team.pk: team for team in league.teams.select_related("club")}
    spieltage = list(
        Spieltag.objects.filter(group__group_round__league=league)
        .select_related("group__group_round")
        .order_by("group__group_round__number", "number", "group__number")
    )
    members: dict[int, list[int]] = defaultdict(list)
    for group_id, team_id in (
        Group.teams.through.objects.filter(group__group_round__league=league)
        .order_by("team__number")
        .values_list("group_id", "team_id")
    ):
        members[group_id].append(team_id)
    days = [ScheduledDay(s, tuple(members.get(s.group_id, ()))) for s in spieltage]
    return days, teams


@dataclass(frozen=True)
class LeagueTable:
    rows: tuple[TableRow, ...]
    team_ids: dict[str, int]
    counted: int  # Spieltage counted
    provisional: bool  # includes Spieltage whose lists are not all complete
    running: int  # Spieltage started but not complete


LeagueData = tuple[list[ScheduledDay], dict[int, Team], dict[int, DayResult]]


def league_data(league: League) -> LeagueData:
    """The league's Spieltage, its teams by id and the results of the started Spieltage
    (``league_days`` and their results: a fixed number of queries)."""
    days, teams = league_days(league)
    return days, teams, _results([d for d in days if d.spieltag.started_at is not None], teams)


def league_standings(
    *, league: League, provisional: bool = False, data: LeagueData | None = None
) -> LeagueTable:
    """The league table (scoring.liga): complete Spieltage, or with ``provisional`` also
    the running ones (their complete lists)."""
    _days, teams, results = data or league_data(league)
    counted = [r for r in results.values() if r.complete or (provisional and r.started)]
    rows = league_table([r.rows for r in counted])
    rows = table_with_all(rows, [team.name for team in teams.values()])
    running = sum(1 for r in results.values() if r.provisional)
    return LeagueTable(
        rows=rows,
        team_ids={team.name: team.pk for team in teams.values()},
        counted=len(counted),
        provisional=provisional and running > 0,
        running=running,
    )


# --- pages ------------------------------------------------------------------------------


@dataclass
class SpieltagItem:
    spieltag: Spieltag
    label: str
    teams: list[Team]
    result: DayResult | None
    report: ReportState | None = None  # the captains' word (selectors.season.with_reports)


@dataclass
class GroupItem:
    number: int
    letter: str
    teams: list[Team]
    spieltage: list[SpieltagItem] = field(default_factory=list)


@dataclass
class RoundItem:
    group_round: GroupRound
    groups: list[GroupItem]
    byes: list[Team]


def league_page(*, league: League, provisional: bool) -> tuple[LeagueTable, list[RoundItem]]:
    """The league page's table and schedule from one read of the results."""
    data = league_data(league)
    return (
        league_standings(league=league, provisional=provisional, data=data),
        schedule_overview(league=league, data=data),
    )


def schedule_overview(*, league: League, data: LeagueData | None = None) -> list[RoundItem]:
    """The schedule: group rounds → groups (teams) → Spieltage with their results."""
    days, teams, results = data or league_data(league)
    rounds = {gr.pk: gr for gr in GroupRound.objects.filter(league=league)}
    out: dict[int, RoundItem] = {}
    groups: dict[int, GroupItem] = {}
    for day in days:
        spieltag = day.spieltag
        gr = spieltag.group.group_round
        item = out.setdefault(gr.pk, RoundItem(rounds.get(gr.pk, gr), [], []))
        group = groups.get(spieltag.group_id)
        if group is None:
            team_list = [teams[t] for t in day.team_ids]
            group = GroupItem(spieltag.group.number, group_letter(spieltag.group.number), team_list)
            groups[spieltag.group_id] = group
            item.groups.append(group)
        group.spieltage.append(
            SpieltagItem(spieltag, spieltag_label(spieltag), group.teams, results.get(spieltag.pk))
        )
    for item in out.values():
        playing = {t.pk for g in item.groups for t in g.teams}
        item.byes = [t for t in teams.values() if t.pk not in playing]
        item.groups.sort(key=lambda g: g.number)
    return [out[k] for k in sorted(out, key=lambda pk: out[pk].group_round.number)]


@dataclass(frozen=True)
class TeamSpieltag:
    """One of a team's Spieltage with its row of the result (None before it started)."""

    day: ScheduledDay
    label: str
    row: TeamDay | None
    result: DayResult


def team_results(*, team: Team) -> list[TeamSpieltag]:
    """A team's Spieltage in order with its row of each started one's result."""
    days, teams = league_days(team.league)
    mine = [d for d in days if team.pk in d.team_ids]
    results = _results([d for d in mine if d.spieltag.started_at is not None], teams)
    out = []
    for day in mine:
        spieltag = day.spieltag
        result = results.get(spieltag.pk) or DayResult(spieltag.pk, (), {}, False, False, 0, 0)
        row = next((r for r in result.rows if r.team == team.name), None)
        out.append(TeamSpieltag(day, spieltag_label(spieltag), row, result))
    return out


@dataclass
class TableItem:
    round: int
    table: int
    liste: Spielliste
    seats: list[tuple[int, str, str]]  # position, name, team name
    # Each seat's Spielstärke before the list and expected placing (rating.md, an
    # estimate): (position, figure, expected place as shown: "2.", "2.–3.", "" at an even
    # table); none for a hidden player.
    strength: list[tuple[int, int, str]] = field(default_factory=list)


@dataclass
class SpieltagView:
    spieltag: Spieltag
    label: str
    league: League
    teams: list[Team]
    lineups: dict[int, Lineup]
    lineup_names: dict[int, list[str]]
    rounds: list[list[TableItem]]
    result: DayResult

    @property
    def shows_strength(self) -> bool:
        """Whether any table shows figures (the page explains the expected placing)."""
        return any(t.strength for tables in self.rounds for t in tables)


def spieltag_view(*, spieltag: Spieltag, reveal: bool) -> SpieltagView:
    """Everything the Spieltag page shows, in a fixed number of queries."""
    spieltag = Spieltag.objects.select_related("group__group_round__league").get(pk=spieltag.pk)
    league = spieltag.group.group_round.league
    teams = list(spieltag.group.teams.order_by("number"))
    by_id = {t.pk: t for t in teams}
    lineups = {lu.team_id: lu for lu in Lineup.objects.filter(spieltag=spieltag)}
    names: dict[int, list[str]] = {t.pk: [] for t in teams}
    for entry in LineupPlayer.objects.filter(lineup__spieltag=spieltag).select_related(
        "player", "lineup"
    ):
        names[entry.lineup.team_id].append(player_name(entry.player, reveal=reveal))
    tables = list(SpieltagTable.objects.filter(spieltag=spieltag).select_related("spielliste"))
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(spielliste__spieltag_table__spieltag=spieltag).select_related(
        "player"
    ):
        seats[seat.spielliste_id].append(seat)
    figures = at_tables(
        {
            t.spielliste_id: [s.player_id for s in sorted(seats[t.spielliste_id], key=_position)]
            for t in tables
        },
        reveal=reveal,
    )
    rounds: dict[int, list[TableItem]] = defaultdict(list)
    for t in tables:
        team_of = list(t.teams)
        rounds[t.round].append(
            TableItem(
                t.round,
                t.table,
                t.spielliste,
                [
                    (
                        s.position,
                        s.name if reveal or not s.player.hide_name else s.public_name,
                        by_id[team_of[s.position - 1]].name
                        if s.position - 1 < len(team_of) and team_of[s.position - 1] in by_id
                        else "",
                    )
                    for s in sorted(seats[t.spielliste_id], key=_position)
                ],
                [
                    (s.position, a.rating, a.placing)
                    for s, a in zip(
                        sorted(seats[t.spielliste_id], key=_position),
                        figures[t.spielliste_id],
                        strict=True,
                    )
                    if not a.hidden
                ],
            )
        )
    result = _results([ScheduledDay(spieltag, tuple(by_id))], by_id)[spieltag.pk]
    return SpieltagView(
        spieltag=spieltag,
        label=spieltag_label(spieltag),
        league=league,
        teams=teams,
        lineups=lineups,
        lineup_names=names,
        rounds=[rounds[r] for r in sorted(rounds)],
        result=result,
    )


def _position(seat: Seat) -> int:
    return seat.position


def roster_names(teams: Iterable[Team], *, reveal: bool) -> dict[int, list[tuple[Player, str]]]:
    """Each team's roster as (player, shown name), by name: one query."""
    out: dict[int, list[tuple[Player, str]]] = defaultdict(list)
    through = Team.roster.through.objects.filter(team__in=list(teams)).select_related("player")
    for row in through.order_by("player__name"):
        out[row.team_id].append((row.player, player_name(row.player, reveal=reveal)))
    return out


def siegpunkte_text(value: Fraction) -> str:
    """3.5 → "3,5" (German) / "3.5": whole numbers without decimals (scoring.liga)."""
    return liga_siegpunkte_text(value, decimal_mark=get_format("DECIMAL_SEPARATOR"))
