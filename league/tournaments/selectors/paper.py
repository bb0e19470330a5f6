"""The results-from-paper page: each table as one typist sees it."""

from __future__ import annotations

from dataclasses import dataclass

from league.lists.models import PaperEntry, Seat
from league.lists.selectors import PAPER_DIFFERS, paper_status
from league.tournaments.models import RoundTable, TournamentRound


@dataclass(frozen=True)
class PaperTableView:
    """One table on the results-from-paper page, as one typist sees it (blind: only his own
    entry's numbers; both side by side only once both are typed and differ)."""

    number: int
    names: tuple[str, ...]
    has_games: bool  # entered game by game: its games are the result
    typed: tuple[int, ...] | None  # this entry's totals in seat order
    status: str  # accepted / waiting / differs ("" when nothing typed)
    both: tuple[tuple[str, int, int], ...] = ()  # (name, entry 1, entry 2) when they differ


def paper_board(*, tournament_round: TournamentRound, entry: int) -> list[PaperTableView]:
    """Every table of the round for the results page (3 queries)."""
    tables = list(
        RoundTable.objects.filter(tournament_round=tournament_round)
        .select_related("spielliste")
        .order_by("number")
    )
    ids = [t.spielliste_id for t in tables]
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(spielliste_id__in=ids).order_by("position"):
        seats.setdefault(seat.spielliste_id, []).append(seat)
    entries: dict[int, list[PaperEntry]] = {}
    for paper in PaperEntry.objects.filter(spielliste_id__in=ids):
        entries.setdefault(paper.spielliste_id, []).append(paper)
    double = tournament_round.tournament.double_entry
    out = []
    for table in tables:
        liste = table.spielliste
        positions = [s.position for s in seats.get(liste.pk, [])]
        names = tuple(s.name for s in seats.get(liste.pk, []))
        mine = {e.entry: e for e in entries.get(liste.pk, [])}
        own = mine.get(entry)
        status = paper_status(list(mine.values()), double_entry=double) if mine else ""
        both: tuple[tuple[str, int, int], ...] = ()
        if status == PAPER_DIFFERS:
            one, two = mine[1].totals, mine[2].totals
            both = tuple(
                (name, int(one.get(str(p), 0)), int(two.get(str(p), 0)))
                for p, name in zip(positions, names, strict=True)
            )
        out.append(
            PaperTableView(
                number=table.number,
                names=names,
                has_games=bool(liste.games_played) and not liste.totals_only,
                typed=tuple(int(own.totals.get(str(p), 0)) for p in positions) if own else None,
                status=status,
                both=both,
            )
        )
    return out
