"""Tournament reads: standings (one SQL aggregate), round board, player page."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import (
    Aggregate,
    Case,
    CharField,
    Count,
    DateTimeField,
    Exists,
    F,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    TextField,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Concat
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import public_alias
from league.core.conditional import cached
from league.core.errors import ServiceError
from league.core.text import fold
from league.lists.models import PaperEntry, ScoreLine, Seat, Spielliste, Substitution
from league.lists.owners import ListOwner
from league.lists.presenters import kind_word
from league.lists.selectors import PAPER_DIFFERS, ListeSnapshot, paper_status, snapshots_of
from league.tournaments.access import (
    can_read_tournament,
    tournament_readers,
    tournaments_closed_to,
)
from league.tournaments.models import Participant, RoundTable, Tournament, TournamentRound
from scoring import clock
from scoring.draw import meetings_of, repeat_pairs
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
class BoardTable:
    number: int
    snapshot: ListeSnapshot
    deadline: datetime | None = None  # the round clock at this table (with added time)
    paper: str = ""  # results from paper: accepted / waiting / differs; "" for none

    @property
    def minutes_left(self) -> int | None:
        return _minutes_left(self.deadline)

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
    def started(self) -> bool:
        """Games, penalty rows or a paper result: a redraw leaves this table alone."""
        snap = self.snapshot
        return bool(snap.games or snap.penalty_rows or snap.liste.totals_only)

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
    tournament = tournament_round.tournament
    papers: dict[int, list[PaperEntry]] = {}
    if any(t.spielliste.totals_only for t in tables):
        for entry in PaperEntry.objects.filter(spielliste__in=[t.spielliste for t in tables]):
            papers.setdefault(entry.spielliste_id, []).append(entry)
    start = tournament_round.started_at
    out = []
    for table, snap in zip(tables, snaps, strict=True):
        liste = table.spielliste
        deadline = None
        if start is not None:
            minutes = round_minutes(tournament, liste.table_size) + liste.added_minutes
            deadline = start + timedelta(minutes=minutes)
        entries = papers.get(liste.pk, [])
        paper = paper_status(entries, double_entry=tournament.double_entry) if entries else ""
        out.append(BoardTable(table.number, snap, deadline, paper))
    return out


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


@dataclass(frozen=True)
class PaperTableView:
    """One table on the results-from-paper page, as one typist sees it (blind: only his own
    entry's numbers; both side by side only once both are typed and differ)."""

    number: int
    names: tuple[str, ...]
    has_games: bool  # entered game by game: its games are the result
    typed: tuple[int, ...] | None  # this entry's totals in seat order
    status: str  # accepted / waiting / differs ("" when nothing typed)
    both: tuple[tuple[str, int, int], ...] = ()  # (name, entry 1, entry 2) when they differ


def paper_board(*, tournament_round: TournamentRound, entry: int) -> list[PaperTableView]:
    """Every table of the round for the results page (3 queries)."""
    tables = list(
        RoundTable.objects.filter(tournament_round=tournament_round)
        .select_related("spielliste")
        .order_by("number")
    )
    ids = [t.spielliste_id for t in tables]
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(spielliste_id__in=ids).order_by("position"):
        seats.setdefault(seat.spielliste_id, []).append(seat)
    entries: dict[int, list[PaperEntry]] = {}
    for paper in PaperEntry.objects.filter(spielliste_id__in=ids):
        entries.setdefault(paper.spielliste_id, []).append(paper)
    double = tournament_round.tournament.double_entry
    out = []
    for table in tables:
        liste = table.spielliste
        positions = [s.position for s in seats.get(liste.pk, [])]
        names = tuple(s.name for s in seats.get(liste.pk, []))
        mine = {e.entry: e for e in entries.get(liste.pk, [])}
        own = mine.get(entry)
        status = paper_status(list(mine.values()), double_entry=double) if mine else ""
        both: tuple[tuple[str, int, int], ...] = ()
        if status == PAPER_DIFFERS:
            one, two = mine[1].totals, mine[2].totals
            both = tuple(
                (name, int(one.get(str(p), 0)), int(two.get(str(p), 0)))
                for p, name in zip(positions, names, strict=True)
            )
        out.append(
            PaperTableView(
                number=table.number,
                names=names,
                has_games=bool(liste.games_played) and not liste.totals_only,
                typed=tuple(int(own.totals.get(str(p), 0)) for p in positions) if own else None,
                status=status,
                both=both,
            )
        )
    return out


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
        .select_related("tournament_round__tournament")
        .only(
            "number",
            "tournament_round__number",
            "tournament_round__started_at",
            "tournament_round__tournament__round_minutes",
            "tournament_round__tournament__double_entry",
            "tournament_round__tournament__members_only",
            "tournament_round__tournament_id",
        )
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
        clock_start=rnd.started_at,
        minutes=round_minutes(rnd.tournament, liste.table_size),
        double_entry=rnd.tournament.double_entry,
        readers=tournament_readers(rnd.tournament),
    )


