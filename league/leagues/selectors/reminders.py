"""League reminder mails, what is due (``manage.py send_reminders`` sends them once:
``league.leagues.services.reminders``).

Decisions (the spec is silent):
- availability: a player with an account on a team's roster who has not answered for a
  Spieltag not yet started whose date is at most ``availability_days`` (default 7) away.
- line-up: the captains of a team without a full line-up, once the line-up is due within
  24 hours (the league's deadline, else the Spieltag's start) and not yet past.
- result: the captains of a team that has not confirmed or disputed the result as it
  stands (all lists complete); a changed result is a new reminder.
- a move request (league.leagues.services.moves): the captains of each other team of the group
  that has not answered an open request (once per request and account); the league's
  organisers once every other team accepted (approval pending).
- Sent to accounts with an e-mail address whose reminders are not switched off; each mail
  carries the link that switches them off. A reminder is recorded (``ReminderSent``) in
  the same transaction as its mail goes out, so a second run sends nothing again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User as Account
from django.urls import reverse
from django.utils import timezone

from league.leagues.models import (
    Availability,
    League,
    Lineup,
    ReminderSent,
    ReminderSetting,
    Spieltag,
    SpieltagMove,
    Team,
)
from league.leagues.selectors.deadline import lineup_deadline, spieltag_begins
from league.leagues.selectors.league import league_data
from league.leagues.selectors.moves import move_view
from league.leagues.selectors.rows import result_key
from league.leagues.selectors.season import OPEN, report_states

AVAILABILITY_DAYS = 7
LINEUP_HOURS = 24


@dataclass(frozen=True)
class Reminder:
    kind: str
    key: str
    account: Account
    spieltag: Spieltag
    league: League
    team: Team
    path: str  # the page to act on (site-relative)
    proposed: dt.date | None = None  # a move request's new date


def _captains(teams: Iterable[Team]) -> dict[int, list[Account]]:
    out: dict[int, list[Account]] = {}
    rows = Team.captains.through.objects.filter(team__in=list(teams)).select_related("user")
    for row in rows:
        out.setdefault(row.team_id, []).append(row.user)
    return out


def due_reminders(
    *, now: dt.datetime | None = None, availability_days: int = AVAILABILITY_DAYS
) -> list[Reminder]:
    """Every reminder due now, sent or not (``reminders_send`` skips the sent ones)."""
    now = now or timezone.now()
    today = timezone.localtime(now).date()
    out: list[Reminder] = []
    coming = (
        Spieltag.objects.filter(
            started_at__isnull=True,
            date__isnull=False,
            date__gte=today,
            date__lte=today + dt.timedelta(days=availability_days),
        )
        .select_related("group__group_round__league")
        .prefetch_related("group__teams__roster__account")
    )
    for spieltag in coming:
        league = spieltag.group.group_round.league
        teams = list(spieltag.group.teams.all())
        answered = set(
            Availability.objects.filter(spieltag=spieltag).values_list("player_id", flat=True)
        )
        for team in teams:
            for player in team.roster.all():
                if player.account is None or player.pk in answered:
                    continue
                out.append(
                    Reminder(
                        ReminderSent.Kind.AVAILABILITY,
                        str(spieltag.pk),
                        player.account,
                        spieltag,
                        league,
                        team,
                        reverse("availability-mine", args=[league.pk, team.pk]),
                    )
                )
        # the league's deadline, else the start (the query reads dated Spieltage only)
        due = lineup_deadline(spieltag, league) or spieltag_begins(spieltag)
        if due is None or not now <= due <= now + dt.timedelta(hours=LINEUP_HOURS):
            continue
        full = {
            lu.team_id
            for lu in Lineup.objects.filter(spieltag=spieltag).prefetch_related("entries")
            if lu.absent or len(lu.entries.all()) >= league.players_per_team
        }
        captains = _captains(teams)
        for team in teams:
            if team.pk in full:
                continue
            for account in captains.get(team.pk, []):
                out.append(
                    Reminder(
                        ReminderSent.Kind.LINEUP,
                        str(spieltag.pk),
                        account,
                        spieltag,
                        league,
                        team,
                        reverse("lineup-edit", args=[league.pk, spieltag.pk, team.pk]),
                    )
                )
    out.extend(_result_reminders())
    out.extend(_move_reminders())
    return out


def _move_reminders() -> list[Reminder]:
    """Open move requests of Spieltage not started: the other teams' captains who have not
    answered, and the organisers once all accepted."""
    out: list[Reminder] = []
    moves = (
        SpieltagMove.objects.filter(state=SpieltagMove.State.OPEN, spieltag__started_at=None)
        .select_related("team", "spieltag__group__group_round__league")
        .prefetch_related("answers", "spieltag__group__teams")
        .order_by("pk")
    )
    for move in moves:
        spieltag = move.spieltag
        league = spieltag.group.group_round.league
        path = reverse("spieltag-detail", args=[league.pk, spieltag.pk])
        view = move_view(move, list(spieltag.group.teams.all()))
        captains = _captains(view.waiting)
        for team in view.waiting:
            for account in captains.get(team.pk, []):
                out.append(
                    Reminder(
                        ReminderSent.Kind.MOVE_ANSWER,
                        str(move.pk),
                        account,
                        spieltag,
                        league,
                        team,
                        path,
                        move.date,
                    )
                )
        if view.all_accepted:
            for account in league.organisers.order_by("pk"):
                out.append(
                    Reminder(
                        ReminderSent.Kind.MOVE_APPROVE,
                        str(move.pk),
                        account,
                        spieltag,
                        league,
                        move.team,
                        path,
                        move.date,
                    )
                )
    return out


def _result_reminders() -> list[Reminder]:
    """Captains asked to confirm a result (all lists complete, not closed for long: every
    league with a Spieltag started and its report open)."""
    out: list[Reminder] = []
    leagues = League.objects.filter(
        group_rounds__groups__spieltage__started_at__isnull=False
    ).distinct()
    for league in leagues:
        scheduled, teams, results = league_data(league)
        days = [
            (d.spieltag, [teams[t] for t in d.team_ids], results[d.spieltag.pk])
            for d in scheduled
            if d.spieltag.pk in results and results[d.spieltag.pk].complete
        ]
        states = report_states(days)
        open_teams = [
            (s, r.team, results[s.pk])
            for s, _t, _r in days
            for r in states[s.pk].teams
            if r.status == OPEN
        ]
        captains = _captains({t.pk: t for _s, t, _r in open_teams}.values())
        for spieltag, team, result in open_teams:
            digest = hashlib.sha1(
                json.dumps(result_key(result.rows)).encode(), usedforsecurity=False
            ).hexdigest()[:16]
            for account in captains.get(team.pk, []):
                out.append(
                    Reminder(
                        ReminderSent.Kind.RESULT,
                        f"{spieltag.pk}:{digest}",
                        account,
                        spieltag,
                        league,
                        team,
                        reverse("spieltag-detail", args=[league.pk, spieltag.pk]),
                    )
                )
    return out


def reminder_setting(account: Account) -> ReminderSetting | None:
    return ReminderSetting.objects.filter(account=account).first()
