"""The round board: each table's list replayed, its clock and paper status; who meets whom
again."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from django.utils import timezone

from league.clubs.models import public_alias
from league.core.errors import ServiceError
from league.lists.models import PaperEntry, Seat, Spielliste, Substitution
from league.lists.selectors import ListeSnapshot, paper_status, snapshots_of
from league.lists.strength import AtTable, at_tables
from league.tournaments.models import RoundTable, Tournament, TournamentRound
from scoring import clock
from scoring.draw import meetings_of, repeat_pairs


def round_minutes(tournament: Tournament, table_size: int) -> int:
    """A table's playing time at this tournament (``scoring.clock.round_minutes``: the
    TSR's, or an unofficial event's own, a quarter more at a 5-player table)."""
    return clock.round_minutes(table_size, tournament.round_minutes)


def _minutes_left(deadline: datetime | None) -> int | None:
    if deadline is None:
        return None
    return math.floor((deadline - timezone.now()).total_seconds() / 60)


@dataclass(frozen=True)
class Clock:
    """The round clock as the hall sees it: a 4-player table's time (8.5.1)."""

    deadline: datetime

    @property
    def minutes_left(self) -> int | None:
        return _minutes_left(self.deadline)


def round_clock(tournament_round: TournamentRound) -> Clock | None:
    if tournament_round.started_at is None or tournament_round.closed:
        return None
    minutes = round_minutes(tournament_round.tournament, 4)
    return Clock(tournament_round.started_at + timedelta(minutes=minutes))


@dataclass(frozen=True)
class BoardSeat:
    position: int
    name: str  # the seat's player, as the list names him
    substitute: str = ""  # who plays the seat from a game on (his first game is played or next)
    withdrawn: bool = False  # the seat's player withdrew and nobody plays for him yet
    # His Spielstärke before the list and the model's expected placing (rating.md, an
    # estimate: "2.", shared "2.–3.", "" at an even table); None for a player who asked
    # not to be named.
    rating: int | None = None
    expected: str = ""


@dataclass(frozen=True)
class BoardTable:
    number: int
    snapshot: ListeSnapshot
    deadline: datetime | None = None  # the round clock at this table (with added time)
    paper: str = ""  # results from paper: accepted / waiting / differs; "" for none
    # Seats whose player withdrew and nobody took over yet, while the list still runs:
    # the organiser decides (a substitute, or the list ends early).
    vacant: tuple[str, ...] = ()
    # Each seat as the board names it: who plays it now (a substitute for the seat's
    # player), or its player marked withdrawn.
    players: tuple[BoardSeat, ...] = ()

    @property
    def minutes_left(self) -> int | None:
        return _minutes_left(self.deadline)

    @property
    def liste(self) -> Spielliste:
        return self.snapshot.liste

    @property
    def time_called(self) -> bool:
        """Time was called at this table (8.5.2): its clock no longer counts down."""
        return self.snapshot.liste.time_up_after is not None

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.snapshot.seats

    @property
    def checks_ok(self) -> bool:
        return self.snapshot.checks_ok

    @property
    def started(self) -> bool:
        """Games, penalty rows or a paper result: a redraw leaves this table alone."""
        snap = self.snapshot
        return bool(snap.games or snap.penalty_rows or snap.liste.totals_only)

    @property
    def error(self) -> ServiceError | None:
        err = self.snapshot.error
        return None if err is None else ServiceError.from_scoring(err)


