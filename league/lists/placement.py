"""Writing where lists stand (``models.Placement``, ``owners.Place``): derived data, no
audit entry (nothing a person typed changes).

    place_lists(key, places)   an owner writes its lists' places (when it makes a list,
                               and when what a place says changes: a renamed or re-dated
                               event, its members-only setting, its approval)
    places_rebuild(ids)        every kind asked again where the given lists stand (a
                               restore, ``stats_rebuild --places``, the demo); a list
                               no kind claims keeps what it has (a free list: none)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from league.lists.models import Placement, RatingStep
from league.lists.owners import Place, owner_kinds
from league.lists.strength import rating_touch_days

CHUNK = 500


def _row(key: str, liste_id: int, place: Place) -> Placement:
    return Placement(
        spielliste_id=liste_id,
        owner=key,
        event_id=place.event_id,
        event=place.event[:200],
        day=place.day,
        number=place.number,
        table=place.table,
        members_only=place.members_only,
        season=place.season[:20],
        vouched=place.vouched,
        rehearsal=place.rehearsal,
    )


def place_lists(key: str, places: Mapping[int, Place]) -> int:
    """Store the places of the lists ``places`` names (by list id) as the kind ``key``'s,
    replacing what they said (2 queries a chunk of 500); the number written."""
    ids = sorted(places)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        old = Placement.objects.filter(spielliste_id__in=chunk)
        rows = [_row(key, pk, places[pk]) for pk in chunk]
        _rated_moves(list(old), rows)
        old.delete()
        Placement.objects.bulk_create(rows)
    return len(ids)


def _order(row: Placement) -> tuple[object, ...]:
    return (row.day, row.owner, row.event_id, row.number, row.table)


def _rated_moves(old: list[Placement], new: list[Placement]) -> None:
    """Rated lists that move in the order of the Spielstärke (a re-dated tournament): the
    figures from the earlier of both dates on (one query when something moved)."""
    before = {row.spielliste_id: row for row in old}
    moved = {
        row.spielliste_id: min(row.day, before[row.spielliste_id].day)
        for row in new
        if row.spielliste_id in before and _order(row) != _order(before[row.spielliste_id])
    }
    if not moved:
        return
    rated = set(
        RatingStep.objects.filter(spielliste_id__in=list(moved))
        .values_list("spielliste_id", flat=True)
        .distinct()
    )
    rating_touch_days(day for pk, day in moved.items() if pk in rated)


def places_rebuild(list_ids: Iterable[int]) -> int:
    """Ask every kind where the lists ``list_ids`` stand and store it (one query a kind
    and 2 writes a chunk of 500 lists); the number placed."""
    ids = sorted(set(list_ids))
    placed = 0
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        rows: list[Placement] = []
        rest = list(chunk)
        for kind in owner_kinds():
            if not rest:
                break
            found = kind.places(rest)
            rows.extend(_row(kind.key, pk, place) for pk, place in found.items())
            rest = [pk for pk in rest if pk not in found]
        Placement.objects.filter(spielliste_id__in=[r.spielliste_id for r in rows]).delete()
        Placement.objects.bulk_create(rows)
        placed += len(rows)
    return placed
