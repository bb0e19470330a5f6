"""Moving a Spieltag (issue 24, item 6): a captain requests a new date, the other teams of
the group accept, the league's organiser approves: the writes (the reads:
``league.leagues.selectors.moves``).

Same conventions as ``league.leagues.services`` (which re-exports the writes): keyword-only,
typed, ``<entity>_<action>``, one transaction each, the Spieltag's row locked, an audit entry
on the Spieltag for each change; a refusal raises ``ServiceError`` and writes nothing.

Decisions (the spec is silent):
- A request moves its Spieltag together with the other Spieltage of its group dated the
  same day (a Doppelspieltag is played as a whole): all get the new date; a new start
  time is the first one's and the next follow ``spieltag_minutes`` apart (as
  ``group_schedule``); without one each keeps its start time; without a venue each keeps
  its own. One open request per group at a time.
- A clash: on the new date a team of the group already plays a Spieltag of another group
  (of this league), or the venue (the new one, else the Spieltag's own) is booked by a
  Spieltag of another group (of any league). Two Spieltage of one group on one day are
  its Doppelspieltag, never a clash. Checked at the request and again at the approval.
- Every other team of the group answers through a captain, or through the organiser on
  its behalf (``on_behalf``: a team without a captain, a "yes" on the phone; the history
  entry says so); one decline ends the request as refused; an accept may still become a
  decline while the request is open.
- The organiser approves only once every other team accepted (his answers on a team's
  behalf count). He can always set a date directly on the Spieltag's page
  (``spieltag_schedule``): the asked date (and venue, if one was asked) set there approves
  the request, another date ends it as refused. He may refuse at any time, with a reason
  (required).
- The requesting team's captains withdraw it while it is open.
- The approval changes the date through ``services.season.place_set``, the path of
  ``spieltag_schedule``: the iCalendar SEQUENCE rises, the UID stays, and the history gets
  its "Termin und Ort festgelegt" entry besides "Verlegung genehmigt".
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils import timezone

from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.leagues.models import (
    Spieltag,
    SpieltagMove,
    SpieltagMoveAnswer,
    Team,
)
from league.leagues.selectors import spieltag_label, spieltag_minutes
from league.leagues.services.season import (
    MAX_NOTE,
    move_account,
    move_close,
    place_clean,
    place_set,
)

OPEN = SpieltagMove.State.OPEN


def _note(text: str, *, required: bool = False, field: str = "note") -> str:
    clean = text.strip()
    if required and not clean:
        raise ServiceError("report_note_missing", field=field)
    if len(clean) > MAX_NOTE:
        raise ServiceError("report_note_long", {"max": MAX_NOTE}, field=field)
    return clean


def _locked_days(spieltag: Spieltag) -> list[Spieltag]:
    """The Spieltag and its group's others on its day (its Doppelspieltag), in their order;
    the whole group's Spieltage locked in one query, in the order ``group_schedule`` locks
    them (two writers on one group never wait for each other crosswise)."""
    group = (
        Spieltag.objects.select_for_update()
        .filter(group_id=spieltag.group_id)
        .select_related("group__group_round__league")
        .order_by("number")
    )
    days = list(group)
    own = next(d for d in days if d.pk == spieltag.pk)
    if own.date is None:
        return [own]
    return [d for d in days if d.date == own.date]


def _venue_key(venue: str) -> str:
    return " ".join(venue.split()).casefold()


def _day_label(day: Spieltag) -> str:
    league = day.group.group_round.league
    return f"{league.name} {league.season}, {spieltag_label(day)}"


def move_clash(*, days: Sequence[Spieltag], date: dt.date, venue: str) -> None:
    """Refuse ``days`` (one group's) on ``date`` where a team of their group plays another
    group's Spieltag of the league that day, or their venue (``venue``, else each one's
    own) is booked by another group's Spieltag that day (a new booking: not where a Spieltag
    keeps its day and venue)."""
    group = days[0].group
    league = group.group_round.league
    others = (
        Spieltag.objects.filter(date=date)
        .exclude(group_id=group.pk)
        .select_related("group__group_round__league")
        .order_by("group__group_round__number", "group__number", "number")
    )
    team_ids = list(group.teams.values_list("pk", flat=True))
    busy = (
        others.filter(group__group_round__league=league, group__teams__in=team_ids)
        .distinct()
        .first()
    )
    if busy is not None:
        team = busy.group.teams.filter(pk__in=team_ids).order_by("number").first()
        raise ServiceError(
            "move_clash_team",
            {
                "team": team.name if team else "",
                "date": date.strftime("%d.%m.%Y"),
                "spieltag": spieltag_label(busy),
            },
            field="date",
        )
    # a Spieltag keeping its day and venue books nothing new (a change of time only)
    venues = {
        _venue_key(venue or day.venue): (venue or day.venue)
        for day in days
        if day.date != date or _venue_key(venue or day.venue) != _venue_key(day.venue)
    }
    venues.pop("", None)
    if not venues:
        return
    for other in others.exclude(venue=""):
        if _venue_key(other.venue) in venues:
            raise ServiceError(
                "move_clash_venue",
                {
                    "venue": venues[_venue_key(other.venue)],
                    "date": date.strftime("%d.%m.%Y"),
                    "spieltag": _day_label(other),
                },
                field="venue",
            )


def _open_move_of_group(days: Sequence[Spieltag]) -> SpieltagMove | None:
    return SpieltagMove.objects.filter(spieltag__group_id=days[0].group_id, state=OPEN).first()


@transaction.atomic
def spieltag_move_request(
    *,
    spieltag: Spieltag,
    team: Team,
    date: dt.date,
    start_time: dt.time | None = None,
    venue: str = "",
    note: str = "",
    user: User = None,
) -> SpieltagMove:
    """A captain of ``team`` (a team of the Spieltag's group) asks to move the Spieltag
    (and its Doppelspieltag) to ``date``: not started, not in the past, a change, no clash,
    no other open request in the group."""
    days = _locked_days(spieltag)
    locked = next(d for d in days if d.pk == spieltag.pk)
    if not locked.group.teams.filter(pk=team.pk).exists():
        raise ServiceError("team_not_in_group", {"name": team.name})
    if any(d.started_at is not None or d.closed_at is not None for d in days):
        raise ServiceError("move_started")
    if date < timezone.localdate():
        raise ServiceError("move_date_past", field="date")
    clean_venue = place_clean(locked.group, venue, None)
    clean_note = _note(note)
    if (
        locked.date == date
        and (start_time is None or start_time == locked.start_time)
        and (not clean_venue or clean_venue == locked.venue)
    ):
        raise ServiceError("move_no_change", field="date")
    if _open_move_of_group(days) is not None:
        raise ServiceError("move_open_exists")
    move_clash(days=days, date=date, venue=clean_venue)
    move = SpieltagMove.objects.create(
        spieltag=locked,
        team=team,
        requested_by=move_account(user),
        date=date,
        start_time=start_time,
        venue=clean_venue,
        note=clean_note,
    )
    audit_record(
        user=user,
        action="move_request",
        target=locked,
        after={
            "move": move.pk,
            "team": team.pk,
            "date": date.isoformat(),
            "start_time": start_time.strftime("%H:%M") if start_time else None,
            "venue": clean_venue,
            "note": clean_note,
        },
    )
    return move


def _locked_move(move: SpieltagMove) -> tuple[SpieltagMove, list[Spieltag], Spieltag]:
    """The request's Spieltage locked (the Spieltag first, as every write on it), then the
    request; refused unless it is still open. Returns the request, the Spieltage it moves
    and its own Spieltag (one of them)."""
    days = _locked_days(move.spieltag)
    locked = SpieltagMove.objects.select_for_update().select_related("team").get(pk=move.pk)
    if locked.state != OPEN:
        raise ServiceError("move_not_open")
    own = next(d for d in days if d.pk == locked.spieltag_id)
    return locked, days, own


@transaction.atomic
def spieltag_move_answer(
    *,
    move: SpieltagMove,
    team: Team,
    accept: bool,
    note: str = "",
    on_behalf: bool = False,
    user: User = None,
) -> SpieltagMove:
    """A captain of another team of the group accepts the request or declines it (a
    decline ends it as refused, its note the reason); ``on_behalf``: the organiser records
    the team's answer (given by phone, or a team without a captain), the history says so."""
    locked, _days, own = _locked_move(move)
    group = own.group
    if team.pk == locked.team_id:
        raise ServiceError("move_own_team")
    if not group.teams.filter(pk=team.pk).exists():
        raise ServiceError("team_not_in_group", {"name": team.name})
    clean = _note(note)
    SpieltagMoveAnswer.objects.update_or_create(
        move=locked,
        team=team,
        defaults={"accept": accept, "account": move_account(user), "at": timezone.now()},
    )
    if not accept:
        move_close(locked, SpieltagMove.State.REFUSED, clean, None)
    if on_behalf:  # the organiser recorded the team's answer
        action = "move_accept_behalf" if accept else "move_decline_behalf"
    else:
        action = "move_accept" if accept else "move_decline"
    after: dict[str, object] = {"move": locked.pk, "team": team.pk, "note": clean}
    if on_behalf:
        after["on_behalf"] = True
    audit_record(
        user=user,
        action=action,
        target=own,
        after=after,
    )
    move.refresh_from_db()
    return move


def missing_answers(move: SpieltagMove, group_teams: Iterable[Team]) -> list[Team]:
    """The other teams of the group that have not accepted (yet)."""
    accepted = set(move.answers.filter(accept=True).values_list("team_id", flat=True))
    return [t for t in group_teams if t.pk != move.team_id and t.pk not in accepted]


@transaction.atomic
def spieltag_move_approve(*, move: SpieltagMove, user: User = None) -> int:
    """The organiser approves a request every other team accepted: the clash is checked
    again and the Spieltage move (SEQUENCE + 1 each). Returns how many Spieltage changed."""
    locked, days, own = _locked_move(move)
    if any(d.started_at is not None or d.closed_at is not None for d in days):
        raise ServiceError("move_started")
    missing = missing_answers(locked, days[0].group.teams.order_by("number"))
    if missing:
        raise ServiceError("move_not_accepted", {"teams": ", ".join(t.name for t in missing)})
    move_clash(days=days, date=locked.date, venue=locked.venue)
    league = days[0].group.group_round.league
    start = dt.datetime.combine(locked.date, locked.start_time) if locked.start_time else None
    changed = 0
    for day in days:
        changed += place_set(
            day,
            date=locked.date,
            start_time=start.time() if start else day.start_time,
            venue=locked.venue or day.venue,
            host=day.host,
            user=user,
        )
        if start is not None:
            start += dt.timedelta(minutes=spieltag_minutes(league))
    move_close(locked, SpieltagMove.State.APPROVED, "", user)
    audit_record(
        user=user,
        action="move_approve",
        target=own,
        after={"move": locked.pk, "date": locked.date.isoformat()},
    )
    move.refresh_from_db()
    return changed


@transaction.atomic
def spieltag_move_refuse(*, move: SpieltagMove, reason: str, user: User = None) -> None:
    """The organiser refuses a request, saying why."""
    locked, _days, own = _locked_move(move)
    clean = _note(reason, required=True, field="reason")
    move_close(locked, SpieltagMove.State.REFUSED, clean, user)
    audit_record(
        user=user,
        action="move_refuse",
        target=own,
        after={"move": locked.pk, "reason": clean},
    )
    move.refresh_from_db()


@transaction.atomic
def spieltag_move_withdraw(*, move: SpieltagMove, user: User = None) -> None:
    """The requesting team's captain takes the request back."""
    locked, _days, own = _locked_move(move)
    move_close(locked, SpieltagMove.State.WITHDRAWN, "", user)
    audit_record(user=user, action="move_withdraw", target=own, after={"move": locked.pk})
    move.refresh_from_db()
