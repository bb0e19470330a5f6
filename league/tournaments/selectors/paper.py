"""The results-from-paper page: each table as one typist sees it (league.lists.paper_board,
which the league's Spieltage share)."""

from __future__ import annotations

from league.lists.paper_board import PaperTableView, paper_tables
from league.tournaments.models import RoundTable, TournamentRound

__all__ = ["PaperTableView", "paper_board"]


def paper_board(*, tournament_round: TournamentRound, entry: int) -> list[PaperTableView]:
    """Every table of the round for the results page (3 queries)."""
    tables = (
        RoundTable.objects.filter(tournament_round=tournament_round)
        .select_related("spielliste")
        .order_by("number")
    )
    return paper_tables(
        [(tournament_round.number, t.number, t.spielliste) for t in tables],
        entry=entry,
        double_entry=tournament_round.tournament.double_entry,
    )
