"""The standings (Wertung): every score line summed per player and round in one SQL
aggregate, ranked by ``scoring.standings``; cached per version (``version``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import OuterRef, Subquery, Sum

from league.clubs.models import public_alias
from league.core.conditional import cached
from league.lists.models import ScoreLine, Seat, Substitution
from league.tournaments.models import Participant, RoundTable, Tournament, TournamentRound
from scoring.standings import DEFAULT_ORDER, rank

CLOSED = TournamentRound.Status.CLOSED


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
class SubstituteNote:
    """A seat shared in a counted round: from game ``from_game`` on ``name`` played it
    for ``seat_name``; each is credited with his own games (his round's points are part
    of a round). The participants' ids mark their rows (None: not entered)."""

    round_number: int
    table: int
    position: int
    from_game: int
    name: str
    seat_name: str
    participant_ids: tuple[int, ...]


@dataclass(frozen=True)
class Standings:
    rows: list[StandingRow]
    rounds: int  # rounds shown (columns)
    counted: tuple[int, ...]  # round numbers that count
    provisional: bool  # includes rounds not yet closed
    final: bool  # every planned round is closed
    # (round, table) of counted lists left out because they are not confirmed yet (only
    # when the tournament requires confirmation).
    unconfirmed: tuple[tuple[int, int], ...] = ()
    # Silent rounds: the last round shown when later ones are hidden (None: none hidden).
    silent_after: int | None = None
    # Seats a substitute took over in the counted rounds, as the lists name them.
    substitutes: tuple[SubstituteNote, ...] = ()
    # A round this reader may see is drawn and not closed: provisional standings differ.
    running: bool = False

    def shared(self, participant_id: int) -> bool:
        """Whether one of his counted rounds was a seat shared with a substitute."""
        return any(participant_id in n.participant_ids for n in self.substitutes)


def round_points(
    *, tournament: Tournament, round_numbers: tuple[int, ...] | None = None
) -> dict[tuple[int, int], int]:
    """{(player_id, round number): points} — one SQL aggregate over all score lines.

    ``round_numbers`` None means every round (the common case once a round is closed:
    the planner then needs no extra filter)."""
    number = "spielliste__round_table__tournament_round__number"
    lines = ScoreLine.objects.filter(
        spielliste__round_table__tournament_round__tournament=tournament
    )
    if round_numbers is not None:
        lines = lines.filter(**{f"{number}__in": round_numbers})
    if tournament.require_confirmation:
        lines = lines.filter(spielliste__confirmed_at__isnull=False)
    rows = (
        lines.values("player_id", number)
        .annotate(points=Sum("points"))
        .values_list("player_id", number, "points")
        .order_by()
    )
    return {(player, number): points for player, number, points in rows}


