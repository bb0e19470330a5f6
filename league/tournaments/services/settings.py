"""A tournament's settings and organisers: create, update, organisers, continuing as an
unofficial event."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import User as Account
from django.db import transaction

from league.accounts.membership import member_add, member_remove
from league.clubs.models import Club
from league.core.audit import Actor, User, audit_field_set, audit_record
from league.core.dates import check_event_date
from league.core.errors import ServiceError
from league.tournaments.models import Tournament
from league.tournaments.services.placement import tournament_lists_place
from scoring.clock import OWN_ROUND_MINUTES, own_minutes_allowed
from scoring.errors import ScoringError
from scoring.standings import DEFAULT_ORDER, check_order


def _tournament_values(t: Tournament) -> dict[str, object]:
    return {
        "name": t.name,
        "date": t.date.isoformat(),
        "rounds_planned": t.rounds_planned,
        "official": t.official,
        "venue": t.venue,
        "club": t.club_id,
        "tie_breaks": list(t.tie_breaks),
        "require_confirmation": t.require_confirmation,
        "double_entry": t.double_entry,
        "separate_clubs": t.separate_clubs,
        "round_minutes": t.round_minutes,
        "members_only": t.members_only,
    }


@transaction.atomic
def tournament_create(
    *,
    name: str,
    date: dt.date,
    rounds_planned: int = 3,
    official: bool = False,
    venue: str = "",
    club: Club | None = None,
    tie_breaks: Sequence[str] = DEFAULT_ORDER,
    require_confirmation: bool = False,
    double_entry: bool = False,
    separate_clubs: bool = True,
    round_minutes: int | None = None,
    members_only: bool = False,
    user: User = None,
) -> Tournament:
    check_event_date(date)
    tournament = Tournament(
        club=club,
        date=date,
        require_confirmation=require_confirmation,
        double_entry=double_entry,
        separate_clubs=separate_clubs,
        members_only=members_only,
    )
    _set_values(tournament, name, rounds_planned, official, venue, tie_breaks)
    _set_minutes(tournament, round_minutes)
    tournament.save()
    account = user.user if isinstance(user, Actor) else user
    if isinstance(account, Account):
        tournament.organisers.add(account)  # the creator is the first organiser
    audit_record(
        user=user, action="create", target=tournament, after=_tournament_values(tournament)
    )
    return tournament


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    name: str,
    date: dt.date,
    rounds_planned: int,
    official: bool,
    venue: str = "",
    club: Club | None = None,
    tie_breaks: Sequence[str] = DEFAULT_ORDER,
    require_confirmation: bool = False,
    double_entry: bool = False,
    separate_clubs: bool = True,
    round_minutes: int | None = None,
    members_only: bool = False,
    user: User = None,
) -> Tournament:
    """Change a tournament's settings in the admin (staff): the same checks as create,
    and never fewer rounds than are already drawn. Organisers change theirs on the settings
    page (``services.changes``, with the rules of what may change when)."""
    check_event_date(date)
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = _tournament_values(locked)
    drawn = locked.rounds.count()
    _set_values(locked, name, rounds_planned, official, venue, tie_breaks)
    if rounds_planned < drawn:
        raise ServiceError("rounds_below_drawn", {"drawn": drawn}, field="rounds_planned")
    locked.date, locked.club = date, club
    locked.require_confirmation = require_confirmation
    locked.double_entry, locked.separate_clubs = double_entry, separate_clubs
    locked.members_only = members_only
    _set_minutes(locked, round_minutes)
    locked.save()
    tournament_lists_place(tournament_id=locked.pk)  # name, date, members-only, official
    audit_record(
        user=user, action="update", target=locked, before=before, after=_tournament_values(locked)
    )
    return locked


@transaction.atomic
def tournament_add_organiser(
    *, tournament: Tournament, account: str | Account, user: User = None
) -> Account:
    """Make an account (or the one with this user name or e-mail) an organiser."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    return member_add(
        holder=locked, relation="organisers", account=account, role="organiser", user=user
    )


@transaction.atomic
def tournament_remove_organiser(
    *, tournament: Tournament, account_id: int, user: User = None
) -> None:
    """Remove an organiser; a tournament always keeps at least one."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    member_remove(
        holder=locked, relation="organisers", account_id=account_id, role="organiser", user=user
    )


def _set_values(
    t: Tournament,
    name: str,
    rounds_planned: int,
    official: bool,
    venue: str,
    tie_breaks: Sequence[str],
) -> None:
    if not name.strip():
        raise ServiceError("name_missing", field="name")
    if not 1 <= rounds_planned <= 20:
        raise ServiceError("invalid_rounds", field="rounds_planned")
    try:
        order = check_order(tie_breaks)
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    t.name, t.rounds_planned, t.official = name.strip(), rounds_planned, official
    t.venue, t.tie_breaks = venue.strip(), list(order)


# A round's playing time an unofficial event may set (scoring.clock).
ROUND_MINUTES_RANGE = OWN_ROUND_MINUTES


def _set_minutes(t: Tournament, minutes: int | None) -> None:
    if minutes is not None:
        if t.official:
            raise ServiceError("round_minutes_official", field="round_minutes")
        if not own_minutes_allowed(minutes):
            raise ServiceError("round_minutes_range", field="round_minutes")
    t.round_minutes = minutes


@transaction.atomic
def tournament_set_unofficial(*, tournament: Tournament, user: User = None) -> Tournament:
    """An official event that fell below a multiple of four players continues as an
    unofficial one (5-player tables allowed); recorded in the history."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    audit_field_set(locked, "official", False, user=user, action="unofficial")
    tournament_lists_place(tournament_id=locked.pk)  # no longer vouched for unless approved
    tournament.official = False
    return locked


@transaction.atomic
def tournament_set_silent(*, tournament: Tournament, rounds: int, user: User = None) -> Tournament:
    """Hide the standings of the last ``rounds`` rounds from everybody but the organisers
    (0 shows every round again, e.g. after the prize ceremony)."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    most = locked.rounds_planned - 1
    if not 0 <= rounds <= most:
        raise ServiceError(
            "silent_rounds_range",
            {"most": most, "planned": locked.rounds_planned},
            field="silent_rounds",
        )
    if locked.silent_rounds != rounds:
        before = {"silent_rounds": locked.silent_rounds}
        locked.silent_rounds = rounds
        locked.save(update_fields=["silent_rounds"])
        audit_record(
            user=user,
            action="silent",
            target=locked,
            before=before,
            after={"silent_rounds": rounds},
        )
        tournament_lists_place(tournament_id=locked.pk)  # a reader may be refused its lists
    tournament.silent_rounds = rounds
    return locked
