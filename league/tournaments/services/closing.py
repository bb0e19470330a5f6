"""Closing a tournament for the Rangliste (competitions.md "Ranking list"): the rating,
the checked close, reopening."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.clubs.services import check_fits
from league.core.audit import Actor, User, audit_record
from league.core.errors import ServiceError
from league.lists.models import ScoreLine
from league.tournaments.models import Bundesland, Tournament
from league.tournaments.services.placement import tournament_lists_place
from league.tournaments.services.rounds import Status
from scoring.errors import ScoringError
from scoring.rangliste import check_rlt


@transaction.atomic
def tournament_set_rating(
    *, tournament: Tournament, rated: bool, bundesland: str = "", user: User = None
) -> Tournament:
    """Flag the tournament as a Ranglistenturnier in a Bundesland (or not); refused once
    the tournament is closed (reopen it first)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.closed_at is not None:
        raise ServiceError("tournament_already_closed")
    if rated and t.rehearsal:
        raise ServiceError("rehearsal_not_rated")
    land = bundesland.strip().upper()
    if land and land not in Bundesland.values:
        raise ServiceError("bundesland_missing", field="bundesland")
    if rated and not land:
        raise ServiceError("bundesland_missing", field="bundesland")
    before = {"rated": t.rated, "bundesland": t.bundesland}
    t.rated, t.bundesland = rated, land
    t.save(update_fields=["rated", "bundesland"])
    audit_record(
        user=user,
        action="rating",
        target=t,
        before=before,
        after={"rated": rated, "bundesland": land},
    )
    tournament.rated, tournament.bundesland = t.rated, t.bundesland
    return t


@transaction.atomic
def tournament_close(*, tournament: Tournament, user: User = None) -> Tournament:
    """Close the tournament: every round drawn is closed; a Ranglistenturnier must have had
    at least 32 players (who played a round) and 3 rounds (``scoring.rangliste.check_rlt``),
    else the close is refused and nothing changes. From now on it counts in the Rangliste.
    """
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.closed_at is not None:
        raise ServiceError("tournament_already_closed")
    rounds = list(t.rounds.order_by("number").values_list("number", "status"))
    open_round = next((n for n, status in rounds if status != Status.CLOSED), None)
    if open_round is not None:
        raise ServiceError("tournament_not_finished", {"number": open_round})
    if not rounds:
        raise ServiceError("tournament_no_rounds")
    if t.rated:
        if not t.bundesland:
            raise ServiceError("bundesland_missing", field="bundesland")
        players = (
            ScoreLine.objects.filter(spielliste__round_table__tournament_round__tournament=t)
            .values("player_id")
            .distinct()
            .count()
        )
        try:
            check_rlt(players=players, rounds=len(rounds))
        except ScoringError as err:
            raise ServiceError.from_scoring(err) from None
    t.closed_at = timezone.now()
    t.save(update_fields=["closed_at"])
    audit_record(
        user=user,
        action="tournament_close",
        target=t,
        after={"rated": t.rated, "bundesland": t.bundesland, "rounds": len(rounds)},
    )
    tournament.closed_at = t.closed_at
    return t


@transaction.atomic
def tournament_reopen(*, tournament: Tournament, user: User = None) -> Tournament:
    """Reopen a closed tournament for a late correction (it leaves the Rangliste until
    it is closed again)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.closed_at is None:
        raise ServiceError("tournament_not_closed")
    approved = t.rating_approved_at is not None
    t.closed_at = None
    # A correction to an approved tournament withdraws the approval (api.md).
    t.rating_approved_at, t.rating_approved_by = None, None
    t.save(update_fields=["closed_at", "rating_approved_at", "rating_approved_by"])
    audit_record(
        user=user, action="tournament_reopen", target=t, before={"rating_approved": approved}
    )
    tournament_lists_place(tournament_id=t.pk)  # no longer vouched for unless official
    tournament.closed_at = None
    tournament.rating_approved_at = tournament.rating_approved_by = None
    return t


@transaction.atomic
def tournament_rating_decide(
    *, tournament: Tournament, approve: bool, reason: str = "", user: User = None
) -> Tournament:
    """A Ranglistenwart's (or staff's) decision on an organiser's request to count in the
    Rangliste (api.md "Rights end at the event"): approve a closed, rated tournament, or
    withdraw (refuse) it with a reason. The caller checks the role
    (``league.rankings.access.can_approve_rating``)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    note = " ".join(reason.split())
    check_fits(note, Tournament, "rating_note")
    if approve:
        if not t.rated:
            raise ServiceError("rating_not_requested")
        if t.closed_at is None:
            raise ServiceError("rating_not_closed")
    elif not note:
        raise ServiceError("rating_reason_missing", field="reason")
    before = {"approved": t.rating_approved_at is not None, "note": t.rating_note}
    decider = user.user if isinstance(user, Actor) else user
    t.rating_approved_at = timezone.now() if approve else None
    t.rating_approved_by = decider if approve and isinstance(decider, get_user_model()) else None
    t.rating_note = note
    t.save(update_fields=["rating_approved_at", "rating_approved_by", "rating_note"])
    audit_record(
        user=user,
        action="rating_approved" if approve else "rating_withdrawn",
        target=t,
        before=before,
        after={"approved": approve, "note": note},
    )
    tournament_lists_place(tournament_id=t.pk)  # vouched for while approved
    tournament.rating_approved_at = t.rating_approved_at
    tournament.rating_approved_by = t.rating_approved_by
    tournament.rating_note = note
    return t


def tournaments_touched_by_player(player_id: int) -> list[int]:
    """The approved tournaments whose rows name ``player_id`` (an entry, a seat, a score
    line in one of its lists): a change of those rows is a correction of their results."""
    path = "rounds__tables__spielliste"
    return list(
        Tournament.objects.filter(rating_approved_at__isnull=False)
        .filter(
            Q(participants__player_id=player_id)
            | Q(**{f"{path}__seats__player_id": player_id})
            | Q(**{f"{path}__lines__player_id": player_id})
        )
        .values_list("pk", flat=True)
        .distinct()
        .order_by("pk")
    )


@transaction.atomic
def tournament_approval_withdraw_for_correction(
    *, tournament_ids: Iterable[int], cause: str, user: User = None
) -> list[int]:
    """A correction to an approved tournament's results withdraws the approval until a
    Ranglistenwart gives it again (api.md "Rights end at the event"); ``cause`` names the
    correction in the history (e.g. "merge"). Returns the tournaments withdrawn."""
    withdrawn = []
    for t in Tournament.objects.select_for_update().filter(
        pk__in=list(tournament_ids), rating_approved_at__isnull=False
    ):
        t.rating_approved_at, t.rating_approved_by = None, None
        t.save(update_fields=["rating_approved_at", "rating_approved_by"])
        audit_record(
            user=user,
            action="rating_withdrawn",
            target=t,
            before={"approved": True},
            after={"approved": False, "correction": cause},
        )
        tournament_lists_place(tournament_id=t.pk)
        withdrawn.append(t.pk)
    return withdrawn
