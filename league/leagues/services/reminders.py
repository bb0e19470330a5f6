"""League reminder mails, sending (``manage.py send_reminders``, for a cron job or a systemd
timer): each due reminder (``league.leagues.selectors.reminders``, where the decisions of what
is due stand) goes out once, recorded in the same transaction as its mail; an account
switches them off or on again.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable

from django.contrib.auth.models import User as Account
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.leagues.models import League, ReminderSent, ReminderSetting, Spieltag
from league.leagues.selectors import (
    AVAILABILITY_DAYS,
    Reminder,
    due_reminders,
    spieltag_label,
)

REMINDER_ACTOR = Actor(None, label="Erinnerungen")


def _label(spieltag: Spieltag, league: League) -> str:
    return f"{league.name} {league.season}, {spieltag_label(spieltag)}"


def _setting(account: Account) -> ReminderSetting:
    setting, _created = ReminderSetting.objects.get_or_create(
        account=account, defaults={"token": secrets.token_urlsafe(32)}
    )
    return setting


def _text(reminder: Reminder, base: str, off_url: str) -> tuple[str, str]:
    label = _label(reminder.spieltag, reminder.league)
    subjects: dict[str, str] = {
        ReminderSent.Kind.AVAILABILITY: gettext("Kannst du spielen? %(label)s"),
        ReminderSent.Kind.LINEUP: gettext("Aufstellung fällig: %(label)s"),
        ReminderSent.Kind.RESULT: gettext("Ergebnis bestätigen: %(label)s"),
        ReminderSent.Kind.MOVE_ANSWER: gettext("Verlegung beantworten: %(label)s"),
        ReminderSent.Kind.MOVE_APPROVE: gettext("Verlegung genehmigen: %(label)s"),
    }
    bodies: dict[str, str] = {
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
            bodies[reminder.kind] % params,
            base + reminder.path,
            gettext("Keine Erinnerungen mehr: %(url)s") % {"url": off_url},
        ]
    )
    return subjects[reminder.kind] % params, body


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
