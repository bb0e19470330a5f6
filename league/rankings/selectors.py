"""Reads of the Rangliste and of a player's record across events.

Every figure is a SQL aggregate (``ScoreLine`` sums grouped by player and tournament, or by
list) handed to the pure rules of ``scoring.rangliste``: a constant number of queries,
whatever the number of tournaments, players and games.

Glossary: see ``scoring.rangliste`` (Ranglistenturnier, Rangliste, Rundenschnitt,
unter 36, Bundesländerwertung); Stichtag = the reference date of the Rangliste.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import connection
from django.db.models import Count, Q, Sum

from league.clubs.models import Club, Player, public_alias
from league.core.prepared import execute_prepared
from league.lists.access import lists_closed_to
from league.lists.models import Placement, ScoreLine, Spielliste, StatLine
from league.lists.owners import PlacedList, kind_of
from league.tournaments.models import Bundesland, RoundTable, Tournament, TournamentRound
from scoring.rangliste import (
    MIN_ROUNDS,
    BundeslandRow,
    PlayerTotals,
    RanglisteRow,
    TournamentTotal,
    Unter36Row,
    bundeslaender_from_totals,
    counts_in_rangliste,
    rangliste_from_totals,
    window_start,
)
from scoring.totals import games_counted

T = "spielliste__round_table__tournament_round__tournament"


def rated_in_window(as_of: datetime.date, prefix: str = "") -> Q:
    """Closed, approved Ranglistenturniere of the 24 months up to ``as_of``, none of whose
    published people waits for a decision (``prefix``: the path
    from the queried model to the tournament, "" for ``Tournament`` itself): the SQL form
    of ``scoring.rangliste.counts_in_rangliste``, on the engine's window."""
    p = f"{prefix}__" if prefix else ""
    return Q(
        **{
            f"{p}rated": True,
            f"{p}closed_at__isnull": False,
            f"{p}rating_approved_at__isnull": False,
            # A publication's people not yet decided (federation.md): not counted until then.
            f"{p}people_open": 0,
            f"{p}date__gte": window_start(as_of),
            f"{p}date__lte": as_of,
        }
    )


@dataclass(frozen=True)
class PlayerInfo:
    pk: int
    name: str  # as shown (the alias of a player who asked not to be named)
    club: str


@dataclass(frozen=True)
class TournamentInfo:
    pk: int
    name: str
    date: datetime.date
    bundesland: str

    @property
    def bundesland_name(self) -> str:
        return str(Bundesland(self.bundesland).label) if self.bundesland else ""


@dataclass(frozen=True)
class RanglisteView:
    as_of: datetime.date
    window_start: datetime.date
    rangliste: tuple[RanglisteRow, ...]
    unter_36: tuple[Unter36Row, ...]
    bundeslaender: tuple[BundeslandRow, ...]
    players: dict[str, PlayerInfo]
    tournaments: dict[str, TournamentInfo]
    min_rounds: int = MIN_ROUNDS


def _shown(pk: int, name: str, hidden: bool, reveal: bool) -> str:
    return name if reveal or not hidden else public_alias(pk)


def rangliste(*, as_of: datetime.date, reveal: bool = False) -> RanglisteView:
    """The Rangliste, "unter 36" and the Bundesländerwertung on ``as_of`` (3 queries).

    ``reveal``: show the names of players who asked not to be named (staff).
    """
    tournaments = {
        str(t["pk"]): TournamentInfo(t["pk"], t["name"], t["date"], t["bundesland"])
        for t in Tournament.objects.filter(rated_in_window(as_of)).values(
            "pk", "name", "date", "bundesland"
        )
    }
    # Summed per player and tournament in SQL; the names fetched once per player.
    rows = list(
        ScoreLine.objects.filter(rated_in_window(as_of, T))
        .values_list("player_id", f"{T}_id")
        .annotate(points=Sum("points"), rounds=Count("spielliste_id", distinct=True))
        .order_by()
    )
    per_player: dict[str, list[int]] = {}
    per_tournament: list[TournamentTotal] = []
    for player_id, tournament_id, points, rounds in rows:
        key = str(player_id)
        held = per_player.get(key)
        if held is None:
            held = per_player[key] = [0, 0]
        held[0] += rounds
        held[1] += points or 0
        info = tournaments.get(str(tournament_id))
        if info is not None:
            per_tournament.append(
                TournamentTotal(key, str(info.pk), info.date, info.bundesland, points or 0)
            )
    players = {
        str(pk): PlayerInfo(pk, _shown(pk, name, hidden, reveal), club or "")
        for pk, name, hidden, club in Player.objects.filter(
            pk__in={int(k) for k in per_player}
        ).values_list("pk", "name", "hide_name", "club__name")
    }
    names = {key: p.name for key, p in players.items()}
    ranked, below = rangliste_from_totals(
        (PlayerTotals(k, rounds, points) for k, (rounds, points) in per_player.items()),
        names=names,
    )
    return RanglisteView(
        as_of=as_of,
        window_start=window_start(as_of),
        rangliste=ranked,
        unter_36=below,
        bundeslaender=bundeslaender_from_totals(per_tournament, names=names),
        players=players,
        tournaments=tournaments,
    )


