"""The Probelauf's reads (issue 36 item 4)."""

from __future__ import annotations

from league.tournaments.models import Tournament, TournamentRound


def running_round(tournament: Tournament) -> TournamentRound | None:
    """The round being played: the newest, unless it is closed (1 query)."""
    rnd = tournament.rounds.order_by("-number").first()
    return None if rnd is None or rnd.closed else rnd