def tournament_lists_owned() -> Q:
    return Q(round_table__isnull=False)


def tournament_lists_closed_to(user: User | AnonymousUser) -> Q:
    """The lists of the tournaments ``user`` may not read (league.lists.owners)."""
    closed = Tournament.objects.filter(tournaments_closed_to(user)).values("pk")
    return Q(round_table__tournament_round__tournament__in=closed)


def round_minutes(tournament: Tournament, table_size: int) -> int:
    """A table's playing time at this tournament (``scoring.clock.round_minutes``: the
    TSR's, or an unofficial event's own, a quarter more at a 5-player table)."""
    return clock.round_minutes(table_size, tournament.round_minutes)


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
                points=(state.totals.get(name, 0) if whole_seat else total) if state else 0,
                rows=rows,
                pflicht_game=state.pflicht_games.get(name) if state else None,
                from_game=first if first > 1 else None,
                until_game=last,
            )
        )
    return out


def standings_version(
    *, tournament_id: int, provisional: bool = True, reader: Any = None
) -> str | None:
    """Everything the standings (and the pages showing them) depend on, in one query: the
    tournament's own settings, the counted lists' versions and last change (each write bumps
    both, confirmations too), the rounds with their status and start, and the participants
    with their names, clubs and privacy. None when there is no such tournament.
    (league.core.conditional turns it into ETags and cache keys.)

    Only closed rounds count unless ``provisional`` (competitions.md "Live standings"), so
    the counted view's version reads only the closed rounds' lists: a game entered in the
    running round leaves it unchanged and the phones polling it get 304s all round long.
    The SQL is compiled once per process and variant: this runs on every poll of every
    phone. With ``reader`` (an account or anonymous), None also for a members-only
    tournament he may not read (no ETag, so no 304: the view refuses) — the same query
    says whether it is members-only, so a phone's poll stays one query."""
    if not 0 < tournament_id < 2**63:  # an id no column holds: no such tournament
        return None
    sql, params = _version_sql(provisional)
    with connection.cursor() as cursor:
        cursor.execute(sql, [tournament_id if p is _ID else p for p in params])
        row = cursor.fetchone()
    if row is None:
        return None
    members_only = row[0]
    if (
        members_only
        and reader is not None
        and not can_read_tournament(reader, Tournament(pk=tournament_id, members_only=True))
    ):
        return None
    return hashlib.sha256(repr((provisional, *row)).encode()).hexdigest()[:32]


_ID = object()  # where the tournament's id goes in the compiled query's parameters
_SENTINEL = -7_364_219


