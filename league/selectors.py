"""Reads. Each returns what a page needs in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from league.models import ChangeLog, Game, PenaltyRow, Seat, Spielliste
from scoring.errors import ScoringError
from scoring.round import RoundState, replay_round


@dataclass(frozen=True)
class ListeSnapshot:
    """A list as stored plus the state machine's view of it."""

    liste: Spielliste
    seats: tuple[Seat, ...]
    games: tuple[Game, ...]
    penalty_rows: tuple[PenaltyRow, ...]
    state: RoundState | None
    error: ScoringError | None = None

    @property
    def names(self) -> dict[int, str]:
        return {s.position: s.player.name for s in self.seats}

    @property
    def seat_names(self) -> list[str]:
        return [s.player.name for s in self.seats]

    @property
    def player_names(self) -> dict[int, str]:
        return {s.player_id: s.player.name for s in self.seats}


def spielliste_snapshot(*, pk: int) -> ListeSnapshot:
    """One list with seats, games and penalty rows: 4 queries, whatever its length."""
    liste = Spielliste.objects.select_related("club").get(pk=pk)
    seats = tuple(Seat.objects.filter(spielliste=liste).select_related("player"))
    games = tuple(Game.objects.filter(spielliste=liste))
    penalty_rows = tuple(PenaltyRow.objects.filter(spielliste=liste))
    names = {s.position: s.player.name for s in seats}
    player_names = {s.player_id: s.player.name for s in seats}
    try:
        state = replay_round(
            [names[p] for p in sorted(names)],
            [g.to_record(names) for g in games],
            [p.to_penalty(player_names) for p in penalty_rows],
            liste.time_up_after,
        )
    except ScoringError as err:  # stored data no longer passes (e.g. edited in the admin)
        return ListeSnapshot(liste, seats, games, penalty_rows, None, err)
    return ListeSnapshot(liste, seats, games, penalty_rows, state)


def spielliste_overview() -> QuerySet[Spielliste]:
    """All lists, newest first, with their players (2 queries)."""
    return Spielliste.objects.select_related("club").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )


def spielliste_changes(*, liste: Spielliste, game_number: int | None = None) -> QuerySet[ChangeLog]:
    qs = ChangeLog.objects.filter(spielliste=liste).select_related("user")
    if game_number is not None:
        qs = qs.filter(game_number=game_number)
    return qs
