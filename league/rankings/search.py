"""Finding a player by name from the Rangliste page ("Spieler oder Rangliste finden").

A player who asked not to be named (``hide_name``) is found by his public alias only
("Spieler 17"), never by his name, and shown by the alias without his club — except to
staff and to himself, as on his own page.
"""

from __future__ import annotations

from dataclasses import dataclass

from league.clubs.models import Player, public_alias
from league.core.text import fold
from league.rankings.selectors import RanglisteView

FOUND_MAX = 20  # more: the visitor types more of the name
QUERY_MAX = 80  # a name field's length


@dataclass(frozen=True)
class FoundPlayer:
    pk: int
    name: str  # as shown
    club: str  # "" for a hidden player
    rank: int | None  # his place in the Rangliste on the Stichtag
    unter_36: bool  # in the list of players with fewer than 36 rounds


@dataclass(frozen=True)
class Found:
    players: tuple[FoundPlayer, ...]
    more: bool  # there were more than FOUND_MAX


def find_players(
    query: str, *, view: RanglisteView, reveal: bool = False, own_id: int | None = None
) -> Found:
    """Players whose shown name holds every word of ``query`` (folded: "jorg" finds
    "Jörg"), sorted by name; with their place in ``view``. ``reveal``: staff, who read
    hidden names; ``own_id``: the visitor's own record, whose name he may search."""
    words = fold(query[:QUERY_MAX]).split()
    if not words:
        return Found(players=(), more=False)
    ranks = {r.player: r.rank for r in view.rangliste}
    young = {r.player for r in view.unter_36}
    found: list[FoundPlayer] = []
    rows = (
        Player.objects.filter(rehearsal=False)  # never a Probelauf's generated people
        .values_list("pk", "name", "hide_name", "club__name")
        .order_by("pk")
    )
    for pk, name, hidden, club in rows.iterator(chunk_size=2000):
        masked = hidden and not reveal and pk != own_id
        shown = public_alias(pk) if masked else name
        folded = fold(shown)
        if not all(word in folded for word in words):
            continue
        found.append(
            FoundPlayer(
                pk=pk,
                name=shown,
                club="" if masked else (club or ""),
                rank=ranks.get(str(pk)),
                unter_36=str(pk) in young,
            )
        )
    # Sorted by the shown name only: the real name of a hidden player must not place him.
    found.sort(key=lambda p: (fold(p.name), p.pk))
    return Found(players=tuple(found[:FOUND_MAX]), more=len(found) > FOUND_MAX)
