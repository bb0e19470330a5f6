"""An organiser changes his tournament after creating it (issue 29): the settings page's
one write, with the rules of what may change when.

**Decision** (competitions.md, round.md, api.md leave the timing open):

- nothing changes once the tournament is closed (reopen it first, as for the rating);
- name, date, place, keeping clubs apart and members-only: any time before that (a new
  date re-dates the lists' statistics rows);
- the number of rounds: 1 to 20, never below the rounds already drawn, and never so few
  that the silent rounds would hide every round;
- the tie-breaks: any time (the standings are computed, never stored);
- double entry: not while a round that is not closed has results typed from paper — their
  status (waiting, differs, counted) would change under the typists' hands; closed rounds
  keep their counted results (the league's rule, ``league_set_double_entry``);
- the playing time of a round: an unofficial tournament's own (``scoring.clock``), and
  not while a round's clock runs — the tables were told their time; the referee's time
  added at a table is the way to give one table more.

Each changed setting leaves its own history entry (before and after); a refusal writes
nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from league.core.audit import User, audit_record
from league.core.dates import check_event_date
from league.core.errors import ServiceError
from league.lists.models import PaperEntry
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.services.placement import tournament_lists_place
from scoring.clock import own_minutes_allowed
from scoring.errors import ScoringError
from scoring.standings import check_order

CLOSED = TournamentRound.Status.CLOSED


@dataclass(frozen=True)
class TournamentSettings:
    """What the organiser's settings page sets (the rest is fixed at creation or has its
    own action: official, confirmation, silent rounds, the rating)."""

    name: str
    date: dt.date
    venue: str
    rounds_planned: int
    double_entry: bool
    tie_breaks: Sequence[str]
    round_minutes: int | None
    separate_clubs: bool
    members_only: bool

    @classmethod
    def of(cls, t: Tournament) -> TournamentSettings:
        return cls(
            name=t.name,
            date=t.date,
            venue=t.venue,
            rounds_planned=t.rounds_planned,
            double_entry=t.double_entry,
            tie_breaks=tuple(t.tie_breaks),
            round_minutes=t.round_minutes,
            separate_clubs=t.separate_clubs,
            members_only=t.members_only,
        )


@transaction.atomic
def tournament_change_settings(
    *, tournament: Tournament, settings: TournamentSettings, user: User = None
) -> list[str]:
    """Apply the settings page: every changed value is checked first (the first refusal
    raises and nothing is written), then each is written with its history entry. Returns
    the names of the fields that changed."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.closed_at is not None:
        raise ServiceError("tournament_already_closed")
    new = _checked(locked, settings)
    old = TournamentSettings.of(locked)
    changed = [f for f in _FIELDS if getattr(new, f) != getattr(old, f)]
    for field in changed:
        _write(locked, field, getattr(new, field), user)
    if {"name", "date", "members_only"} & set(changed):  # its lists' placements say them
        tournament_lists_place(tournament_id=locked.pk)
    for field in changed:
        setattr(tournament, field, getattr(locked, field))
    return changed


_FIELDS = (
    "name",
    "date",
    "venue",
    "rounds_planned",
    "double_entry",
    "tie_breaks",
    "round_minutes",
    "separate_clubs",
    "members_only",
)


def _checked(t: Tournament, s: TournamentSettings) -> TournamentSettings:
    """The settings as stored (trimmed, the tie-breaks' order checked), or the refusal of
    the first one that may not change now."""
    name = s.name.strip()
    if not name:
        raise ServiceError("name_missing", field="name")
    if s.date != t.date:
        check_event_date(s.date)
    try:
        order = tuple(check_order(s.tie_breaks))
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    if s.rounds_planned != t.rounds_planned:
        _check_rounds(t, s.rounds_planned)
    if s.double_entry != t.double_entry:
        _check_double_entry(t)
    if s.round_minutes != t.round_minutes:
        _check_minutes(t, s.round_minutes)
    return TournamentSettings(
        name=name,
        date=s.date,
        venue=s.venue.strip(),
        rounds_planned=s.rounds_planned,
        double_entry=s.double_entry,
        tie_breaks=order,
        round_minutes=s.round_minutes,
        separate_clubs=s.separate_clubs,
        members_only=s.members_only,
    )


def _check_rounds(t: Tournament, rounds: int) -> None:
    if not 1 <= rounds <= 20:
        raise ServiceError("invalid_rounds", field="rounds_planned")
    drawn = t.rounds.count()
    if rounds < drawn:
        raise ServiceError("rounds_below_drawn", {"drawn": drawn}, field="rounds_planned")
    if t.silent_rounds and rounds <= t.silent_rounds:
        raise ServiceError(
            "rounds_below_silent",
            {"silent": t.silent_rounds, "least": t.silent_rounds + 1},
            field="rounds_planned",
        )


def _check_double_entry(t: Tournament) -> None:
    typed = (
        PaperEntry.objects.filter(spielliste__round_table__tournament_round__tournament=t)
        .exclude(spielliste__round_table__tournament_round__status=CLOSED)
        .values_list("spielliste__round_table__tournament_round__number", flat=True)
        .order_by("spielliste__round_table__tournament_round__number")
        .first()
    )
    if typed is not None:
        raise ServiceError("double_entry_paper_typed", {"number": typed}, field="double_entry")


def _check_minutes(t: Tournament, minutes: int | None) -> None:
    if minutes is not None:
        if t.official:
            raise ServiceError("round_minutes_official", field="round_minutes")
        if not own_minutes_allowed(minutes):
            raise ServiceError("round_minutes_range", field="round_minutes")
    running = (
        t.rounds.filter(started_at__isnull=False)
        .exclude(status=CLOSED)
        .values_list("number", flat=True)
        .first()
    )
    if running is not None:
        raise ServiceError("round_minutes_running", {"number": running}, field="round_minutes")


def _stored(field: str, value: Any) -> Any:
    """A value as the history keeps it (JSON)."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def _write(t: Tournament, field: str, value: Any, user: User) -> None:
    """One setting and its history entry (one action key each: the history's sentence)."""
    before = {field: _stored(field, getattr(t, field))}
    setattr(t, field, list(value) if isinstance(value, tuple) else value)
    t.save(update_fields=[field])
    after = {field: _stored(field, value)}
    if field == "name":
        audit_record(user=user, action="set_name", target=t, before=before, after=after)
    elif field == "date":
        audit_record(user=user, action="set_date", target=t, before=before, after=after)
    elif field == "venue":
        audit_record(user=user, action="set_venue", target=t, before=before, after=after)
    elif field == "rounds_planned":
        audit_record(user=user, action="set_rounds", target=t, before=before, after=after)
    elif field == "tie_breaks":
        audit_record(user=user, action="set_tie_breaks", target=t, before=before, after=after)
    elif field == "round_minutes":
        audit_record(
            user=user,
            action="set_round_minutes" if value is not None else "unset_round_minutes",
            target=t,
            before=before,
            after=after,
        )
    elif field == "double_entry":
        audit_record(
            user=user,
            action="double_entry_on" if value else "double_entry_off",
            target=t,
            before=before,
            after=after,
        )
    elif field == "separate_clubs":
        audit_record(
            user=user,
            action="separate_clubs_on" if value else "separate_clubs_off",
            target=t,
            before=before,
            after=after,
        )
    else:
        audit_record(
            user=user,
            action="members_only_on" if value else "members_only_off",
            target=t,
            before=before,
            after=after,
        )
