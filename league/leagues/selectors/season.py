"""League season reads: each Spieltag's date and place for the schedule page, the team and
player pages and the calendar feeds; the captains' reports; the players' availability (a
fixed number of queries at any size)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Player
from league.leagues.models import (
    Availability,
    AvailabilityLink,
    League,
    Spieltag,
    SpieltagDecision,
    SpieltagReport,
    SpieltagTable,
    Team,
)
from league.leagues.selectors.league import (
    RoundItem,
    group_letter,
    league_data,
    league_days,
    roster_names,
    spieltag_label,
)
from league.leagues.selectors.rows import (
    DayResult,
    ReportState,
    ScheduledDay,
    TeamReport,
    result_key,
)
from league.lists.paper_board import PaperTableView, paper_tables

MINUTES_PER_ROUND = 90


def spieltag_minutes(league: League) -> int:
    """How long a Spieltag is planned for (its calendar event's end, the next Spieltag of a
    Doppelspieltag's start). Decision (the spec is silent): 90 minutes a round, what a
    round of 24 games takes at a league table."""
    return MINUTES_PER_ROUND * league.rounds_per_spieltag


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


def _item(day: ScheduledDay, league: League, teams: dict[int, Team]) -> DateItem:
    spieltag = day.spieltag
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
        teams=tuple(teams[t] for t in day.team_ids),
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
    days, teams = league_days(league)
    items = [_item(d, league, teams) for d in days if team is None or team.pk in d.team_ids]
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
    return _item(ScheduledDay(spieltag, tuple(by_id)), spieltag.group.group_round.league, by_id)


def dates_by_spieltag(days: Iterable[ScheduledDay], league: League) -> dict[int, DateItem]:
    """Date items of Spieltage read with group and group round (as ``team_results`` gives
    them): one query, for the league's teams."""
    teams = {t.pk: t for t in league.teams.all()}
    return {d.spieltag.pk: _item(d, league, teams) for d in days}


def spieltag_paper_board(*, spieltag: Spieltag, entry: int) -> list[PaperTableView]:
    """The Spieltag's tables on its results-from-paper page, as typist ``entry`` sees them
    (league.lists.paper_board, shared with the tournaments); ``spieltag`` with its league
    read."""
    tables = SpieltagTable.objects.filter(spieltag=spieltag).select_related("spielliste")
    return paper_tables(
        [(t.round, t.table, t.spielliste) for t in tables.order_by("round", "table")],
        entry=entry,
        double_entry=spieltag.group.group_round.league.double_entry,
    )


# --- both captains' report ----------------------------------------------------------------

PENDING, OPEN, CONFIRMED, DISPUTED, SETTLED = "pending", "open", "confirmed", "disputed", "settled"


def with_reports(schedule: Sequence[RoundItem]) -> None:
    """Each Spieltag item of a league's schedule (``league_page``) gets its ``report``
    state (``report_states``): the captains' word on it, public as the results are."""
    items = [item for r in schedule for g in r.groups for item in g.spieltage]
    reports = report_states([(item.spieltag, item.teams, item.result) for item in items])
    for item in items:
        item.report = reports[item.spieltag.pk]


def report_states(
    days: Sequence[tuple[Spieltag, Sequence[Team], DayResult | None]],
) -> dict[int, ReportState]:
    """Each Spieltag's report state from its group's teams and its result: one query, and
    one more where a result is disputed (the organiser's decisions)."""
    ids = [s.pk for s, _t, result in days if result is not None and result.complete]
    reports: dict[tuple[int, int], SpieltagReport] = {
        (r.spieltag_id, r.team_id): r for r in SpieltagReport.objects.filter(spieltag_id__in=ids)
    }
    disputed = {sid for (sid, _team), r in reports.items() if r.status == DISPUTED}
    decisions = (
        {d.spieltag_id: d for d in SpieltagDecision.objects.filter(spieltag_id__in=disputed)}
        if disputed
        else {}
    )
    out: dict[int, ReportState] = {}
    for spieltag, teams, result in days:
        if result is None or not result.complete:
            out[spieltag.pk] = ReportState(PENDING, (), None)
            continue
        key = result_key(result.rows)
        rows = []
        for team in teams:
            report = reports.get((spieltag.pk, team.pk))
            current = report is not None and report.result == key
            rows.append(
                TeamReport(
                    team=team,
                    status=report.status if report is not None and current else OPEN,
                    note=report.note if report is not None and current else "",
                    asked_again=report is not None and not current,
                )
            )
        decision = decisions.get(spieltag.pk)
        if any(r.status == DISPUTED for r in rows):
            status = SETTLED if decision is not None and decision.result == key else DISPUTED
        elif rows and all(r.status == CONFIRMED for r in rows):
            status = CONFIRMED
        else:
            status = OPEN
        out[spieltag.pk] = ReportState(status, tuple(rows), decision)
    return out


def report_overview(*, league: League) -> list[tuple[str, Spieltag, ReportState]]:
    """The organiser's list: every Spieltag whose lists are complete, with its state
    (disputed first, then open, then the others)."""
    scheduled, teams, results = league_data(league)
    days = [
        (d.spieltag, [teams[t] for t in d.team_ids], results.get(d.spieltag.pk))
        for d in scheduled
        if d.spieltag.pk in results
    ]
    states = report_states(days)
    order = {DISPUTED: 0, OPEN: 1, SETTLED: 2, CONFIRMED: 3}
    out = [
        (spieltag_label(s), s, states[s.pk]) for s, _t, _r in days if states[s.pk].status != PENDING
    ]
    return sorted(out, key=lambda row: order.get(row[2].status, 9))


# --- availability -------------------------------------------------------------------------


@dataclass(frozen=True)
class AvailabilityRow:
    player: Player
    name: str
    answers: tuple[str, ...]  # per coming Spieltag, "" where he has not answered
    token: str  # his personal link's token ("" before the captain made one)


def coming_of_team(team: Team) -> list[DateItem]:
    """The team's Spieltage not yet started, by date."""
    return [i for i in season_dates(league=team.league, team=team) if i.status == "planned"]


def team_availability(
    *, team: Team, items: Sequence[DateItem], reveal: bool
) -> list[AvailabilityRow]:
    """Each roster player's answers for ``items`` (three queries)."""
    ids = [i.spieltag.pk for i in items]
    answers = {
        (a.spieltag_id, a.player_id): a.answer
        for a in Availability.objects.filter(spieltag_id__in=ids, player__league_teams=team)
    }
    tokens = dict(AvailabilityLink.objects.filter(team=team).values_list("player_id", "token"))
    return [
        AvailabilityRow(
            player=player,
            name=name,
            answers=tuple(answers.get((pk, player.pk), "") for pk in ids),
            token=tokens.get(player.pk, ""),
        )
        for player, name in roster_names([team], reveal=reveal).get(team.pk, [])
    ]


def availability_of(spieltag: Spieltag, players: Iterable[Player]) -> dict[int, str]:
    """The answers of ``players`` for one Spieltag, by player id (one query)."""
    return dict(
        Availability.objects.filter(spieltag=spieltag, player__in=list(players)).values_list(
            "player_id", "answer"
        )
    )


def answer_label(name: str, answer: str) -> str:
    """ "Anna Schmidt (kann)": a roster name with the player's answer, for the line-up."""
    labels = dict(Availability.Answer.choices)
    if answer not in labels:
        return f"{name} ({gettext('keine Antwort')})"
    return f"{name} ({labels[answer]})"


def finished_days(league: League) -> set[int]:
    """The league's Spieltage started, not yet closed, whose lists are all complete: played
    to the end, waiting for the organiser's closing (the Termine page says "fertig", as the
    Spieltag's page does, not "läuft"). One query."""
    return set(
        Spieltag.objects.filter(
            group__group_round__league=league,
            started_at__isnull=False,
            closed_at__isnull=True,
            tables__isnull=False,
        )
        .exclude(tables__spielliste__complete=False)
        .values_list("pk", flat=True)
    )
