"""League reminder mails (``manage.py send_reminders``, for a cron job or a systemd timer):
what is due (reads) and sending it once (the write: ``reminders_send``).

Decisions (the spec is silent):
- availability: a player with an account on a team's roster who has not answered for a
  Spieltag not yet started whose date is at most ``availability_days`` (default 7) away.
- line-up: the captains of a team without a full line-up, once the line-up is due within
  24 hours (the league's deadline, else the Spieltag's start) and not yet past.
- result: the captains of a team that has not confirmed or disputed the result as it
  stands (all lists complete); a changed result is a new reminder.
- a move request (league.leagues.moves): the captains of each other team of the group
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
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User as Account
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.leagues.deadline import lineup_deadline
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
from league.leagues.moves import move_view
from league.leagues.season_selectors import OPEN, report_states
from league.leagues.season_services import result_key
from league.leagues.selectors import _league_data, spieltag_label

AVAILABILITY_DAYS = 7
LINEUP_HOURS = 24
REMINDER_ACTOR = Actor(None, label="Erinnerungen")


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


def _label(spieltag: Spieltag, league: League) -> str:
    return f"{league.name} {league.season}, {spieltag_label(spieltag)}"


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
        due = lineup_deadline(spieltag, league) or timezone.make_aware(
            dt.datetime.combine(spieltag.date, spieltag.start_time or dt.time(0, 0))  # type: ignore[arg-type]
        )
        if not now <= due <= now + dt.timedelta(hours=LINEUP_HOURS):
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
        spieltage, teams, results = _league_data(league)
        days = [
            (s, [teams[t] for t in s.group_team_ids], results.get(s.pk))  # type: ignore[attr-defined]
            for s in spieltage
            if s.pk in results and results[s.pk].complete
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


def _setting(account: Account) -> ReminderSetting:
    setting, _created = ReminderSetting.objects.get_or_create(
        account=account, defaults={"token": secrets.token_urlsafe(32)}
    )
    return setting


def _text(reminder: Reminder, base: str, off_url: str) -> tuple[str, str]:
    label = _label(reminder.spieltag, reminder.league)
    subjects = {
        ReminderSent.Kind.AVAILABILITY: gettext("Kannst du spielen? %(label)s"),
        ReminderSent.Kind.LINEUP: gettext("Aufstellung fällig: %(label)s"),
        ReminderSent.Kind.RESULT: gettext("Ergebnis bestätigen: %(label)s"),
        ReminderSent.Kind.MOVE_ANSWER: gettext("Verlegung beantworten: %(label)s"),
        ReminderSent.Kind.MOVE_APPROVE: gettext("Verlegung genehmigen: %(label)s"),
    }
    bodies = {
        ReminderSent.Kind.AVAILABILITY: gettext(
            "Bitte sag deiner Mannschaft %(team)s, ob du am %(date)s spielen kannst:"
        ),
        ReminderSent.Kind.LINEUP: gettext(
            "Die Aufstellung von %(team)s für den %(date)s fehlt noch oder ist unvollständig:"
        ),
        ReminderSent.Kind.RESULT: gettext(
            "Bitte bestätige das Ergebnis von %(team)s oder widersprich mit einer Anmerkung:"
        ),
        ReminderSent.Kind.MOVE_ANSWER: gettext(
            "Der Spieltag am %(date)s soll auf den %(proposed)s verlegt werden. Bitte nimm "
            "für %(team)s an oder lehne ab:"
        ),
        ReminderSent.Kind.MOVE_APPROVE: gettext(
            "Alle Mannschaften haben der Verlegung (Antrag von %(team)s) vom %(date)s auf den "
            "%(proposed)s zugestimmt. Bitte genehmigen oder ablehnen:"
        ),
    }
    date = reminder.spieltag.date.strftime("%d.%m.%Y") if reminder.spieltag.date else "?"
    proposed = reminder.proposed.strftime("%d.%m.%Y") if reminder.proposed else ""
    params = {"label": label, "team": reminder.team.name, "date": date, "proposed": proposed}
    body = "\n\n".join(
        [
            bodies[reminder.kind] % params,  # type: ignore[index]
            base + reminder.path,
            gettext("Keine Erinnerungen mehr: %(url)s") % {"url": off_url},
        ]
    )
    return subjects[reminder.kind] % params, body  # type: ignore[index]


def reminders_send(
    *,
    base_url: str,
    now: dt.datetime | None = None,
    availability_days: int = AVAILABILITY_DAYS,
    mail: Callable[..., int] = send_mail,
    user: User = REMINDER_ACTOR,
) -> int:
    """Send every due reminder not sent before (to accounts with an e-mail address whose
    reminders are on), each in its own transaction with its record and an audit entry on
    its Spieltag. Returns how many mails went out."""
    if availability_days < 0:
        raise ServiceError("reminder_days")
    base = base_url.rstrip("/")
    sent = 0
    for reminder in due_reminders(now=now, availability_days=availability_days):
        if not reminder.account.email:
            continue
        with transaction.atomic():
            setting = _setting(reminder.account)
            if setting.off:
                continue
            _row, created = ReminderSent.objects.get_or_create(
                kind=reminder.kind,
                key=reminder.key,
                account=reminder.account,
                defaults={"spieltag": reminder.spieltag},
            )
            if not created:
                continue
            off_url = base + reverse("reminders-off", args=[setting.token])
            subject, body = _text(reminder, base, off_url)
            mail(subject, body, None, [reminder.account.email])
            audit_record(
                user=user,
                action="remind",
                target=reminder.spieltag,
                after={
                    "kind": reminder.kind,
                    "team": reminder.team.pk,
                    "account": reminder.account.pk,
                },
            )
            sent += 1
    return sent


@transaction.atomic
def reminders_switch(*, account: Account, off: bool, user: User = None) -> bool:
    """An account switches the league reminder mails off (or on again). True if changed."""
    setting = _setting(account)
    locked = ReminderSetting.objects.select_for_update().get(pk=setting.pk)
    if locked.off == off:
        return False
    locked.off = off
    locked.save(update_fields=["off"])
    audit_record(
        user=user, action="reminders", target=locked, before={"off": not off}, after={"off": off}
    )
    return True


def reminder_setting(account: Account) -> ReminderSetting | None:
    return ReminderSetting.objects.filter(account=account).first()