def _version_sql(provisional: bool) -> tuple[str, list[Any]]:
    found = _COMPILED.get((connection.vendor, provisional))
    if found is None:
        sql, params = _version_query(_SENTINEL, provisional).query.sql_with_params()
        found = _COMPILED[(connection.vendor, provisional)] = (
            sql,
            [_ID if p == _SENTINEL else p for p in params],
        )
    return found


_COMPILED: dict[tuple[str, bool], tuple[str, list[Any]]] = {}


def _version_query(tournament_id: int, provisional: bool) -> QuerySet[Any]:
    lists = Spielliste.objects.filter(
        round_table__tournament_round__tournament=OuterRef("pk")
    ).order_by()
    if not provisional:
        lists = lists.filter(round_table__tournament_round__status=CLOSED)
    rounds = TournamentRound.objects.filter(tournament=OuterRef("pk")).order_by()
    entries = Participant.objects.filter(tournament=OuterRef("pk")).order_by()

    def total(qs: QuerySet[Any], expr: Any, out: Any = None) -> Subquery:
        agg = qs.values(_GROUP[qs.model]).annotate(x=expr).values("x")
        return Subquery(agg, output_field=out or IntegerField())

    closed = Case(When(status=CLOSED, then=F("number")), default=Value(0))
    name = Concat(
        Cast("pk", CharField()),
        Value(":"),
        Cast("player_id", CharField()),
        Value(":"),
        "player__ddv_number",
        Value(":"),
        "player__name",
        Value(":"),
        Coalesce("player__club__name", Value("")),
        Value(":"),
        Cast("player__hide_name", CharField()),
        Cast("withdrawn", CharField()),
        Cast("number", CharField()),
        output_field=CharField(),
    )
    return (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(
            lists_n=total(lists, Count("pk")),
            lists_v=total(lists, Sum("version")),
            lists_at=total(lists, Max("updated_at"), DateTimeField()),
            rounds_n=total(rounds, Count("pk")),
            rounds_closed=total(rounds, Sum(closed)),
            # The round clock (projector, board) runs from the latest start.
            rounds_started=total(rounds, Max("started_at"), DateTimeField()),
            entries=total(entries, _TextAgg(name), TextField()),
        )
        .values_list(
            "members_only",
            "name",
            "rounds_planned",
            "tie_breaks",
            "require_confirmation",
            "round_minutes",
            "lists_n",
            "lists_v",
            "lists_at",
            "rounds_n",
            "rounds_closed",
            "rounds_started",
            "entries",
        )
    )


class _TextAgg(Aggregate):
    """The rows' texts joined (GROUP_CONCAT on SQLite, STRING_AGG on PostgreSQL)."""

    function = "GROUP_CONCAT"
    output_field = TextField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(
            compiler,
            connection,
            function="STRING_AGG",
            template="%(function)s(%(distinct)s%(expressions)s, '|')",
            **extra,
        )


_GROUP: dict[Any, str] = {
    Spielliste: "round_table__tournament_round__tournament",
    TournamentRound: "tournament",
    Participant: "tournament",
}


def standings_cached(
    *, tournament: Tournament, version: str, provisional: bool = False, reveal: bool = False
) -> Standings:
    """``standings`` computed once per ``version`` (``standings_version``) in the shared
    cache: the first phone after a game pays for it, the others read it."""
    key = f"standings:{tournament.pk}:{version}:{int(provisional)}:{int(reveal)}"
    return cached(
        key, lambda: standings(tournament=tournament, provisional=provisional, reveal=reveal)
    )


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


def tournament_choices(user: User | AnonymousUser) -> list[tuple[int, str]]:
    """Every tournament ``user`` may read as (id, name), newest first: the list index's
    tournament filter."""
    readable = Tournament.objects.exclude(tournaments_closed_to(user))
    return list(readable.order_by("-date", "-pk").values_list("pk", "name"))


def tournament_lists(tournament_id: int) -> Q:
    """The condition on Spielliste for the lists of one tournament."""
    return Q(round_table__tournament_round__tournament_id=tournament_id)