def standings(
    *,
    tournament: Tournament,
    provisional: bool = False,
    reveal: bool = False,
    silent: bool = False,
) -> Standings:
    """Closed rounds count; ``provisional`` adds the rounds still being played; a withdrawn
    participant is a row only once a round he played counts. 4 queries
    (the last: the substitutes at the counted rounds' tables).
    Players who asked not to be named appear under their alias unless ``reveal``. With
    ``silent`` (everybody but the organisers) the tournament's silent rounds are left out:
    the standings after round R - N (``Tournament.silent_after``)."""
    every = list(tournament.rounds.values_list("number", "status"))
    after = tournament.silent_after() if silent else None
    rounds = every if after is None else [(n, s) for n, s in every if n <= after]
    counted = tuple(n for n, status in rounds if provisional or status == CLOSED)
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
            "player__hide_name",
        )
    )
    if not reveal:
        participants = [
            (*p[:4], public_alias(p[3]), "", "", False) if p[7] else p for p in participants
        ]
    every_round = len(counted) == len(every)
    points = (
        round_points(tournament=tournament, round_numbers=None if every_round else counted)
        if counted
        else {}
    )
    seated: set[tuple[int, int]] = set(points)
    width = max(counted, default=0)
    # A withdrawn participant without a counted game is no row (issue 29: "abgemeldet 0"
    # in the public standings and alone on the PDF's second page); one who played keeps
    # his rounds.
    played = {player_id for player_id, _n in seated}
    rows_of = [p for p in participants if not p[2] or p[3] in played]
    results = {}
    for pk, _number, _withdrawn, player_id, *_rest in rows_of:
        results[str(pk)] = [
            points.get((player_id, n)) if (player_id, n) in seated else None
            for n in range(1, width + 1)
        ]
    order = tournament.tie_breaks or list(DEFAULT_ORDER)
    by_pk = {str(p[0]): p for p in participants}
    rows = []
    display = {str(p[0]): p[4] for p in participants}
    for s in rank(results, rounds=width, order=order, names=display):
        pk, number, withdrawn, _player_id, name, club, ddv_number, _hidden = by_pk[s.player]
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
    closed = [n for n, status in rounds if status == CLOSED]
    unconfirmed: tuple[tuple[int, int], ...] = ()
    if tournament.require_confirmation and counted:
        unconfirmed = tuple(
            RoundTable.objects.filter(
                tournament_round__tournament=tournament,
                tournament_round__number__in=counted,
                spielliste__confirmed_at__isnull=True,
            )
            .order_by("tournament_round__number", "number")
            .values_list("tournament_round__number", "number")
        )
    return Standings(
        substitutes=_substitutes(tournament, counted, participants),
        rows=rows,
        rounds=width,
        counted=counted,
        provisional=provisional and len(counted) > len(closed),
        final=len(closed) == tournament.rounds_planned and not unconfirmed and after is None,
        unconfirmed=unconfirmed,
        silent_after=after,
        running=any(status != CLOSED for _n, status in rounds),
    )


def standings_cached(
    *,
    tournament: Tournament,
    version: str,
    provisional: bool = False,
    reveal: bool = False,
    silent: bool = False,
) -> Standings:
    """``standings`` computed once per ``version`` (``standings_version``) in the shared
    cache: the first phone after a game pays for it, the others read it."""
    key = f"standings:{tournament.pk}:{version}:{int(provisional)}:{int(reveal)}:{int(silent)}"
    return cached(
        key,
        lambda: standings(
            tournament=tournament, provisional=provisional, reveal=reveal, silent=silent
        ),
    )


def _substitutes(
    tournament: Tournament, counted: tuple[int, ...], participants: list[tuple[Any, ...]]
) -> tuple[SubstituteNote, ...]:
    """The substitutions at the counted rounds' tables (1 query), named as the standings
    name the participants (an alias unless revealed); a substitute not entered in the
    tournament by his alias if he asked for it."""
    if not counted:
        return ()
    seat = Seat.objects.filter(spielliste=OuterRef("spielliste"), position=OuterRef("position"))
    rows = (
        Substitution.objects.filter(
            spielliste__round_table__tournament_round__tournament=tournament,
            spielliste__round_table__tournament_round__number__in=counted,
        )
        .annotate(
            seat_player=Subquery(seat.values("player_id")[:1]),
            seat_name=Subquery(seat.values("name")[:1]),
        )
        .order_by(
            "spielliste__round_table__tournament_round__number",
            "spielliste__round_table__number",
            "position",
        )
        .values_list(
            "spielliste__round_table__tournament_round__number",
            "spielliste__round_table__number",
            "position",
            "from_game",
            "player_id",
            "player__name",
            "player__hide_name",
            "seat_player",
            "seat_name",
        )
    )
    entered = {p[3]: (p[0], p[4]) for p in participants}  # player id: (participant, name)
    out = []
    for number, table, position, from_game, sub_id, sub_name, hidden, seat_id, seat_name in rows:
        sub = entered.get(sub_id)
        old = entered.get(seat_id)
        out.append(
            SubstituteNote(
                round_number=number,
                table=table,
                position=position,
                from_game=from_game,
                name=sub[1] if sub else public_alias(sub_id) if hidden else sub_name,
                seat_name=old[1] if old else seat_name or "",
                participant_ids=tuple(p[0] for p in (old, sub) if p is not None),
            )
        )
    return tuple(out)
