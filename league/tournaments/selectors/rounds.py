"""A tournament's rounds: their phase, whether the next can be drawn, who sits where."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Prefetch
from django.utils.translation import gettext

from league.core.errors import ServiceError
from league.lists.models import Seat, Spielliste
from league.tournaments.models import RoundTable, Tournament, TournamentRound

CLOSED = TournamentRound.Status.CLOSED


@dataclass(frozen=True)
class CurrentSeat:
    round_number: int
    table: int
    seat: int
    liste: Spielliste


def current_seat(*, tournament: Tournament, player_id: int) -> CurrentSeat | None:
    """Where a player sits in the tournament's open round, if anywhere (1 query)."""
    seat = (
        Seat.objects.filter(
            player_id=player_id,
            spielliste__round_table__tournament_round__tournament=tournament,
        )
        .exclude(spielliste__round_table__tournament_round__status=CLOSED)
        .select_related("spielliste__round_table__tournament_round")
        .order_by("-spielliste__round_table__tournament_round__number")
        .first()
    )
    if seat is None:
        return None
    table = seat.spielliste.round_table
    return CurrentSeat(table.tournament_round.number, table.number, seat.position, seat.spielliste)


def round_positions(*, tournament_round: TournamentRound) -> dict[int, dict[str, int]]:
    """{table: {name at the table: seat position}} of a round (1 query)."""
    out: dict[int, dict[str, int]] = {}
    rows = Seat.objects.filter(spielliste__round_table__tournament_round=tournament_round)
    for table, name, position in rows.values_list(
        "spielliste__round_table__number", "name", "position"
    ):
        out.setdefault(table, {})[name] = position
    return out


def next_round_problem(*, tournament: Tournament) -> ServiceError | None:
    """Why the next round cannot be drawn yet, or None (the draw service raises it)."""
    last = tournament.rounds.order_by("-number").first()
    if last is not None and not last.closed:
        return ServiceError("round_open", {"number": last.number})
    if (last.number if last else 0) >= tournament.rounds_planned:
        return ServiceError("all_rounds_drawn", {"rounds": tournament.rounds_planned})
    return None


def round_started(*, tournament_round: TournamentRound) -> bool:
    """A game or penalty row was entered at some table ("läuft")."""
    return Spielliste.objects.filter(
        round_table__tournament_round=tournament_round, games_played__gt=0
    ).exists()


@dataclass(frozen=True)
class RoundLine:
    """A round as the tournament's page lists it: whether a game was entered at some table,
    and its phase's label."""

    round: TournamentRound
    started: bool
    phase: str


def round_lines(*, tournament: Tournament) -> list[RoundLine]:
    """The rounds with their tables, ``started`` and phase (2 queries)."""
    started = Spielliste.objects.filter(
        round_table__tournament_round=OuterRef("pk"), games_played__gt=0
    )
    rounds = tournament.rounds.annotate(started=Exists(started)).prefetch_related(
        Prefetch("tables", queryset=RoundTable.objects.order_by("number"))
    )
    return [
        RoundLine(rnd, rnd.started, round_phase_label(rnd, started=rnd.started)) for rnd in rounds
    ]


def tournament_rounds(*, tournament: Tournament) -> list[TournamentRound]:
    """The rounds with their tables and ``started`` (2 queries)."""
    return [line.round for line in round_lines(tournament=tournament)]


def round_phase_label(rnd: TournamentRound, *, started: bool) -> str:
    """Closed; running (a game entered, or the round clock started); else drawn."""
    if rnd.closed:
        return gettext("abgeschlossen")
    running = started or rnd.started_at is not None
    return gettext("läuft") if running else gettext("ausgelost")
