"""The current round's draw by surname (the hall looks up its own name)."""

from __future__ import annotations

from dataclasses import dataclass

from league.clubs.models import public_alias
from league.core.text import fold
from league.lists.models import Seat
from league.tournaments.models import Participant, Tournament


@dataclass(frozen=True)
class DrawSeat:
    participant_id: int | None
    name: str
    table: int
    position: int


@dataclass(frozen=True)
class CurrentDraw:
    round_number: int
    seats: list[DrawSeat]  # by surname, then first name (the hall looks up its own name)


def surname_key(name: str) -> tuple[str, str]:
    """Sort key "by surname": the last word of the name (a "(2)" of a second namesake at
    the same table ignored), then the whole name; accents and case folded."""
    words = [w for w in name.split() if not (w.startswith("(") and w.endswith(")"))]
    return (fold(words[-1]) if words else "", fold(name))


def current_draw(*, tournament: Tournament, reveal: bool = False) -> CurrentDraw | None:
    """Where everybody sits in the round being played (the latest round, while it is not
    closed), sorted by surname; never the table codes. 3 queries."""
    rnd = tournament.rounds.order_by("-number").first()
    if rnd is None or rnd.closed:
        return None
    seats = Seat.objects.filter(spielliste__round_table__tournament_round=rnd).values_list(
        "player_id", "name", "position", "player__hide_name", "spielliste__round_table__number"
    )
    entries = dict(Participant.objects.filter(tournament=tournament).values_list("player_id", "pk"))
    out = [
        DrawSeat(
            participant_id=entries.get(player_id),
            name=public_alias(player_id) if hidden and not reveal else name,
            table=table,
            position=position,
        )
        for player_id, name, position, hidden, table in seats
    ]
    out.sort(key=lambda seat: surname_key(seat.name))
    return CurrentDraw(round_number=rnd.number, seats=out)