def round_board(*, tournament_round: TournamentRound, reveal: bool = False) -> list[BoardTable]:
    """Each table of the round with its list replayed and each seat's Spielstärke
    (9 queries)."""
    tables = list(
        RoundTable.objects.filter(tournament_round=tournament_round)
        .select_related("spielliste")
        .order_by("number")
    )
    snaps = snapshots_of([t.spielliste for t in tables], reveal=reveal)
    tournament = tournament_round.tournament
    papers: dict[int, list[PaperEntry]] = {}
    if any(t.spielliste.totals_only for t in tables):
        for entry in PaperEntry.objects.filter(spielliste__in=[t.spielliste for t in tables]):
            papers.setdefault(entry.spielliste_id, []).append(entry)
    start = tournament_round.started_at
    gone = set(tournament.participants.filter(withdrawn=True).values_list("player_id", flat=True))
    subs: dict[tuple[int, int], Substitution] = {
        (sub.spielliste_id, sub.position): sub
        for sub in Substitution.objects.filter(
            spielliste__in=[t.spielliste for t in tables]
        ).select_related("player")
    }
    taken = set(subs)
    strength = at_tables(
        {
            t.spielliste_id: [seat.player_id for seat in snap.seats]
            for t, snap in zip(tables, snaps, strict=True)
        },
        reveal=reveal,
    )
    out = []
    for table, snap in zip(tables, snaps, strict=True):
        liste = table.spielliste
        deadline = None
        if start is not None:
            minutes = round_minutes(tournament, liste.table_size) + liste.added_minutes
            deadline = start + timedelta(minutes=minutes)
        entries = papers.get(liste.pk, [])
        # A counted list is "fertig" whatever the double entry says now (it may have been
        # switched after its round closed: services.changes).
        typing = entries and not liste.complete
        paper = paper_status(entries, double_entry=tournament.double_entry) if typing else ""
        vacant = tuple(
            seat.name
            for seat in snap.seats
            if seat.player_id in gone and (liste.pk, seat.position) not in taken
        )
        if liste.complete or liste.ended_early or liste.totals_only or liste.frozen:
            vacant = ()
        players = tuple(
            _with_strength(
                _board_seat(seat, subs.get((liste.pk, seat.position)), liste, gone, reveal=reveal),
                at,
            )
            for seat, at in zip(snap.seats, strength[liste.pk], strict=True)
        )
        out.append(BoardTable(table.number, snap, deadline, paper, vacant, players))
    return out


def _with_strength(seat: BoardSeat, at: AtTable) -> BoardSeat:
    if at.hidden:
        return seat
    return replace(seat, rating=at.rating, expected=at.placing)


def _board_seat(
    seat: Seat,
    sub: Substitution | None,
    liste: Spielliste,
    gone: set[int],
    *,
    reveal: bool,
) -> BoardSeat:
    """A seat as the board names it: its substitute from his first game on (as the list
    page names him), else its player, marked when he withdrew."""
    if sub is not None and sub.from_game <= liste.games_played + 1:
        player = sub.player
        name = player.public_alias if player.hide_name and not reveal else player.name
        return BoardSeat(seat.position, seat.name, substitute=name)
    return BoardSeat(seat.position, seat.name, withdrawn=seat.player_id in gone)


@dataclass(frozen=True)
class Repeat:
    table: int
    names: tuple[str, str]
    times: int  # how often they met in earlier rounds


def round_repeats(*, tournament_round: TournamentRound, reveal: bool = False) -> list[Repeat]:
    """Who meets whom again at this round's tables (2 queries)."""
    seats = list(
        Seat.objects.filter(
            spielliste__round_table__tournament_round__tournament=tournament_round.tournament_id,
            spielliste__round_table__tournament_round__number__lte=tournament_round.number,
        ).values_list(
            "spielliste_id",
            "player_id",
            "spielliste__round_table__tournament_round__number",
            "spielliste__round_table__number",
            "name",
            "player__hide_name",
        )
    )
    earlier: dict[int, list[str]] = {}
    now: dict[int, list[str]] = {}
    shown: dict[str, str] = {}
    for liste_id, player_id, number, table, name, hidden in seats:
        key = str(player_id)
        if number < tournament_round.number:
            earlier.setdefault(liste_id, []).append(key)
        else:
            now.setdefault(table, []).append(key)
            shown[key] = public_alias(player_id) if hidden and not reveal else name
    tables = sorted(now)
    met = meetings_of(list(earlier.values()))
    table_of = {key: table for table in tables for key in now[table]}
    out = []
    for a, b, times in repeat_pairs([now[t] for t in tables], met):
        first, second = sorted((shown[a], shown[b]))
        out.append(Repeat(table_of[a], (first, second), times))
    return out
