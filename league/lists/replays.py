"""Replays kept in this process's memory, by everything a replay reads.

A board of 42 tables replays every list on each rendering, and after a save only one of them
changed (bench/cluster.py ``--by-kind``: the board was the costliest page a save set off).
A list's replay (``ListeSnapshot``) is kept under a key of all it was made from that the
list's row and seats say: the list's id, ``version`` and ``updated_at`` (every write of its
games and penalty rows goes through ``league.lists.services.context`` and bumps both;
freezing bumps ``version``), its house rules, redeals, time call, ``closed``, whether it is
from paper, and each seat's position, name (after a hidden player's alias) and player.

**Decision**: the facts of a list change only through its write path (the admin shows them
read-only; a backup's import writes whole lists with their versions). Whatever changes them
otherwise must call ``forget()``, as the tests do between tests (ids come again there).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from league.core.kept import Kept

if TYPE_CHECKING:
    from league.lists.models import Seat, Spielliste
    from league.lists.selectors import ListeSnapshot

KEPT = 1024  # lists: a hall's 42 tables times a round's pages, a club's evenings
_kept: Kept[ListeSnapshot] = Kept(KEPT)
get = _kept.get
put = _kept.put


def key(liste: Spielliste, seats: Sequence[Seat], reveal: bool) -> tuple[Any, ...]:
    """What the replay of ``liste`` with these seats is made from (its games by version)."""
    return (
        liste.pk,
        liste.version,
        liste.updated_at,
        json.dumps(liste.rules, sort_keys=True),
        tuple(liste.redeals or ()),
        liste.time_up_after,
        liste.closed,
        liste.totals_only,
        reveal,
        tuple(sorted((s.position, s.name, s.player_id) for s in seats)),
    )


def forget() -> None:
    """Drop every kept replay (tests: ids and versions come again with other facts)."""
    _kept.clear()
