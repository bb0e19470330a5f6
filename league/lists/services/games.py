"""Games: entered one by one or imported, corrected, the last one deleted; and the house
rules' "neu gegeben" (a redeal before the next game)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from league.core.audit import User, audit_record
from league.core.errors import ConflictError, ServiceError
from league.lists.models import Game, Spielliste
from league.lists.services.context import (
    Context,
    earlier_write,
    lock,
    remember_write,
)
from league.lists.services.results import Written
from scoring import GameRecord
from scoring.interchange import entry_to_dict
from scoring.quick import QuickGame


@transaction.atomic
def game_record(
    *,
    spielliste: Spielliste,
    record: GameRecord | QuickGame,
    user: User = None,
    expected_version: int | None = None,
    key: str = "",
    same: str = "",
) -> Written[Game]:
    """Append the next game (a full record, or a quick row: house rules' quick entry).

    The site's entry form names the players by their place in the next game: it is read
    with the seating the last write stored (``Spielliste.next_seating``), and the replay
    refuses a record of other players. ``key`` (an idempotency
    key, e.g. from the entry form) makes a retried save of the same game — its first
    answer lost on the hall's Wi-Fi — return the game saved the first time instead of a
    conflict. ``same`` (``same_form_key``: the posted form's content with the version it
    was filled on) does the same for a form sent twice under two keys (a double click, a
    second tab): the second save of one filled form is answered as the first, never a
    second game."""
    liste = lock(spielliste)
    done = earlier_write(liste, key) or earlier_write(liste, same)
    if done is not None:
        return _answered_again(liste, done.item, user)
    ctx = Context.checked(liste, expected_version, user)
    (game,), snapshot = ctx.append([record])
    audit_record(
        user=user, action="record", target=ctx.liste, item=game.number, after=entry_to_dict(record)
    )
    remember_write(ctx.liste, key, "record", game.number)
    remember_write(ctx.liste, same, "record", game.number)
    return Written(game, snapshot)


def _answered_again(liste: Spielliste, number: int | None, user: User) -> Written[Game]:
    """A retried write (its idempotency key known): the game it saved, with the list as it
    is now; nothing is written. A game deleted since is a conflict, as is a list that no
    longer passes the rules."""
    ctx = Context(liste, user)
    game = next((g for g in ctx.games if g.number == number), None)
    try:
        snapshot = ctx.as_stored()
    except ServiceError:
        snapshot = None
    if game is None or snapshot is None:
        raise ConflictError("conflict", {"version": liste.version})
    return Written(game, snapshot)


@transaction.atomic
def games_import(
    *,
    spielliste: Spielliste,
    records: Sequence[GameRecord | QuickGame],
    user: User = None,
    expected_version: int | None = None,
) -> int:
    """Append many games at once (an import): one replay, bulk writes. All or nothing."""
    ctx = Context.load(spielliste, expected_version, user)
    games, _ = ctx.append(records)
    first = games[0].number if games else len(ctx.games) + 1
    audit_record(
        user=user, action="import", target=ctx.liste, after={"games": len(games), "from": first}
    )
    return len(games)


@transaction.atomic
def game_correct(
    *,
    spielliste: Spielliste,
    number: int,
    record: GameRecord | QuickGame,
    user: User = None,
    expected_version: int | None = None,
    key: str = "",
) -> Written[Game]:
    """Replace game ``number``'s facts; refused if it or any later row becomes invalid.
    A quick row is corrected like a full game (as a quick row, or replaced by the full
    record); a full game may become a quick row where the list takes quick rows.
    ``key`` as for ``game_record``: a retried correction is answered as done."""
    liste = lock(spielliste)
    done = earlier_write(liste, key)
    if done is not None:
        return _answered_again(liste, done.item, user)
    ctx = Context.checked(liste, expected_version, user)
    game = ctx.game(number)
    before = entry_to_dict(game.to_entry(ctx.names))
    valued = {g.number: (g.bock, g.value) for g in ctx.games if g.number != number}
    ctx.set_facts(game, record)
    try:
        snapshot = ctx.replay_and_store()
    except ServiceError as err:
        if err.game is not None and err.game != number:
            err.frame = "correction_invalidates"
        raise
    changed = [g for g in ctx.games if g.number in valued and valued[g.number] != (g.bock, g.value)]
    audit_record(
        user=user,
        action="correct",
        target=ctx.liste,
        item=number,
        before=before,
        after=entry_to_dict(record),
    )
    remember_write(ctx.liste, key, "correct", number)
    return Written(
        game,
        snapshot,
        revalued=tuple(g.number for g in changed),
        rebocked=tuple(g.number for g in changed if g.bock != valued[g.number][0]),
    )


def game_delete_last(
    *,
    spielliste: Spielliste,
    number: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> int:
    """``game_delete``, answering only the deleted game's number (for callers that need
    nothing else)."""
    return game_delete(
        spielliste=spielliste, number=number, user=user, expected_version=expected_version
    ).item


@transaction.atomic
def game_delete(
    *,
    spielliste: Spielliste,
    number: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> Written[int]:
    """Delete the last game (and penalty rows that belonged to it); ``item`` is its number.
    ``number``, when given, must be that last game (api.md: 409 ``not_last_game``)."""
    ctx = Context.load(spielliste, expected_version, user)
    if not ctx.games:
        raise ServiceError("no_games")
    if number is not None and number != ctx.games[-1].number:
        if not any(g.number == number for g in ctx.games):
            raise ServiceError("no_such_game", {"number": number})
        raise ServiceError("not_last_game", {"number": number, "last": ctx.games[-1].number})
    game = ctx.games.pop()
    before = entry_to_dict(game.to_entry(ctx.names))
    number = game.number
    orphaned = [p for p in ctx.penalties if p.after_game >= number]
    # Redeals before the game to be typed again stay; those after it go with it.
    ctx.liste.redeals = [n for n in ctx.liste.redeals if n <= number]
    ctx.penalties = [p for p in ctx.penalties if p.after_game < number]
    # round.md: time_up_after counts the games dealt when time was called; the deleted game
    # was dealt (it is typed again), so only a game "in progress" beyond it goes.
    if ctx.liste.time_up_after is not None:
        ctx.liste.time_up_after = min(ctx.liste.time_up_after, number)
    snapshot = ctx.replay_and_store()
    for penalty in orphaned:
        penalty.delete()
    game.delete()
    audit_record(user=user, action="delete", target=ctx.liste, item=number, before=before)
    return Written(number, snapshot)


# --- house rules: redeals -------------------------------------------------------------


@transaction.atomic
def redeal_record(
    *, spielliste: Spielliste, user: User = None, expected_version: int | None = None
) -> Written[None]:
    """ "Neu gegeben" (house rule ``schmeissen``): the next game is dealt again by the same
    dealer; no points, no game of the list, no Bock deal used."""
    ctx = Context.load(spielliste, expected_version, user)
    number = len(ctx.games) + 1
    ctx.liste.redeals = [*ctx.liste.redeals, number]
    snapshot = ctx.replay_and_store()
    audit_record(user=user, action="redeal", target=ctx.liste, item=number)
    return Written(None, snapshot)


@transaction.atomic
def redeal_undo(
    *,
    spielliste: Spielliste,
    number: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> Written[None]:
    """Take back a "neu gegeben": by default the last one before the game still to be
    entered; with ``number``, one before game ``number`` (a correction: the list is replayed
    without it and the change refused, nothing written, if a row becomes invalid)."""
    ctx = Context.load(spielliste, expected_version, user)
    upcoming = len(ctx.games) + 1
    target = upcoming if number is None else number
    redeals = list(ctx.liste.redeals)
    if target not in redeals:
        if number is None:
            raise ServiceError("no_redeal")
        raise ServiceError("no_redeal_before", {"number": number})
    redeals.reverse()
    redeals.remove(target)
    redeals.reverse()
    ctx.liste.redeals = redeals
    try:
        snapshot = ctx.replay_and_store()
    except ServiceError as err:
        if err.game is not None and target != upcoming:
            err.frame = "correction_invalidates"
        raise
    audit_record(user=user, action="redeal_undo", target=ctx.liste, item=target)
    return Written(None, snapshot)
