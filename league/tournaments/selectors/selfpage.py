"""A participant's own page (issue 36): where he sits now, his standing as the public sees
it (silent rounds hidden, ``Tournament.silent_after``), his lists, the round clock and what
he may do himself (check in, withdraw)."""

from __future__ import annotations

from dataclasses import dataclass

from league.lists.models import Seat
from league.tournaments.models import Participant, TournamentRound
from league.tournaments.selectors.board import Clock, round_clock
from league.tournaments.selectors.player import PlayerRound, player_rounds
from league.tournaments.selectors.rounds import CurrentSeat, current_seat
from league.tournaments.selectors.wertung import StandingRow, standings_cached


@dataclass(frozen=True)
class SelfPage:
    seat: CurrentSeat | None  # his seat in the open round
    mates: list[str]  # the others at his table, in seat order ("2: Name")
    round: TournamentRound | None  # the open round he sits in (its clock)
    clock: Clock | None
    standing: StandingRow | None  # None while no round counts or he is not ranked
    standing_after: int | None  # the standing's last round shown while rounds are silent
    rounds: list[PlayerRound]  # his lists, silent rounds left out
    drawn: bool  # seated in some round already (check-in no longer asked)
    may_check_in: bool
    may_withdraw: bool
    # His table's list is complete and waits for a player's PIN (require_confirmation).
    to_confirm: bool = False


def self_page(*, participant: Participant, version: str) -> SelfPage:
    """``version``: the public standings' version (``standings_version`` for a stranger)."""
    tournament = participant.tournament
    seat = current_seat(tournament=tournament, player_id=participant.player_id)
    mates: list[str] = []
    rnd = None
    if seat is not None:
        rnd = TournamentRound.objects.select_related("tournament").get(
            tournament=tournament, number=seat.round_number
        )
        mates = [
            f"{position}: {name}"
            for position, name, player_id in Seat.objects.filter(spielliste=seat.liste)
            .order_by("position")
            .values_list("position", "name", "player_id")
            if player_id != participant.player_id
        ]
    drawn = seat is not None or (
        Seat.objects.filter(
            player_id=participant.player_id,
            spielliste__round_table__tournament_round__tournament=tournament,
        ).exists()
    )
    result = standings_cached(tournament=tournament, version=version, provisional=True, silent=True)
    standing = next(
        (row for row in result.rows if row.participant_id == participant.pk and row.rounds_played),
        None,
    )
    rounds = [
        r
        for r in player_rounds(tournament=tournament, participant=participant)
        if not tournament.round_silent(r.round_number)
    ]
    open_to_him = tournament.closed_at is None and not participant.withdrawn
    return SelfPage(
        seat=seat,
        mates=mates,
        round=rnd,
        clock=round_clock(rnd) if rnd is not None else None,
        standing=standing,
        standing_after=result.silent_after,
        rounds=rounds,
        drawn=drawn,
        may_check_in=open_to_him and not drawn and participant.checked_in_at is None,
        may_withdraw=open_to_him and seat is None,
        to_confirm=open_to_him
        and tournament.require_confirmation
        and seat is not None
        and seat.liste.complete
        and seat.liste.confirmed_at is None
        and not seat.liste.frozen,
    )


@dataclass(frozen=True)
class Presence:
    """Who has checked in before the next draw (the organiser's list and board)."""

    here: int
    missing: list[Participant]  # not withdrawn, not checked in, by start number


def presence(*, tournament_id: int) -> Presence:
    """The active participants' check-in (1 query)."""
    active = list(
        Participant.objects.filter(tournament_id=tournament_id, withdrawn=False)
        .select_related("player")
        .order_by("number")
    )
    return Presence(
        here=sum(1 for p in active if p.checked_in_at is not None),
        missing=[p for p in active if p.checked_in_at is None],
    )
