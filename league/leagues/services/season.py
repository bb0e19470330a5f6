"""League season writes around the Spieltage: when and where each one is played.

Same conventions as ``league.leagues.services`` (which re-exports these names): keyword-only,
typed, ``<entity>_<action>``, one transaction each, the Spieltag's row locked, an audit entry
for each change; a refusal raises ``ServiceError`` and writes nothing.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence

from django.contrib.auth.models import User as Account
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Player
from league.core.audit import Actor, User, audit_field_set, audit_record
from league.core.errors import ServiceError
from league.leagues.models import (
    Availability,
    AvailabilityLink,
    Group,
    League,
    Spieltag,
    SpieltagDecision,
    SpieltagMove,
    SpieltagReport,
    Team,
)
from league.leagues.selectors import result_key, spieltag_label, spieltag_minutes, spieltag_view
from league.lists.models import PaperEntry

MAX_VENUE = 200
MAX_NOTE = 1000


def _place_values(spieltag: Spieltag) -> dict[str, object]:
    return {
        "date": spieltag.date.isoformat() if spieltag.date else None,
        "start_time": spieltag.start_time.strftime("%H:%M") if spieltag.start_time else None,
        "venue": spieltag.venue,
        "host": spieltag.host_id,
    }


def place_clean(group: Group, venue: str, host: Team | None) -> str:
    """The venue as stored (white space squeezed); refused: too long, a host not of the
    group."""
    clean = " ".join(venue.split())
    if len(clean) > MAX_VENUE:
        raise ServiceError("spieltag_venue_long", {"max": MAX_VENUE}, field="venue")
    if host is not None and not group.teams.filter(pk=host.pk).exists():
        raise ServiceError("team_not_in_group", {"name": host.name}, field="host")
    return clean


def place_set(
    locked: Spieltag,
    *,
    date: dt.date | None,
    start_time: dt.time | None,
    venue: str,
    host: Team | None,
    user: User,
) -> bool:
    """Store the place on a locked Spieltag (its writes and ``moves``' approval); True if
    anything changed."""
    if locked.closed_at is not None:
        raise ServiceError("spieltag_already_closed")
    before = _place_values(locked)
    was_set = locked.date is not None
    locked.date, locked.start_time, locked.venue = date, start_time, venue
    locked.host = host
    after = _place_values(locked)
    if after == before:
        return False
    if was_set:
        # A moved Spieltag: calendars that hold its event replace it (RFC 5545 3.8.7.4).
        locked.sequence += 1
    locked.save(update_fields=["date", "start_time", "venue", "host", "sequence"])
    audit_record(user=user, action="schedule_day", target=locked, before=before, after=after)
    return True


def move_account(user: User) -> Account | None:
    """The account behind ``user`` that decided a move request (None: a command)."""
    actor = user.user if isinstance(user, Actor) else user
    if isinstance(actor, Account) and actor.is_authenticated:
        return actor
    return None


def move_close(move: SpieltagMove, state: str, reason: str, user: User) -> None:
    """End a locked open move request (league.leagues.services.moves)."""
    move.state = state
    move.reason = reason
    move.decided_by = move_account(user)
    move.decided_at = timezone.now()
    move.save(update_fields=["state", "reason", "decided_by", "decided_at"])


def _asked_place_set(move: SpieltagMove, spieltag: Spieltag, day: dt.date | None) -> bool:
    """The organiser's own scheduling gave the request what it asked: its Spieltag(e) on the
    asked date (none of the group's left on the old day), at the asked venue if it named
    one."""
    if spieltag.date != move.date:
        return False
    if move.venue and " ".join(move.venue.split()).casefold() != spieltag.venue.casefold():
        return False
    return (
        day is None
        or not Spieltag.objects.filter(
            group_id=spieltag.group_id, date=day, closed_at__isnull=True
        ).exists()
    )


def moves_overtaken(
    *,
    spieltag: Spieltag,
    day: dt.date | None,
    reason: str,
    user: User,
    scheduled: bool = False,
) -> int:
    """The open request to move ``spieltag`` (its group's request for the day ``day`` it
    had, else its own) ends, refused with ``reason``: the organiser set the date himself or
    the Spieltag began. ``scheduled``: the organiser's own scheduling, which approves a
    request when it set the asked date (and venue). Called with the Spieltag locked (the
    order every move write takes). Returns how many ended (0 or 1: one open request a
    group)."""
    found = SpieltagMove.objects.select_for_update().filter(
        state=SpieltagMove.State.OPEN, spieltag__group_id=spieltag.group_id
    )
    # The request names one Spieltag of the day; ``spieltag`` itself may be stored with its
    # new date already.
    same_day = (
        Q(spieltag=spieltag) | Q(spieltag__date=day) if day is not None else Q(spieltag=spieltag)
    )
    found = found.filter(same_day)
    ended = 0
    for move in found.select_related("spieltag"):
        if scheduled and _asked_place_set(move, spieltag, day):
            move_close(
                move,
                SpieltagMove.State.APPROVED,
                gettext("Die Ligaleitung hat den beantragten Termin festgelegt."),
                user,
            )
            audit_record(
                user=user,
                action="move_approve",
                target=move.spieltag,
                after={"move": move.pk, "date": move.date.isoformat(), "by_schedule": True},
            )
        else:
            move_close(move, SpieltagMove.State.REFUSED, reason, user)
            audit_record(
                user=user,
                action="move_refuse",
                target=move.spieltag,
                after={"move": move.pk, "reason": reason},
            )
        ended += 1
    return ended


def _overtaken_by_date(days: Sequence[tuple[Spieltag, dt.date | None]], user: User) -> None:
    """After the organiser's own scheduling: a request for a day whose date he changed."""
    for day, before in days:
        if day.date != before:
            moves_overtaken(
                spieltag=day,
                day=before,
                reason=gettext("Die Ligaleitung hat den Termin selbst festgelegt."),
                user=user,
                scheduled=True,
            )


def _check_order(
    group: Group, planned: dict[int, tuple[dt.date | None, dt.time | None]], reorder: bool
) -> None:
    """Refuse (``spieltag_order_flip``) a placement after which a later Spieltag of the group
    (by number) comes before an earlier one, unless the organiser swaps them on purpose
    (``reorder``). ``planned``: the new date and start of the Spieltage being placed; the
    others keep theirs. Undated ones, or a day's two without both start times, say nothing."""
    if reorder:
        return
    days = sorted(group.spieltage.select_related("group__group_round"), key=lambda d: d.number)
    when = {d.pk: planned.get(d.pk, (d.date, d.start_time)) for d in days}
    for i, early in enumerate(days):
        e_date, e_time = when[early.pk]
        for late in days[i + 1 :]:
            l_date, l_time = when[late.pk]
            if e_date is None or l_date is None:
                continue
            flipped = l_date < e_date or (
                l_date == e_date and e_time is not None and l_time is not None and l_time < e_time
            )
            if flipped:
                raise ServiceError(
                    "spieltag_order_flip",
                    {"later": spieltag_label(late), "earlier": spieltag_label(early)},
                    field="date",
                )


@transaction.atomic
def spieltag_schedule(
    *,
    spieltag: Spieltag,
    date: dt.date | None,
    start_time: dt.time | None = None,
    venue: str = "",
    host: Team | None = None,
    reorder: bool = False,
    user: User = None,
) -> bool:
    """Set (or change) one Spieltag's date, start time and venue (its address, and the
    group's team that hosts it), alone: a Doppelspieltag split on purpose
    (``doppelspieltag_schedule`` moves it whole). Refused when the group's Spieltage would
    come out of their order, unless ``reorder``. A change of date, time or place after they
    were set raises the iCalendar SEQUENCE. A closed Spieltag keeps its place. True if
    anything changed."""
    locked = Spieltag.objects.select_for_update().select_related("group").get(pk=spieltag.pk)
    clean = place_clean(locked.group, venue, host)
    if start_time is not None and date is None:
        raise ServiceError("spieltag_time_without_date", field="date")
    _check_order(locked.group, {locked.pk: (date, start_time)}, reorder)
    before = locked.date
    changed = place_set(locked, date=date, start_time=start_time, venue=clean, host=host, user=user)
    _overtaken_by_date([(locked, before)], user)
    spieltag.refresh_from_db()
    return changed


@transaction.atomic
def doppelspieltag_schedule(
    *,
    spieltag: Spieltag,
    date: dt.date | None,
    start_time: dt.time | None = None,
    venue: str = "",
    host: Team | None = None,
    reorder: bool = False,
    user: User = None,
) -> int:
    """Set a Spieltag's date, start and venue together with its Doppelspieltag: the other
    Spieltage of its group on its day (undated: the group's other undated ones), which
    keep their places around it: each starts ``spieltag_minutes`` a number later (earlier)
    than this one's new start; without a start each keeps its own. The group's order is
    checked as in ``spieltag_schedule``. Returns how many Spieltage changed."""
    group_days = list(
        Spieltag.objects.select_for_update()
        .filter(group_id=spieltag.group_id)
        .select_related("group__group_round__league")
        .order_by("number")
    )
    own = next(d for d in group_days if d.pk == spieltag.pk)
    clean = place_clean(own.group, venue, host)
    if start_time is not None and date is None:
        raise ServiceError("spieltag_time_without_date", field="date")
    days = [d for d in group_days if d.date == own.date and d.closed_at is None] or [own]
    minutes = spieltag_minutes(own.group.group_round.league)
    planned: dict[int, tuple[dt.date | None, dt.time | None]] = {}
    for day in days:
        start = day.start_time
        if start_time is not None and date is not None:
            offset = dt.timedelta(minutes=minutes * (day.number - own.number))
            start = (dt.datetime.combine(date, start_time) + offset).time()
        planned[day.pk] = (date, start if date is not None else None)
    _check_order(own.group, planned, reorder)
    before = [(day, day.date) for day in days]
    changed = 0
    for day in days:
        new_date, new_start = planned[day.pk]
        changed += place_set(
            day, date=new_date, start_time=new_start, venue=clean, host=host, user=user
        )
    _overtaken_by_date(before, user)
    spieltag.refresh_from_db()
    return changed


@transaction.atomic
def group_schedule(
    *,
    group: Group,
    date: dt.date | None,
    start_time: dt.time | None = None,
    venue: str = "",
    host: Team | None = None,
    user: User = None,
) -> int:
    """A Doppelspieltag (every Spieltag of a group) on one day at one venue, one Spieltag
    after the other from ``start_time`` (``spieltag_minutes`` each). Returns how many of
    its Spieltage changed."""
    days = list(
        Spieltag.objects.select_for_update()
        .filter(group=group)
        .select_related("group__group_round__league")
        .order_by("number")
    )
    clean = place_clean(group, venue, host)
    if date is None and start_time is not None:
        raise ServiceError("spieltag_time_without_date", field="date")
    if any(d.closed_at is not None for d in days):
        raise ServiceError("spieltag_already_closed")
    changed = 0
    before = [(day, day.date) for day in days]
    start = dt.datetime.combine(date, start_time) if date and start_time else None
    for day in days:
        changed += place_set(
            day,
            date=date,
            start_time=start.time() if start else None,
            venue=clean,
            host=host,
            user=user,
        )
        if start is not None:
            start += dt.timedelta(minutes=spieltag_minutes(day.group.group_round.league))
    _overtaken_by_date(before, user)
    return changed


@transaction.atomic
def league_set_double_entry(*, league: League, double_entry: bool, user: User = None) -> bool:
    """Results from paper typed twice, blind (a table counts once both entries agree), or
    once. Refused while a started Spieltag that is not closed has paper results: their
    status would change under the typists' hands. True if it changed."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    if locked.double_entry == double_entry:
        return False
    typing = PaperEntry.objects.filter(
        spielliste__spieltag_table__spieltag__group__group_round__league=locked,
        spielliste__spieltag_table__spieltag__closed_at__isnull=True,
    )
    if typing.exists():
        raise ServiceError("league_double_entry_running")
    locked.double_entry = double_entry
    locked.save(update_fields=["double_entry"])
    audit_record(
        user=user,
        action="update",
        target=locked,
        before={"double_entry": not double_entry},
        after={"double_entry": double_entry},
    )
    league.double_entry = double_entry
    return True


# --- both captains' report ----------------------------------------------------------------


def _complete_result(spieltag: Spieltag) -> list[list[object]]:
    result = spieltag_view(spieltag=spieltag, reveal=False).result
    if not result.complete:
        raise ServiceError("report_not_ready")
    return result_key(result.rows)


def _report(spieltag: Spieltag, team: Team, status: str, note: str, user: User) -> None:
    locked = Spieltag.objects.select_for_update().select_related("group").get(pk=spieltag.pk)
    if not locked.group.teams.filter(pk=team.pk).exists():
        raise ServiceError("team_not_in_group", {"name": team.name})
    clean = note.strip()
    if len(clean) > MAX_NOTE:
        raise ServiceError("report_note_long", {"max": MAX_NOTE}, field="note")
    if status == SpieltagReport.Status.DISPUTED and not clean:
        raise ServiceError("report_note_missing", field="note")
    key = _complete_result(locked)
    SpieltagReport.objects.update_or_create(
        spieltag=locked, team=team, defaults={"status": status, "note": clean, "result": key}
    )
    audit_record(
        user=user,
        # two literal keys (the history's sentences are looked up by key)
        action="report_disputed"
        if status == SpieltagReport.Status.DISPUTED
        else "report_confirmed",
        target=locked,
        after={"team": team.pk, "note": clean},
    )


@transaction.atomic
def report_confirm(*, spieltag: Spieltag, team: Team, user: User = None) -> None:
    """A captain confirms his team's result of a Spieltag whose lists are all complete."""
    _report(spieltag, team, SpieltagReport.Status.CONFIRMED, "", user)


@transaction.atomic
def report_dispute(*, spieltag: Spieltag, team: Team, note: str, user: User = None) -> None:
    """A captain disputes the result, saying why (the note is required)."""
    _report(spieltag, team, SpieltagReport.Status.DISPUTED, note, user)


@transaction.atomic
def spieltag_settle(*, spieltag: Spieltag, note: str, user: User = None) -> None:
    """The organiser decides a dispute: the result as it stands holds (after any correction
    he made, which asks the captains again), with his reasons."""
    locked = Spieltag.objects.select_for_update().get(pk=spieltag.pk)
    clean = note.strip()
    if not clean:
        raise ServiceError("report_note_missing", field="note")
    if len(clean) > MAX_NOTE:
        raise ServiceError("report_note_long", {"max": MAX_NOTE}, field="note")
    key = _complete_result(locked)
    disputed = SpieltagReport.objects.filter(
        spieltag=locked, status=SpieltagReport.Status.DISPUTED, result=key
    )
    if not disputed.exists():
        raise ServiceError("report_nothing_to_settle")
    SpieltagDecision.objects.update_or_create(
        spieltag=locked, defaults={"note": clean, "result": key}
    )
    audit_record(user=user, action="settle", target=locked, after={"note": clean})


# --- availability -------------------------------------------------------------------------


@transaction.atomic
def availability_set(
    *, spieltag: Spieltag, player: Player, answer: str, user: User = None
) -> Availability:
    """A player answers yes / maybe / no for a coming Spieltag of a team whose roster holds
    him; refused once it has started."""
    locked = Spieltag.objects.select_for_update().select_related("group").get(pk=spieltag.pk)
    if locked.started_at is not None:
        raise ServiceError("spieltag_started")
    if answer not in Availability.Answer.values:
        raise ServiceError("availability_answer", field="answer")
    if not locked.group.teams.filter(roster=player).exists():
        raise ServiceError("lineup_not_in_roster", {"name": player.name})
    row, _created = Availability.objects.update_or_create(
        spieltag=locked, player=player, defaults={"answer": answer}
    )
    audit_record(
        user=user,
        action="availability",
        target=locked,
        after={"player": player.pk, "answer": answer},
    )
    return row


@transaction.atomic
def availability_link_renew(*, team: Team, player: Player, user: User = None) -> str:
    """The player's personal link for his team (a new one: an old link stops working)."""
    locked = Team.objects.select_for_update().get(pk=team.pk)
    if not locked.roster.filter(pk=player.pk).exists():
        raise ServiceError("player_not_on_roster", {"name": player.name})
    token = secrets.token_urlsafe(32)
    AvailabilityLink.objects.update_or_create(team=locked, player=player, defaults={"token": token})
    audit_record(user=user, action="availability_link", target=locked, after={"player": player.pk})
    return token


# --- line-up deadline ---------------------------------------------------------------------

MAX_DEADLINE_HOURS = 14 * 24


@transaction.atomic
def league_set_lineup_deadline(*, league: League, hours: int | None, user: User = None) -> bool:
    """The captains' line-up deadline, ``hours`` before each Spieltag's start (None: no
    deadline; league.leagues.selectors.deadline). True if it changed."""
    if hours is not None and not 0 <= hours <= MAX_DEADLINE_HOURS:
        raise ServiceError("league_deadline_hours", {"max": MAX_DEADLINE_HOURS}, field="hours")
    locked = League.objects.select_for_update().get(pk=league.pk)
    if not audit_field_set(locked, "lineup_deadline_hours", hours, user=user):
        return False
    league.lineup_deadline_hours = hours
    return True
