"""Seats: a substitute takes a seat from a game on."""

from __future__ import annotations

from django.db import transaction

from league.clubs.models import Player
from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.lists.models import Spielliste, Substitution
from league.lists.services.context import Context
from league.lists.services.results import Written


@transaction.atomic
def seat_substitute(
    *,
    spielliste: Spielliste,
    position: int,
    player: Player,
    from_game: int | None = None,
    user: User = None,
    expected_version: int | None = None,
) -> Written[Substitution]:
    """A substitute plays seat ``position`` from game ``from_game`` (default: the next game)
    to the end. The seat keeps its dealing turn and its Pflichtsolo; the points of every row
    from that game on are credited to the substitute."""
    ctx = Context.load(spielliste, expected_version, user)
    liste = ctx.liste
    if not 1 <= position <= liste.table_size:
        raise ServiceError("invalid_seat", {"seat": position}, field="position")
    start = len(ctx.games) + 1 if from_game is None else from_game
    if not 1 <= start <= len(ctx.games) + 1:
        raise ServiceError("substitute_from_range", {"last": len(ctx.games) + 1}, field="from_game")
    if player.pk in ctx.player_names or any(
        s.player_id == player.pk for s in ctx.substitutions.values()
    ):
        raise ServiceError("substitute_at_table", {"name": player.name}, field="player")
    if position in ctx.substitutions:
        raise ServiceError("seat_substituted", {"seat": position}, field="position")
    sub = Substitution.objects.create(
        spielliste=liste, position=position, from_game=start, player=player
    )
    ctx.substitutions[position] = sub
    snapshot = ctx.replay_and_store()
    audit_record(
        user=user,
        action="substitute",
        target=liste,
        item=start,
        after={"seat": position, "from_game": start, "name": player.name},
    )
    return Written(sub, snapshot)
