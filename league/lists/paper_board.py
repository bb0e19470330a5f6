"""The results-from-paper page of an owner (a tournament round, a league Spieltag): each
table as one typist sees it — blind under double entry (only his own entry's numbers; both
side by side only once both are typed and differ)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.lists.models import PaperEntry, Seat, Spielliste
from league.lists.selectors import PAPER_DIFFERS, paper_status


@dataclass(frozen=True)
class PaperTableView:
    """One table on a results-from-paper page, as one typist sees it."""

    number: int
    names: tuple[str, ...]
    has_games: bool  # entered game by game: its games are the result
    typed: tuple[int, ...] | None  # this entry's totals in seat order
    status: str  # accepted / waiting / differs ("" when nothing typed)
    both: tuple[tuple[str, int, int], ...] = ()  # (name, entry 1, entry 2) when they differ
    round: int = 0  # the owner's round of the table where it has several (a Spieltag)


def paper_tables(
    tables: Sequence[tuple[int, int, Spielliste]], *, entry: int, double_entry: bool
) -> list[PaperTableView]:
    """``tables`` as (round, table number, list), in that order, for typist ``entry``
    (two queries)."""
    ids = [liste.pk for _r, _n, liste in tables]
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(spielliste_id__in=ids).order_by("position"):
        seats.setdefault(seat.spielliste_id, []).append(seat)
    entries: dict[int, list[PaperEntry]] = {}
    for paper in PaperEntry.objects.filter(spielliste_id__in=ids):
        entries.setdefault(paper.spielliste_id, []).append(paper)
    out = []
    for rnd, number, liste in tables:
        positions = [s.position for s in seats.get(liste.pk, [])]
        names = tuple(s.name for s in seats.get(liste.pk, []))
        mine = {e.entry: e for e in entries.get(liste.pk, [])}
        own = mine.get(entry)
        status = paper_status(list(mine.values()), double_entry=double_entry) if mine else ""
        both: tuple[tuple[str, int, int], ...] = ()
        if status == PAPER_DIFFERS:
            one, two = mine[1].totals, mine[2].totals
            both = tuple(
                (name, int(one.get(str(p), 0)), int(two.get(str(p), 0)))
                for p, name in zip(positions, names, strict=True)
            )
        out.append(
            PaperTableView(
                number=number,
                names=names,
                has_games=bool(liste.games_played) and not liste.totals_only,
                typed=tuple(int(own.totals.get(str(p), 0)) for p in positions) if own else None,
                status=status,
                both=both,
                round=rnd,
            )
        )
    return out
