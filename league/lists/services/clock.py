"""The round's time (8.5.1): time called (with or without a game in progress), taken
back, and added playing time granted by a referee."""

from __future__ import annotations

from django.db import transaction

from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.lists.models import Spielliste
from league.lists.services.context import Context, check_open, lock
from league.lists.services.results import Written
from scoring.round import ADDED_MINUTES_MAX


@transaction.atomic
def spielliste_call_time(
    *,
    spielliste: Spielliste,
    game_in_progress: bool = True,
    user: User = None,
    expected_version: int | None = None,
) -> Written[None]:
    """Time is up (8.5.1, round.md Decision): the games dealt so far are played out — the
    games entered, plus the one in progress — then only owed Pflichtsoli follow."""
    ctx = Context.load(spielliste, expected_version, user)
    if ctx.liste.time_up_after is not None:
        raise ServiceError("time_already_up")
    if ctx.liste.complete:
        raise ServiceError("list_complete")
    dealt = len(ctx.games) + (1 if game_in_progress else 0)
    ctx.liste.time_up_after = dealt
    snapshot = ctx.replay_and_store()
    audit_record(
        user=user,
        action="time_up",
        target=ctx.liste,
        item=len(ctx.games),
        after={"time_up_after": dealt, "game_in_progress": game_in_progress},
    )
    return Written(None, snapshot)


@transaction.atomic
def spielliste_no_game_dealt(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Written[None]:
    """Time was called for the whole round assuming a game in progress; this table says no
    game had been dealt (round.md): time is up after the last game entered."""
    ctx = Context.load(spielliste, expected_version, user)
    if ctx.liste.time_up_after != len(ctx.games) + 1:
        raise ServiceError("no_game_in_progress")
    ctx.liste.time_up_after = len(ctx.games)
    snapshot = ctx.replay_and_store()
    audit_record(
        user=user,
        action="time_no_game",
        target=ctx.liste,
        item=len(ctx.games),
        before={"time_up_after": len(ctx.games) + 1},
        after={"time_up_after": len(ctx.games)},
    )
    return Written(None, snapshot)


@transaction.atomic
def spielliste_add_time(
    *,
    spielliste: Spielliste,
    minutes: int,
    referee: str,
    user: User = None,
    expected_version: int | None = None,
) -> Spielliste:
    """Added playing time for this table, granted by a referee (8.5.1 "Abweichende
    Spielzeiten"), recorded on the list with his name."""
    liste = lock(spielliste)
    check_open(liste, expected_version)
    if not referee.strip():
        raise ServiceError("referee_missing", field="referee")
    if not 1 <= minutes <= ADDED_MINUTES_MAX - liste.added_minutes:
        raise ServiceError(
            "added_minutes_range",
            {"max": ADDED_MINUTES_MAX, "already": liste.added_minutes},
            field="minutes",
        )
    liste.added_minutes += minutes
    liste.added_by = referee.strip()[:80]
    liste.version += 1
    liste.save(update_fields=["added_minutes", "added_by", "version", "updated_at"])
    audit_record(
        user=user,
        action="add_time",
        target=liste,
        after={"minutes": minutes, "referee": liste.added_by, "total": liste.added_minutes},
    )
    spielliste.version, spielliste.added_minutes = liste.version, liste.added_minutes
    return liste


@transaction.atomic
def spielliste_resume_time(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Written[None]:
    """Undo a mistaken time call (the referee granted added time, 8.5.1)."""
    ctx = Context.load(spielliste, expected_version, user)
    before = ctx.liste.time_up_after
    ctx.liste.time_up_after = None
    snapshot = ctx.replay_and_store()
    audit_record(
        user=user, action="time_resumed", target=ctx.liste, before={"time_up_after": before}
    )
    return Written(None, snapshot)