# --- a player's record across events -----------------------------------------------------


@dataclass
class EventList:
    """One list the player played: a tournament round (his Rangliste's), a list of another
    owner (a club evening's table, a league Spieltag's) or a free list."""

    liste_id: int
    title: str
    date: datetime.date
    kind: str  # its owner's kind (``lists.owners.OwnerKind.key``), "other" for a free list
    points: int
    games: int
    complete: bool
    tournament_id: int | None = None
    round_number: int | None = None
    club_id: int | None = None
    club: str = ""
    table: int | None = None
    label: str = ""  # its name on the page, as its owner says it ("": its title)


@dataclass
class TournamentEntry:
    pk: int
    name: str
    date: datetime.date
    rated: bool
    counted: bool  # closed, rated and inside the window
    bundesland: str
    rounds: list[EventList] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(r.points for r in self.rounds)


@dataclass(frozen=True)
class PlayerRecord:
    player: Player
    as_of: datetime.date
    lists: list[EventList]  # by date
    tournaments: list[TournamentEntry]  # newest first
    others: list[EventList]  # evenings and other lists, newest first
    rated_rounds: int
    rated_points: int
    running: list[Fraction]  # the running Rundenschnitt after each list, in date order

    @property
    def rated_average(self) -> Fraction | None:
        return Fraction(self.rated_points, self.rated_rounds) if self.rated_rounds else None

    @property
    def rounds_missing(self) -> int:
        return max(MIN_ROUNDS - self.rated_rounds, 0)

    @property
    def total_points(self) -> int:
        return sum(item.points for item in self.lists)


# A player's page reads his lists in one statement driven by the index on his derived rows
# (``lists.StatLine``: his Stand and games per list), joined by key to the list, its club
# and its placement (where it stands, whatever its owner: ``lists.Placement``) and, for
# his Rangliste, to the tournament whose round table it is: written as SQL, as the ORM's
# query compilation costs more than the lookups themselves (bench/ranking.py), and
# nothing is summed (issue 25).
_PLAYER_ROWS = (
    "SELECT l.id, l.title, l.created_at, l.complete, l.totals_only, s.total, s.games, "
    "l.club_id, lc.name, p.owner, p.event_id, p.event, p.day, p.number, p.table_number, "
    "p.season, t.id, t.name, t.date, "
    "(t.rated AND t.rating_approved_at IS NOT NULL AND t.people_open = 0), "
    "(t.closed_at IS NOT NULL), t.bundesland "
    "FROM {statline} s JOIN {liste} l ON l.id = s.spielliste_id "
    "LEFT JOIN {club} lc ON lc.id = l.club_id "
    "LEFT JOIN {placement} p ON p.spielliste_id = s.spielliste_id "
    "LEFT JOIN {roundtable} rt ON rt.spielliste_id = s.spielliste_id "
    "LEFT JOIN {round} r ON r.id = rt.tournament_round_id "
    "LEFT JOIN {tournament} t ON t.id = r.tournament_id "
    "WHERE s.player_id = %s AND (p.rehearsal IS NULL OR NOT p.rehearsal)"  # no Probelauf
)


def _tables() -> dict[str, str]:
    models = {
        "scoreline": ScoreLine,
        "statline": StatLine,
        "liste": Spielliste,
        "roundtable": RoundTable,
        "round": TournamentRound,
        "tournament": Tournament,
        "placement": Placement,
        "club": Club,
    }
    return {key: connection.ops.quote_name(m._meta.db_table) for key, m in models.items()}


def _list_rows(player: Player, reader: Any = None) -> list[dict[str, Any]]:
    """Each list the player played with his points and games there and what it belongs
    to (one statement). With ``reader`` (an account or anonymous), the lists of
    members-only tournaments and clubs he may not read are marked ``hidden`` (api.md;
    one query more)."""
    names = _tables()
    rows: list[dict[str, Any]] = []
    with connection.cursor() as cursor:
        execute_prepared(cursor, "player_record", _PLAYER_ROWS.format(**names), [player.pk])
        found = cursor.fetchall()
    hidden: set[int] = set()
    if found and reader is not None:
        closed = Spielliste.objects.filter(pk__in=[r[0] for r in found])
        hidden = set(closed.filter(lists_closed_to(reader)).values_list("pk", flat=True))
    for (
        pk,
        title,
        created_at,
        complete,
        totals_only,
        points,
        games,
        club_id,
        club_name,
        owner,
        event_id,
        event,
        day,
        number,
        table,
        season,
        tid,
        tname,
        tdate,
        rated,
        closed,
        land,
    ) in found:
        placed = PlacedList(
            pk,
            title or "",
            _date(day if day is not None else created_at),
            owner or "",
            event_id,
            event or "",
            number,
            table,
            season or "",
            club_name or "",
        )
        rows.append(
            {
                "pk": pk,
                "placed": placed,
                "club_id": club_id,
                "complete": bool(complete),
                "totals_only": bool(totals_only),
                "points": points or 0,
                "games": games,
                "round": [tid, tname, _date(tdate), bool(rated), bool(closed), land]
                if tid is not None
                else None,
                "hidden": pk in hidden,
            }
        )
    return rows


