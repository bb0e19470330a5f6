"""A round on the board: its clock, calling time for every table, closing and reopening.
Every writer of a round's lists locks them in one order (``lock_lists``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.lists import services as list_services
from league.lists.models import Spielliste
from league.lists.selectors import PAPER_DIFFERS, paper_status
from league.tournaments.models import RoundTable, Tournament, TournamentRound

Status = TournamentRound.Status


def lock_lists(rnd: TournamentRound) -> list[Spielliste]:
    """The round's lists, locked in a fixed order (the same order every writer takes: the
    round's row first, then these)."""
    return list(
        Spielliste.objects.select_for_update()
        .filter(round_table__tournament_round=rnd)
        .order_by("pk")
    )


@transaction.atomic
def round_start(*, tournament_round: TournamentRound, user: User = None) -> TournamentRound:
    """Start the round clock: each table has its playing time from now (8.5.1, 10.1.5)."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    if rnd.started_at is not None:
        raise ServiceError("round_already_started")
    rnd.started_at = timezone.now()
    rnd.save(update_fields=["started_at"])
    audit_record(
        user=user,
        action="start",
        target=rnd.tournament,
        item=rnd.number,
        after={"started_at": rnd.started_at.isoformat()},
    )
    tournament_round.started_at = rnd.started_at
    return rnd


@transaction.atomic
def round_call_time(*, tournament_round: TournamentRound, user: User = None) -> int:
    """Time is up for every table of the round still playing; returns how many. Each such
    table is taken to have a game in progress (round.md Decision); a table where none had
    been dealt says so on its list (``spielliste_no_game_dealt``)."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    count = 0
    for liste in lock_lists(rnd):
        if (
            not liste.complete
            and liste.time_up_after is None
            and not liste.totals_only
            and not liste.ended_early
        ):
            list_services.spielliste_call_time(spielliste=liste, game_in_progress=True, user=user)
            count += 1
    rnd.time_called = True
    rnd.save(update_fields=["time_called"])
    audit_record(
        user=user,
        action="call_time",
        target=rnd.tournament,
        item=rnd.number,
        after={"tables": count},
    )
    return count


@transaction.atomic
def round_close(*, tournament_round: TournamentRound, user: User = None) -> TournamentRound:
    """Confirm a round: every list complete; from now on it counts in the standings.

    The round row and then every list row are locked before the check, and each list is
    frozen under that lock: a list write either finished before (and is seen by the
    check) or waits and then finds the list frozen.
    """
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_already_closed")
    lists = lock_lists(rnd)
    tables = dict(
        RoundTable.objects.filter(tournament_round=rnd).values_list("spielliste_id", "number")
    )
    differ = sorted(
        tables[liste.pk]
        for liste in lists
        if liste.totals_only
        and paper_status(list(liste.paper_entries.all()), double_entry=True) == PAPER_DIFFERS
    )
    if differ:
        raise ServiceError("paper_entries_differ", {"tables": ", ".join(map(str, differ))})
    open_tables = sorted(tables[liste.pk] for liste in lists if not liste.complete)
    if open_tables:
        raise ServiceError("round_incomplete", {"tables": ", ".join(map(str, open_tables))})
    _set_status(rnd, lists, Status.CLOSED, action="close", user=user)
    tournament_round.status = rnd.status
    return rnd


@transaction.atomic
def round_reopen(*, tournament_round: TournamentRound, user: User = None) -> TournamentRound:
    """Reopen the last closed round for a late correction (organiser only)."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if not rnd.closed:
        raise ServiceError("round_not_closed")
    if Tournament.objects.filter(pk=rnd.tournament_id, closed_at__isnull=False).exists():
        raise ServiceError("tournament_already_closed")
    _set_status(rnd, lock_lists(rnd), Status.DRAWN, action="reopen", user=user)
    tournament_round.status = rnd.status
    return rnd


def _set_status(
    rnd: TournamentRound,
    lists: list[Spielliste],
    status: str,
    *,
    action: str,
    user: User,
) -> None:
    """Close (freeze every list) or reopen (unfreeze) a locked round, with its audit entry."""
    for liste in lists:
        list_services.spielliste_set_frozen(
            spielliste=liste, frozen=status == Status.CLOSED, user=user
        )
    before = rnd.status
    rnd.status = status
    rnd.save(update_fields=["status"])
    audit_record(
        user=user,
        action=action,
        target=rnd.tournament,
        item=rnd.number,
        before={"status": before},
        after={"status": status},
    )
