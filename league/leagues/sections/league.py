"""The leagues app's sections (``league.core.sections``): league seasons in a backup, a
person's rosters and line-ups, and his rosters and line-ups in a merge.

Leagues travel like tournaments: the season's settings, teams with rosters, the schedule
(group rounds, groups, Spieltage), line-ups (no-shows with their substitutes) and the
Spieltag tables naming their lists; results and the league table are derived again from
the lists. Organisers and captains are accounts: not exported.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from league.clubs.models import Club, Player
from league.core.audit import audit_record
from league.core.backup_fields import (
    day,
    flag,
    need,
    number,
    opt,
    positive,
    squeezed,
    when,
)
from league.core.errors import ServiceError
from league.core.history import History, history_check, history_export
from league.core.sections import (
    IMPORT_ACTOR,
    BackupSection,
    CheckContext,
    Fault,
    MergeSection,
    Place,
    PrivacySection,
    RestoreContext,
    Selection,
    move_rows,
    moved_key,
    register_backup,
    register_merge,
    register_privacy,
)
from league.core.text import squeeze
from league.leagues import services as league_services
from league.leagues.models import (
    Availability,
    Group,
    GroupRound,
    League,
    Lineup,
    LineupPlayer,
    Spieltag,
    SpieltagDecision,
    SpieltagReport,
    SpieltagTable,
    Team,
)
from league.leagues.sections.season import (
    check_availability,
    check_moves,
    check_place,
    clock,
    decision_dict,
    load_moves,
    moves_list,
    restore_availability,
    restore_moves,
    restore_reports,
    season_merge_move,
)
from league.leagues.selectors import league_lists
from league.leagues.services import MAX_DEADLINE_HOURS
from league.lists.models import Spielliste
from league.lists.sections import iso, list_plans

LEAGUE = League._meta.label_lower
TEAM = Team._meta.label_lower
SPIELTAG = Spieltag._meta.label_lower

# --- export ------------------------------------------------------------------------------------


@dataclass
class _LeagueRows:
    """The rows of the exported leagues, read in a fixed number of queries and grouped by
    their owner's key (teams by league, groups by group round, … tables by Spieltag)."""

    teams: dict[int, list[Team]] = field(default_factory=lambda: defaultdict(list))
    roster: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    group_rounds: dict[int, list[GroupRound]] = field(default_factory=lambda: defaultdict(list))
    groups: dict[int, list[Group]] = field(default_factory=lambda: defaultdict(list))
    group_teams: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    spieltage: dict[int, list[Spieltag]] = field(default_factory=lambda: defaultdict(list))
    lineups: dict[int, list[Lineup]] = field(default_factory=lambda: defaultdict(list))
    lineup_players: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    tables: dict[int, list[SpieltagTable]] = field(default_factory=lambda: defaultdict(list))
    reports: dict[int, list[SpieltagReport]] = field(default_factory=lambda: defaultdict(list))
    answers: dict[int, list[Availability]] = field(default_factory=lambda: defaultdict(list))
    decisions: dict[int, SpieltagDecision] = field(default_factory=dict)
    moves: dict[int, list[Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, leagues: list[League]) -> _LeagueRows:
        rows = cls()
        if not leagues:
            return rows
        of_league = Q(league__in=leagues)
        for team in Team.objects.filter(of_league).order_by("number"):
            rows.teams[team.league_id].append(team)
        for team_id, player_id in (
            # in the order they were put on the roster: the first are its regular players
            Team.roster.through.objects.filter(team__league__in=leagues)
            .order_by("pk")
            .values_list("team_id", "player_id")
        ):
            rows.roster[team_id].append(player_id)
        for group_round in GroupRound.objects.filter(of_league).order_by("number"):
            rows.group_rounds[group_round.league_id].append(group_round)
        for group in Group.objects.filter(group_round__league__in=leagues).order_by("number"):
            rows.groups[group.group_round_id].append(group)
        for group_id, team_id in (
            Group.teams.through.objects.filter(group__group_round__league__in=leagues)
            .order_by("team__number")
            .values_list("group_id", "team_id")
        ):
            rows.group_teams[group_id].append(team_id)
        days = {"group__group_round__league__in": leagues}
        for spieltag in Spieltag.objects.filter(**days).order_by("number"):
            rows.spieltage[spieltag.group_id].append(spieltag)
        of_day = {"spieltag__group__group_round__league__in": leagues}
        for lineup in Lineup.objects.filter(**of_day).order_by("team__number"):
            rows.lineups[lineup.spieltag_id].append(lineup)
        for lineup_id, player_id in (
            LineupPlayer.objects.filter(lineup__spieltag__group__group_round__league__in=leagues)
            .order_by("position")
            .values_list("lineup_id", "player_id")
        ):
            rows.lineup_players[lineup_id].append(player_id)
        for table in SpieltagTable.objects.filter(**of_day).order_by("round", "table"):
            rows.tables[table.spieltag_id].append(table)
        for report in SpieltagReport.objects.filter(**of_day).order_by("team__number"):
            rows.reports[report.spieltag_id].append(report)
        for answer in Availability.objects.filter(**of_day).order_by("player_id"):
            rows.answers[answer.spieltag_id].append(answer)
        for decision in SpieltagDecision.objects.filter(**of_day):
            rows.decisions[decision.spieltag_id] = decision
        rows.moves = load_moves(of_day)
        return rows

    def league_dict(self, league: League, history: History) -> dict[str, Any]:
        def spieltag_dict(day: Spieltag) -> dict[str, Any]:
            return {
                "id": day.pk,
                "number": day.number,
                "started_at": iso(day.started_at),
                "closed_at": iso(day.closed_at),
                # when and where (old exports have none of these keys)
                "date": iso(day.date),
                "start_time": day.start_time.strftime("%H:%M") if day.start_time else None,
                "venue": day.venue,
                "host": day.host_id,
                "sequence": day.sequence,
                # both captains' report and the organiser's decision
                "reports": [
                    {
                        "team": r.team_id,
                        "status": r.status,
                        "note": r.note,
                        "result": r.result,
                        "at": iso(r.at),
                    }
                    for r in self.reports[day.pk]
                ],
                "decision": decision_dict(self.decisions.get(day.pk)),
                "moves": moves_list(self.moves.get(day.pk, [])),  # requests to move it
                # the players' answers (their personal links are secrets, like table codes)
                "availability": [
                    {"player": a.player_id, "answer": a.answer, "at": iso(a.at)}
                    for a in self.answers[day.pk]
                ],
                "lineups": [
                    {
                        "team": lu.team_id,
                        "absent": lu.absent,
                        "players": self.lineup_players[lu.pk],
                    }
                    for lu in self.lineups[day.pk]
                ],
                "tables": [
                    {
                        "round": st.round,
                        "table": st.table,
                        "teams": st.teams,
                        "list": st.spielliste_id,
                    }
                    for st in self.tables[day.pk]
                ],
                "history": history[SPIELTAG].get(day.pk, []),
            }

        return {
            "id": league.pk,
            "name": league.name,
            "season": league.season,
            "players_per_team": league.players_per_team,
            "rounds_per_spieltag": league.rounds_per_spieltag,
            "spieltage_per_round": league.spieltage_per_round,
            "group_size": league.group_size,
            "double_entry": league.double_entry,
            "lineup_deadline_hours": league.lineup_deadline_hours,
            "created_at": iso(league.created_at),
            "teams": [
                {
                    "id": team.pk,
                    "number": team.number,
                    "name": team.name,
                    "club": team.club_id,
                    "roster": self.roster[team.pk],
                    "history": history[TEAM].get(team.pk, []),
                }
                for team in self.teams[league.pk]
            ],
            "group_rounds": [
                {
                    "number": gr.number,
                    "date": iso(gr.date),
                    "groups": [
                        {
                            "number": group.number,
                            "teams": self.group_teams[group.pk],
                            "spieltage": [spieltag_dict(d) for d in self.spieltage[group.pk]],
                        }
                        for group in self.groups[gr.pk]
                    ],
                }
                for gr in self.group_rounds[league.pk]
            ],
            "history": history[LEAGUE].get(league.pk, []),
        }


def select(selection: Selection) -> None:
    """One league's export holds it; every export its Spieltag lists, its rosters and
    line-ups (a no-show's substitutes are in no roster) and its teams' clubs."""
    ids = selection.own("league", League)
    if not ids:
        return
    lists = Q(pk__in=[])
    for pk in ids:
        lists |= league_lists(pk)
    selection.add("list", Spielliste.objects.filter(lists).values_list("pk", flat=True))
    selection.add(
        "player",
        Team.roster.through.objects.filter(team__league_id__in=ids).values_list(
            "player_id", flat=True
        ),
    )
    selection.add(
        "player",
        LineupPlayer.objects.filter(lineup__team__league_id__in=ids).values_list(
            "player_id", flat=True
        ),
    )
    selection.add(
        "player",
        Availability.objects.filter(spieltag__group__group_round__league_id__in=ids).values_list(
            "player_id", flat=True
        ),
    )
    selection.add("club", Team.objects.filter(league_id__in=ids).values_list("club_id", flat=True))


def export(selection: Selection, doc: dict[str, Any]) -> None:
    leagues = list(League.objects.filter(pk__in=selection.of("league")).order_by("pk"))
    rows = _LeagueRows.load(leagues)
    history = history_export(
        {
            LEAGUE: [lg.pk for lg in leagues],
            TEAM: [t.pk for teams in rows.teams.values() for t in teams],
            SPIELTAG: [d.pk for days in rows.spieltage.values() for d in days],
        }
    )
    doc["leagues"] = [rows.league_dict(lg, history) for lg in leagues]


# --- check -------------------------------------------------------------------------------------


def _get(data: Any, key: str) -> Any:
    return data.get(key) if isinstance(data, Mapping) else None


def _dicts(data: Any, key: str) -> list[dict[str, Any]]:
    """The object entries of ``data[key]`` where that is a list (anything else: none)."""
    value = _get(data, key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def places(doc: Mapping[str, Any]) -> Iterable[tuple[str, int, Place]]:
    """A league's lists are named by their Spieltag, round and table."""
    for league in _dicts(doc, "leagues"):
        for gr in _dicts(league, "group_rounds"):
            for group in _dicts(gr, "groups"):
                for day_ in _dicts(group, "spieltage"):
                    where: Place = (
                        ("league", league.get("id")),
                        ("group_round", gr.get("number")),
                        ("group", group.get("number")),
                        ("spieltag", _get(day_, "number")),
                    )
                    for table in _dicts(day_, "tables"):
                        if isinstance(table.get("list"), int):
                            yield (
                                "list",
                                table["list"],
                                (
                                    *where,
                                    ("round", table.get("round")),
                                    ("table", table.get("table")),
                                ),
                            )


def check(ctx: CheckContext) -> None:
    seen: set[tuple[str, str]] = set()
    for league in ctx.items("leagues"):
        with ctx.collect():
            _check_league(ctx, league, seen)


_SIZES = ("players_per_team", "rounds_per_spieltag", "spieltage_per_round", "group_size")


def _check_league(ctx: CheckContext, league: Any, seen: set[tuple[str, str]]) -> None:
    """A league entry: its settings as league_create checks them, teams with rosters (a
    player in one team), the schedule's groups of its teams, each Spieltag's line-ups and
    tables (one seat per team of the group, each an exported list used once)."""
    lid = need(league, "id", int, (("league", None),))
    place: Place = (("league", lid),)
    name = squeezed(league, "name", place, League)
    season = squeezed(league, "season", place, League)
    sizes = {key: need(league, key, int, place) for key in _SIZES}
    try:
        league_services.league_check_settings(name=name, season=season, **sizes)
    except ServiceError as err:
        raise Fault(place, error=err) from None
    if (name, season) in seen:
        raise Fault(place, "backup_duplicate")
    seen.add((name, season))
    when(league.get("created_at"), place, "created_at")
    double = flag(league, "double_entry", place, optional=True)
    deadline = number(league, "lineup_deadline_hours", place, League, optional=True)
    if deadline is not None and deadline > MAX_DEADLINE_HOURS:
        raise Fault(place, "backup_field_invalid", {"key": "lineup_deadline_hours"})
    history_check(league.get("history"), place)
    teams: set[int] = set()
    numbers: set[int] = set()
    names: set[str] = set()
    rostered: set[int] = set()
    for team in need(league, "teams", list, place):
        tid = need(team, "id", int, (*place, ("team", None)))
        tplace: Place = (*place, ("team", tid))
        team_number = positive(team, "number", tplace)
        team_name = squeezed(team, "name", tplace, Team).lower()
        if tid in teams or team_number in numbers or team_name in names:
            raise Fault(tplace, "backup_duplicate")
        teams.add(tid)
        numbers.add(team_number)
        names.add(team_name)
        club = opt(team, "club", int, tplace)
        if club is not None and club not in ctx.ids["club"]:
            raise Fault(tplace, "backup_club_missing", {"id": club})
        for pid in need(team, "roster", list, tplace):
            if pid not in ctx.ids["player"]:
                raise Fault(tplace, "backup_player_missing", {"id": pid})
            if pid in rostered:
                raise Fault(tplace, "backup_roster_twice", {"id": pid})
            rostered.add(pid)
        history_check(team.get("history"), tplace)
    if numbers != set(range(1, len(numbers) + 1)):
        raise Fault(place, "backup_teams_numbering")
    round_numbers: set[int] = set()
    for gr in need(league, "group_rounds", list, place):
        rn = positive(gr, "number", (*place, ("group_round", None)))
        rplace: Place = (*place, ("group_round", rn))
        if rn in round_numbers:
            raise Fault(rplace, "backup_duplicate")
        round_numbers.add(rn)
        day(gr, "date", rplace, optional=True)
        group_numbers: set[int] = set()
        for group in need(gr, "groups", list, rplace):
            gn = positive(group, "number", (*rplace, ("group", None)))
            gplace: Place = (*rplace, ("group", gn))
            if gn in group_numbers:
                raise Fault(gplace, "backup_duplicate")
            group_numbers.add(gn)
            members = need(group, "teams", list, gplace)
            if any(t not in teams for t in members) or len(set(members)) != len(members):
                raise Fault(gplace, "backup_group_teams")
            day_numbers: set[int] = set()
            for spieltag in need(group, "spieltage", list, gplace):
                need(spieltag, "id", int, (*gplace, ("spieltag", None)))
                dn = positive(spieltag, "number", (*gplace, ("spieltag", None)))
                dplace: Place = (*gplace, ("spieltag", dn))
                if dn in day_numbers:
                    raise Fault(dplace, "backup_duplicate")
                day_numbers.add(dn)
                _check_spieltag(ctx, spieltag, dplace, set(members), sizes, double=double)


def _check_spieltag(
    ctx: CheckContext,
    spieltag: dict[str, Any],
    place: Place,
    members: set[int],
    sizes: Mapping[str, int],
    *,
    double: bool = False,
) -> None:
    started = when(spieltag.get("started_at"), place, "started_at")
    if when(spieltag.get("closed_at"), place, "closed_at") is not None and started is None:
        raise Fault(place, "backup_closed_not_started")
    history_check(spieltag.get("history"), place)
    check_place(spieltag, place, members)
    check_availability(spieltag, place, ctx.ids["player"])
    check_moves(spieltag, place, members)
    lined_up: set[int] = set()
    seated: set[int] = set()
    for lineup in need(spieltag, "lineups", list, place):
        team = need(lineup, "team", int, (*place, ("lineup", None)))
        lplace: Place = (*place, ("lineup", team))
        if team not in members or team in lined_up:
            raise Fault(lplace, "backup_lineup_team")
        lined_up.add(team)
        flag(lineup, "absent", lplace)
        chosen = need(lineup, "players", list, lplace)
        # a captain's line-up may be short (a warning); a no-show's substitutes fill it
        if not 1 <= len(chosen) <= sizes["players_per_team"]:
            raise Fault(lplace, "backup_lineup_size")
        for pid in chosen:
            if pid not in ctx.ids["player"]:
                raise Fault(lplace, "backup_player_missing", {"id": pid})
            if pid in seated:
                raise Fault(lplace, "backup_lineup_twice", {"id": pid})
            seated.add(pid)
    plans = list_plans(ctx)
    positions: set[tuple[int, int]] = set()
    for table in need(spieltag, "tables", list, place):
        rn = positive(table, "round", (*place, ("table", None)))
        tn = positive(table, "table", (*place, ("table", None)))
        tplace: Place = (*place, ("round", rn), ("table", tn))
        if started is None:
            raise Fault(tplace, "backup_table_not_started")
        if (rn, tn) in positions:
            raise Fault(tplace, "backup_duplicate")
        positions.add((rn, tn))
        seat_teams = need(table, "teams", list, tplace)
        if any(t not in members for t in seat_teams):
            raise Fault(tplace, "backup_team_not_in_group")
        list_id = need(table, "list", int, tplace)
        if list_id not in ctx.ids["list"]:
            raise Fault(tplace, "backup_list_missing", {"id": list_id})
        ctx.own_list(list_id, tplace)
        if double and list_id in plans:  # paper results typed twice
            plans[list_id].double_entry = True
        plan = plans.get(list_id)
        if plan is not None and len(plan.data["seats"]) != len(seat_teams):
            raise Fault(tplace, "backup_table_teams")


# --- restore -----------------------------------------------------------------------------------


def restore(ctx: RestoreContext) -> None:
    for data in ctx.doc.get("leagues", []):
        _write_league(ctx, data)
        ctx.summary.leagues += 1


def _write_league(ctx: RestoreContext, data: dict[str, Any]) -> None:
    """A league season: created through league_create (its settings; a league of that name
    and season refuses the import), then its teams, schedule, line-ups and Spieltag tables
    restored as they were (history: the draw and starts were made). The tables take the
    lists written before; organisers and captains are accounts and not in the backup."""
    clubs: dict[int, Club] = ctx.maps["club"]
    players: dict[int, Player] = ctx.maps["player"]
    lists: dict[int, Spielliste] = ctx.maps["list"]
    place: Place = (("league", data["id"]),)
    try:
        league = league_services.league_create(
            name=data["name"],
            season=data["season"],
            players_per_team=data["players_per_team"],
            rounds_per_spieltag=data["rounds_per_spieltag"],
            spieltage_per_round=data["spieltage_per_round"],
            group_size=data["group_size"],
            user=IMPORT_ACTOR,
        )
    except ServiceError as err:
        raise Fault(place, error=err) from None
    created = when(data.get("created_at"), place, "created_at")
    if created is not None:
        League.objects.filter(pk=league.pk).update(created_at=created)
    if data.get("double_entry"):
        League.objects.filter(pk=league.pk).update(double_entry=True)
    if data.get("lineup_deadline_hours") is not None:
        League.objects.filter(pk=league.pk).update(
            lineup_deadline_hours=data["lineup_deadline_hours"]
        )
    ctx.maps["league"][data["id"]] = league
    ctx.restored(league, data.get("history"))
    teams: dict[int, Team] = {}
    for t in data["teams"]:
        team = Team.objects.create(
            league=league,
            name=squeeze(t["name"]),
            number=t["number"],
            club=clubs.get(t.get("club") or 0),
        )
        for pid in t["roster"]:  # one by one: the roster's order names its regulars
            team.roster.add(players[pid])
        teams[t["id"]] = team
        ctx.restored(team, t.get("history"))
    for gr in data["group_rounds"]:
        group_round = GroupRound.objects.create(
            league=league,
            number=gr["number"],
            date=dt.date.fromisoformat(gr["date"]) if gr.get("date") else None,
        )
        for g in gr["groups"]:
            group = Group.objects.create(group_round=group_round, number=g["number"])
            group.teams.set([teams[tid] for tid in g["teams"]])
            for d in g["spieltage"]:
                spieltag = Spieltag.objects.create(
                    group=group,
                    number=d["number"],
                    started_at=when(d.get("started_at"), place, "started_at"),
                    closed_at=when(d.get("closed_at"), place, "closed_at"),
                    date=dt.date.fromisoformat(d["date"]) if d.get("date") else None,
                    start_time=clock(d, "start_time", place),
                    venue=d.get("venue") or "",
                    host=teams.get(d["host"]) if d.get("host") is not None else None,
                    sequence=d.get("sequence") or 0,
                )
                for lu in d["lineups"]:
                    lineup = Lineup.objects.create(
                        spieltag=spieltag, team=teams[lu["team"]], absent=lu["absent"]
                    )
                    LineupPlayer.objects.bulk_create(
                        LineupPlayer(lineup=lineup, position=i, player=players[pid])
                        for i, pid in enumerate(lu["players"], start=1)
                    )
                SpieltagTable.objects.bulk_create(
                    SpieltagTable(
                        spieltag=spieltag,
                        round=st["round"],
                        table=st["table"],
                        teams=[teams[tid].pk for tid in st["teams"]],
                        spielliste=lists[st["list"]],
                    )
                    for st in d["tables"]
                )
                restore_reports(spieltag, d, teams, place)
                restore_availability(spieltag, d, players, place)
                restore_moves(spieltag, d, teams, place)
                ctx.restored(spieltag, d.get("history"))
    audit_record(
        user=IMPORT_ACTOR,
        action="import",
        target=league,
        after={"teams": len(teams), "group_rounds": len(data["group_rounds"])},
    )


BACKUP = BackupSection(
    name="leagues",
    after=("clubs", "lists"),
    keys=("leagues",),
    select=select,
    export=export,
    places=places,
    check=check,
    restore=restore,
)

# --- one person's data -------------------------------------------------------------------------


def privacy_export(player_id: int, out: dict[str, Any]) -> None:
    """The teams whose roster he is on and the Spieltage he was lined up for."""
    rosters = Team.roster.through.objects.filter(player_id=player_id).select_related("team__league")
    entries = LineupPlayer.objects.filter(player_id=player_id).select_related(
        "lineup__team__league", "lineup__spieltag__group__group_round"
    )
    out["leagues"] = {
        "rosters": [
            {"league": str(r.team.league), "team": r.team.name}
            for r in rosters.order_by("team__league_id", "team__number")
        ],
        "lineups": [
            {
                "league": str(e.lineup.team.league),
                "team": e.lineup.team.name,
                "group_round": e.lineup.spieltag.group.group_round.number,
                "group": e.lineup.spieltag.group.number,
                "spieltag": e.lineup.spieltag.number,
                "position": e.position,
                "absent": e.lineup.absent,
            }
            for e in entries.order_by("lineup__spieltag_id", "position")
        ],
        # his answers whether he can play (league.leagues.services.season)
        "availability": [
            {
                "league": str(a.spieltag.group.group_round.league),
                "spieltag": a.spieltag_id,
                "answer": a.answer,
                "at": iso(a.at),
            }
            for a in Availability.objects.filter(player_id=player_id)
            .select_related("spieltag__group__group_round__league")
            .order_by("spieltag_id")
        ],
    }


PRIVACY = PrivacySection(name="leagues", after=("clubs", "lists"), export=privacy_export)

# --- merge -------------------------------------------------------------------------------------


def merge_check(keep: int, merge: int) -> None:
    """Both lined up on one Spieltag, or on the rosters of two teams of one league: two
    people (a league seats a player once a day and in one team)."""
    day = (
        Spieltag.objects.filter(lineups__entries__player_id=keep)
        .filter(lineups__entries__player_id=merge)
        .select_related("group__group_round__league")
        .first()
    )
    if day is not None:
        raise ServiceError(
            "merge_same_spieltag",
            {"league": str(day.group.group_round.league), "number": day.number},
        )
    roster = Team.roster.through.objects
    keep_teams = dict(roster.filter(player_id=keep).values_list("team__league_id", "team_id"))
    for league_id, team_id, league_name, season in roster.filter(player_id=merge).values_list(
        "team__league_id", "team_id", "team__league__name", "team__league__season"
    ):
        if keep_teams.get(league_id, team_id) != team_id:
            raise ServiceError("merge_two_teams", {"league": f"{league_name} {season}"})


def merge_move(keep: int, merge: int) -> Mapping[str, int]:
    """A roster both are on keeps one entry (the surviving record's)."""
    return {
        moved_key(Team, "roster"): move_rows(
            Team.roster.through.objects, keep, merge, unique_with="team_id"
        ),
        moved_key(LineupPlayer, "player"): move_rows(LineupPlayer.objects, keep, merge),
        **season_merge_move(keep, merge),
    }


MERGE = MergeSection(name="leagues", after=("clubs", "lists"), check=merge_check, move=merge_move)


def register() -> None:
    """Called from the app's ``AppConfig.ready``."""
    register_backup(BACKUP)
    register_privacy(PRIVACY)
    register_merge(MERGE)
