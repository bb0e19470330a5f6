"""A participant's page: every list and game of his, by round."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from league.lists.models import Substitution
from league.lists.presenters import kind_word
from league.lists.selectors import ListeSnapshot, snapshots_of
from league.tournaments.models import Participant, RoundTable, Tournament


@dataclass(frozen=True)
class PlayerRow:
    game: int
    kind: str  # the game's kind in words ("Damensolo", "Normalspiel", "Strafe")
    pflicht: bool  # his own Pflichtsolo
    vorfuehrung: bool  # his own Pflichtsolo, vorgeführt (4.2.3)
    penalty: bool
    points: int
    total: int
    soloist: str = ""  # another player's solo: whose


@dataclass(frozen=True)
class PlayerRound:
    round_number: int
    table_number: int
    table: ListeSnapshot
    points: int
    rows: list[PlayerRow]
    pflicht_game: int | None  # the game of his Pflichtsolo, None while it is owed
    from_game: int | None = None  # a substitute: he played this seat from this game on
    until_game: int | None = None  # a substitute took his seat after this game
    from_paper: bool = False  # the list's result was typed from paper: totals, no games


def player_rounds(
    *, tournament: Tournament, participant: Participant, reveal: bool = False
) -> list[PlayerRound]:
    """Every list and game of one participant, by round (a fixed number of queries). A seat
    taken over by a substitute is split where the score lines split it: the player's rows
    end before the substitute's first game, the substitute's page shows the table he took
    over from that game on; each one's points and running total are his own."""
    player = participant.player_id
    tables = list(
        RoundTable.objects.filter(tournament_round__tournament=tournament)
        .filter(Q(spielliste__seats__player=player) | Q(spielliste__substitutions__player=player))
        .distinct()
        .select_related("tournament_round", "spielliste")
        .order_by("tournament_round__number")
    )
    subs = {
        (sub.spielliste_id, sub.position): sub
        for sub in Substitution.objects.filter(spielliste__in=[t.spielliste_id for t in tables])
    }
    out = []
    snaps = snapshots_of([t.spielliste for t in tables], reveal=reveal)
    for table, snap in zip(tables, snaps, strict=True):
        state = snap.state
        seat = next((s for s in snap.seats if s.player_id == player), None)
        if seat is not None:
            taken = subs.get((table.spielliste_id, seat.position))
            first, last = 1, (taken.from_game - 1 if taken else None)
        else:  # he came in as a substitute
            sub = next(
                x
                for x in subs.values()
                if x.spielliste_id == table.spielliste_id and x.player_id == player
            )
            seat = next(s for s in snap.seats if s.position == sub.position)
            first, last = sub.from_game, None
        name = seat.name
        rows = []
        total = 0
        for r in state.rows if state else ():
            if r.game < first or (last is not None and r.game > last):
                continue
            if not (name in r.players or r.points.get(name)):
                continue
            soloist = r.record.soloist if r.record is not None else None
            own = soloist == name
            total += r.points[name]
            rows.append(
                PlayerRow(
                    game=r.game,
                    kind=kind_word(r.record if r.penalty is None else None),
                    pflicht=r.pflicht and own,
                    vorfuehrung=r.vorfuehrung and own,
                    penalty=r.penalty is not None,
                    points=r.points[name],
                    total=total,
                    soloist=soloist if soloist and not own else "",
                )
            )
        whole_seat = first == 1 and last is None
        out.append(
            PlayerRound(
                round_number=table.tournament_round.number,
                table_number=table.number,
                table=snap,
                # A whole seat: the list's total as every reader shows it (a paper list's
                # typed total too); a seat shared with a substitute: his own rows.
                points=snap.counted_totals.get(name, 0) if whole_seat else total,
                rows=rows,
                pflicht_game=state.pflicht_games.get(name) if state else None,
                from_paper=snap.from_paper,
                from_game=first if first > 1 else None,
                until_game=last,
            )
        )
    return out
