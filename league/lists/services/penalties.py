"""Penalty rows (TSR 9): added with the referee's name, deleted again."""

from __future__ import annotations

from django.db import transaction

from league.clubs.models import Player
from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.lists.models import PenaltyRow, Spielliste
from league.lists.services.context import Context
from league.lists.services.results import Written
from scoring.interchange import PENALTY_KINDS, penalty_to_dict
from scoring.penalties import Penalty, PenaltyError, PenaltyKind


@transaction.atomic
def penalty_add(
    *,
    spielliste: Spielliste,
    after_game: int,
    kind: str,
    offender: Player,
    referee: str,
    beneficiary: Player | None = None,
    absagen: int = 0,
    points: int = 0,
    user: User = None,
    expected_version: int | None = None,
) -> Written[PenaltyRow]:
    ctx = Context.load(spielliste, expected_version, user)
    if not referee.strip():
        raise ServiceError("referee_missing", field="referee")
    for who, fld in ((offender, "offender"), (beneficiary, "beneficiary")):
        if who is not None and who.pk not in ctx.player_names:
            raise ServiceError("not_at_table", {"name": who.name}, field=fld)
    row = PenaltyRow(
        spielliste=ctx.liste,
        after_game=after_game,
        kind=kind,
        offender=offender,
        beneficiary=beneficiary,
        absagen=absagen,
        points=points,
        referee=referee.strip(),
    )
    if kind not in PENALTY_KINDS:
        raise ServiceError(
            "penalty_unknown_kind",
            {"value": kind, "allowed": ", ".join(PENALTY_KINDS)},
            field="kind",
        )
    try:
        penalty = Penalty(
            after_game=after_game,
            kind=PenaltyKind(kind),
            offender=ctx.player_names[offender.pk],
            beneficiary=ctx.player_names[beneficiary.pk] if beneficiary else None,
            absagen=absagen,
            points=points,
        )
    except PenaltyError as err:
        raise ServiceError.from_scoring(err) from None
    ctx.penalties.append(row)
    ctx.penalties.sort(key=lambda p: p.after_game)
    time_up = ctx.liste.time_up_after
    if kind == PenaltyKind.SERIOUS.value and time_up == after_game + 1 == len(ctx.games) + 1:
        # round.md Decision: a serious breach in the game in progress at time-up voids it
        # without a repeat; it is the penalty after game k with time up after k.
        ctx.liste.time_up_after = after_game
    snapshot = ctx.replay_and_store()
    audit_record(
        user=user,
        action="penalty",
        target=ctx.liste,
        item=after_game,
        after=penalty_to_dict(penalty) | {"referee": referee},
    )
    return Written(row, snapshot)


@transaction.atomic
def penalty_delete(
    *, penalty_row: PenaltyRow, user: User = None, expected_version: int | None = None
) -> Written[PenaltyRow]:
    ctx = Context.load(penalty_row.spielliste, expected_version, user)
    before = penalty_to_dict(penalty_row.to_penalty(ctx.player_names))
    ctx.penalties = [p for p in ctx.penalties if p.pk != penalty_row.pk]
    snapshot = ctx.replay_and_store()
    PenaltyRow.objects.filter(pk=penalty_row.pk).delete()
    audit_record(
        user=user,
        action="penalty_delete",
        target=ctx.liste,
        item=penalty_row.after_game,
        before=before,
    )
    return Written(penalty_row, snapshot)