def _date(value: Any) -> datetime.date:
    """A date or timestamp column as a date (SQLite's driver returns text)."""
    if isinstance(value, datetime.datetime):
        return value.date()
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(value[:10])


def player_record(*, player: Player, as_of: datetime.date, reader: Any = None) -> PlayerRecord:
    """Every list ``player`` played (that ``reader`` may read, when given), grouped by
    event, with his Rangliste figures on ``as_of`` and the running Rundenschnitt (1
    query, 2 with a reader)."""
    lists: list[EventList] = []
    tournaments: dict[int, TournamentEntry] = {}
    rated_rounds = rated_points = 0
    for r in _list_rows(player, reader):
        points = int(r["points"])
        games = games_counted(int(r["games"]), totals_only=r["totals_only"])
        placed: PlacedList = r["placed"]
        if r["round"] is not None:
            tid, tname, tday, rated, closed, land = r["round"]
            item = EventList(
                r["pk"],
                placed.title,
                placed.day if placed.owner else tday,
                placed.owner or "other",
                points,
                games,
                r["complete"],
                tournament_id=tid,
                round_number=placed.number,
            )
            counted = counts_in_rangliste(rated=rated, closed=closed, day=tday, as_of=as_of)
            if counted:
                # The Rangliste is one list for everybody (competitions.md): a rated round
                # counts even where its tournament's pages are members-only.
                rated_rounds += 1
                rated_points += points
            if r["hidden"]:
                continue
            entry = tournaments.get(tid)
            if entry is None:
                entry = tournaments[tid] = TournamentEntry(tid, tname, tday, rated, counted, land)
            entry.rounds.append(item)
        elif r["hidden"]:
            continue
        else:
            kind = kind_of(placed.owner) if placed.owner else None
            item = EventList(
                r["pk"],
                placed.title,
                placed.day,
                placed.owner or "other",
                points,
                games,
                r["complete"],
                club_id=r["club_id"],
                club=placed.club,
                table=placed.table,
                label=kind.page_label(placed) if kind and kind.page_label else "",
            )
        lists.append(item)
    lists.sort(key=lambda i: (i.date, i.round_number or 0, i.liste_id))
    running: list[Fraction] = []
    total = 0
    for n, item in enumerate(lists, start=1):
        total += item.points
        running.append(Fraction(total, n))
    for entry in tournaments.values():
        entry.rounds.sort(key=lambda i: i.round_number or 0)
    return PlayerRecord(
        player=player,
        as_of=as_of,
        lists=lists,
        tournaments=sorted(tournaments.values(), key=lambda t: (t.date, t.pk), reverse=True),
        others=[i for i in reversed(lists) if i.tournament_id is None],
        rated_rounds=rated_rounds,
        rated_points=rated_points,
        running=running,
    )


# --- the Ranglistenwart's page --------------------------------------------------------


@dataclass(frozen=True)
class RatingRequest:
    """A tournament whose organisers asked it to count in the Rangliste."""

    pk: int
    name: str
    date: datetime.date
    bundesland: str
    closed: bool
    approved_at: datetime.datetime | None
    approved_by: str
    note: str
    players: int
    rounds: int

    @property
    def waiting(self) -> bool:
        """Closed and not (or no longer) approved: a decision is due."""
        return self.closed and self.approved_at is None


def rating_requests() -> list[RatingRequest]:
    """Every requested Ranglistenturnier: those waiting for a decision first, then the
    approved, then those not closed yet; newest first within each (2 queries)."""
    rows = (
        Tournament.objects.filter(rated=True)
        .annotate(
            players=Count("participants", filter=Q(participants__withdrawn=False), distinct=True),
            round_count=Count("rounds", distinct=True),
        )
        .select_related("rating_approved_by")
        .order_by("-date", "-pk")
    )
    found = [
        RatingRequest(
            pk=t.pk,
            name=t.name,
            date=t.date,
            bundesland=t.get_bundesland_display(),
            closed=t.closed_at is not None,
            approved_at=t.rating_approved_at,
            approved_by=t.rating_approved_by.get_username() if t.rating_approved_by else "",
            note=t.rating_note,
            players=t.players,
            rounds=t.round_count,
        )
        for t in rows
    ]
    return sorted(found, key=lambda r: (not r.waiting, not r.closed))
