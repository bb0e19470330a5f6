"""Where a tournament's lists stand (``lists.models.Placement``), written by the tournament
as their owner: when a round's tables are drawn, and again when what a place says changes
(the name or date, members-only, silent rounds, official or approved). Derived data: no
audit entry of its own (the change that causes it has one)."""

from __future__ import annotations

from collections.abc import Sequence

from league.lists.placement import place_lists
from league.tournaments.selectors.owner import OWNER, list_places, tournament_list_ids


def tournament_lists_place(
    *, tournament_id: int | None = None, list_ids: Sequence[int] = ()
) -> int:
    """Place the given lists, or every list of ``tournament_id``, again (2-3 queries)."""
    ids = list(list_ids) if tournament_id is None else tournament_list_ids(tournament_id)
    return place_lists(OWNER, list_places(ids)) if ids else 0
