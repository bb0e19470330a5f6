"""The participant slips (api.md "Confirmation"): each participant's start number, name,
personal PIN and his table and seat in every round drawn so far (2 queries)."""

from __future__ import annotations

from dataclasses import dataclass

from league.lists.models import Seat
from league.tournaments.models import Participant, Tournament


@dataclass(frozen=True)
class Slip:
    number: int
    name: str
    club: str
    pin: str
    # (round, table, seat) for each round drawn, in round order
    tables: tuple[tuple[int, int, int], ...]
    link: str = ""  # his personal link's token (his own page, issue 36)


def participant_slips(tournament: Tournament) -> list[Slip]:
    """One slip per participant (withdrawn ones too: a late re-admission keeps his PIN),
    in start-number order."""
    seats: dict[int, list[tuple[int, int, int]]] = {}
    rows = Seat.objects.filter(
        spielliste__round_table__tournament_round__tournament=tournament
    ).values_list(
        "player_id",
        "spielliste__round_table__tournament_round__number",
        "spielliste__round_table__number",
        "position",
    )
    for player_id, round_number, table, position in rows:
        seats.setdefault(player_id, []).append((round_number, table, position))
    return [
        Slip(
            number=p.number,
            name=p.player.name,
            club=p.player.club.name if p.player.club else "",
            pin=p.pin,
            tables=tuple(sorted(seats.get(p.player_id, []))),
            link=p.link,
        )
        for p in Participant.objects.filter(tournament=tournament)
        .select_related("player__club")
        .order_by("number")
    ]
