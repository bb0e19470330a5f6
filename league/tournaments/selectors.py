"""Tournament reads: standings (one SQL aggregate), round board, player page."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Prefetch, Sum
from django.urls import reverse
from django.utils.translation import gettext

from league.clubs.models import public_alias
from league.core.errors import ServiceError
from league.lists.models import ScoreLine, Seat, Spielliste
from league.lists.owners import ListOwner
from league.lists.selectors import ListeSnapshot, snapshots_of
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
class Standings:
    rows: list[StandingRow]
    rounds: int  # rounds shown (columns)
    counted: tuple[int, ...]  # round numbers that count
    provisional: bool  # includes rounds not yet closed
    final: bool  # every planned round is closed
    # (round, table) of counted lists left out because they are not confirmed yet (only
    # when the tournament requires confirmation).
    unconfirmed: tuple[tuple[int, int], ...] = ()


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
    *, tournament: Tournament, provisional: bool = False, reveal: bool = False
) -> Standings:
    """Closed rounds count; ``provisional`` adds the rounds still being played. 3 queries.
    Players who asked not to be named appear under their alias unless ``reveal``."""
    rounds = list(tournament.rounds.values_list("number", "status"))
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
        rows=rows,
        rounds=width,
        counted=counted,
        provisional=provisional and len(counted) > len(closed),
        final=len(closed) == tournament.rounds_planned and not unconfirmed,
        unconfirmed=unconfirmed,
    )


@dataclass(frozen=True)
class BoardTable:
    number: int
    snapshot: ListeSnapshot

    @property
    def liste(self) -> Spielliste:
        return self.snapshot.liste

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.snapshot.seats

    @property
    def checks_ok(self) -> bool:
        return self.snapshot.checks_ok

    @property
    def error(self) -> ServiceError | None:
        err = self.snapshot.error
        return None if err is None else ServiceError.from_scoring(err)


def round_board(*, tournament_round: TournamentRound, reveal: bool = False) -> list[BoardTable]:
    """Each table of the round with its list replayed (4 queries)."""
    tables = list(
        RoundTable.objects.filter(tournament_round=tournament_round)
        .select_related("spielliste")
        .order_by("number")
    )
    snaps = snapshots_of([t.spielliste for t in tables], reveal=reveal)
    return [BoardTable(t.number, snap) for t, snap in zip(tables, snaps, strict=True)]


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


def tournament_rounds(*, tournament: Tournament) -> list[TournamentRound]:
    """The rounds with their tables and ``started`` (2 queries)."""
    started = Spielliste.objects.filter(
        round_table__tournament_round=OuterRef("pk"), games_played__gt=0
    )
    rounds: list[TournamentRound] = list(
        tournament.rounds.annotate(started=Exists(started)).prefetch_related(
            Prefetch("tables", queryset=RoundTable.objects.order_by("number"))
        )
    )
    for rnd in rounds:
        rnd.phase = round_phase_label(rnd, started=rnd.started)  # type: ignore[attr-defined]
    return rounds


def round_phase_label(rnd: TournamentRound, *, started: bool) -> str:
    if rnd.closed:
        return gettext("abgeschlossen")
    return gettext("läuft") if started else gettext("ausgelost")


def list_owner(liste: Spielliste) -> ListOwner | None:
    """The round and table a list is played at (registered with league.lists.owners)."""
    table = (
        RoundTable.objects.filter(spielliste=liste)
        .select_related("tournament_round")
        .only("number", "tournament_round__number", "tournament_round__tournament_id")
        .first()
    )
    if table is None:
        return None
    rnd = table.tournament_round
    organisers = Tournament.organisers.through.objects.filter(
        tournament_id=rnd.tournament_id
    ).values_list("user_id", flat=True)
    return ListOwner(
        label=gettext("Runde %(round)s, Tisch %(table)s")
        % {"round": rnd.number, "table": table.number},
        url=reverse("round-board", args=[rnd.tournament_id, rnd.number]),
        frozen_note=gettext("Runde abgeschlossen – Änderungen nur nach Wiedereröffnung"),
        table_label=gettext("Tisch %(table)s") % {"table": table.number},
        manager_ids=frozenset(organisers),
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
    table_number: int
    table: ListeSnapshot
    points: int
    rows: list[PlayerRow]
    pflicht_game: int | None  # the game of his Pflichtsolo, None while it is owed


def player_rounds(
    *, tournament: Tournament, participant: Participant, reveal: bool = False
) -> list[PlayerRound]:
    """Every list and game of one participant, by round (a fixed number of queries)."""
    tables = list(
        RoundTable.objects.filter(
            tournament_round__tournament=tournament,
            spielliste__seats__player=participant.player,
        )
        .select_related("tournament_round", "spielliste")
        .order_by("tournament_round__number")
    )
    out = []
    snaps = snapshots_of([t.spielliste for t in tables], reveal=reveal)
    for table, snap in zip(tables, snaps, strict=True):
        state = snap.state
        name = next(s.name for s in snap.seats if s.player_id == participant.player_id)
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
                round_number=table.tournament_round.number,
                table_number=table.number,
                table=snap,
                points=state.totals.get(name, 0) if state else 0,
                rows=rows,
                pflicht_game=state.pflicht_games.get(name) if state else None,
            )
        )
    return out
