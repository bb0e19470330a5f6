"""Tournament reads: standings (one SQL aggregate), round board, player page."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Sum

from league.models import (
    Participant,
    ScoreLine,
    Spielliste,
    Tournament,
    TournamentRound,
)
from league.selectors import ListeSnapshot, snapshots_of
from scoring.standings import DEFAULT_ORDER, rank


@dataclass(frozen=True)
class StandingRow:
    rank: int
    participant_id: int
    number: int
    name: str
    club: str
    ddv_number: str
    withdrawn: bool
    rounds_played: int
    per_round: tuple[int | None, ...]
    total: int
    positive_rounds: int
    best_round: int | None
    last_round: int | None


@dataclass(frozen=True)
class Standings:
    rows: list[StandingRow]
    rounds: int  # rounds shown (columns)
    counted: tuple[int, ...]  # round numbers that count
    provisional: bool  # includes rounds not yet closed
    final: bool  # every planned round is closed


def round_points(
    *, tournament: Tournament, round_numbers: tuple[int, ...] | None = None
) -> dict[tuple[int, int], int]:
    """{(player_id, round number): points} — one SQL aggregate over all score lines.

    ``round_numbers`` None means every round (the common case once a round is closed:
    the planner then needs no extra filter)."""
    lines = ScoreLine.objects.filter(spielliste__tournament_round__tournament=tournament)
    if round_numbers is not None:
        lines = lines.filter(spielliste__tournament_round__number__in=round_numbers)
    rows = (
        lines.values("player_id", "spielliste__tournament_round__number")
        .annotate(points=Sum("points"))
        .values_list("player_id", "spielliste__tournament_round__number", "points")
        .order_by()
    )
    return {(player, number): points for player, number, points in rows}


def standings(*, tournament: Tournament, provisional: bool = False) -> Standings:
    """Closed rounds count; ``provisional`` adds the rounds still being played. 3 queries."""
    rounds = list(tournament.rounds.values_list("number", "status"))
    counted = tuple(n for n, status in rounds if provisional or status == TournamentRound.CLOSED)
    # Plain tuples, not model instances: this page is read the most during a tournament.
    participants = list(
        Participant.objects.filter(tournament=tournament).values_list(
            "pk",
            "number",
            "withdrawn",
            "player_id",
            "player__name",
            "player__club__name",
            "player__ddv_number",
        )
    )
    every_round = len(counted) == len(rounds)
    points = (
        round_points(tournament=tournament, round_numbers=None if every_round else counted)
        if counted
        else {}
    )
    seated: set[tuple[int, int]] = set(points)
    width = max(counted, default=0)
    results = {}
    for pk, _number, _withdrawn, player_id, *_rest in participants:
        results[str(pk)] = [
            points.get((player_id, n)) if (player_id, n) in seated else None
            for n in range(1, width + 1)
        ]
    order = tournament.tie_breaks or list(DEFAULT_ORDER)
    by_pk = {str(p[0]): p for p in participants}
    rows = []
    for s in rank(results, rounds=width, order=order):
        pk, number, withdrawn, _player_id, name, club, ddv_number = by_pk[s.player]
        rows.append(
            StandingRow(
                rank=s.rank,
                participant_id=pk,
                number=number,
                name=name,
                club=club or "",
                ddv_number=ddv_number,
                withdrawn=withdrawn,
                rounds_played=s.rounds_played,
                per_round=s.per_round,
                total=s.total,
                positive_rounds=s.positive_rounds,
                best_round=s.best_round,
                last_round=s.last_round,
            )
        )
    closed = [n for n, status in rounds if status == TournamentRound.CLOSED]
    return Standings(
        rows=rows,
        rounds=width,
        counted=counted,
        provisional=provisional and len(counted) > len(closed),
        final=len(closed) == tournament.rounds_planned,
    )


def round_board(*, tournament_round: TournamentRound) -> list[ListeSnapshot]:
    lists = list(tournament_round.lists.order_by("table_number"))
    return snapshots_of(lists)


def tournament_rounds(*, tournament: Tournament) -> list[TournamentRound]:
    return list(
        tournament.rounds.prefetch_related(
            Prefetch("lists", queryset=Spielliste.objects.order_by("table_number"))
        )
    )


@dataclass(frozen=True)
class PlayerRow:
    game: int
    kind: str
    pflicht: bool
    vorfuehrung: bool
    penalty: bool
    points: int
    total: int


@dataclass(frozen=True)
class PlayerRound:
    round_number: int
    table: ListeSnapshot
    points: int
    rows: list[PlayerRow]
    pflicht_game: int | None  # the game of his Pflichtsolo, None while it is owed


def player_rounds(*, tournament: Tournament, participant: Participant) -> list[PlayerRound]:
    """Every list and game of one participant, by round (a fixed number of queries)."""
    lists = list(
        Spielliste.objects.filter(
            tournament_round__tournament=tournament, seats__player=participant.player
        )
        .select_related("tournament_round")
        .order_by("tournament_round__number")
    )
    name = participant.player.name
    out = []
    for snap in snapshots_of(lists):
        state = snap.state
        rows = [
            PlayerRow(
                game=r.game,
                kind=r.kind if r.record is None or r.record.solo is None else r.record.solo.value,
                pflicht=r.pflicht,
                vorfuehrung=r.vorfuehrung,
                penalty=r.penalty is not None,
                points=r.points[name],
                total=r.totals[name],
            )
            for r in (state.rows if state else ())
            if name in r.players or r.points.get(name)
        ]
        out.append(
            PlayerRound(
                round_number=snap.liste.tournament_round.number,
                table=snap,
                points=state.totals.get(name, 0) if state else 0,
                rows=rows,
                pflicht_game=state.pflicht_games.get(name) if state else None,
            )
        )
    return out
