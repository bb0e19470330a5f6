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

from django.db.models import Count, F, Q, Sum

from league.clubs.models import Player, public_alias
from league.lists.models import ScoreLine
from league.tournaments.models import Bundesland, Tournament
from scoring.rangliste import (
    MIN_ROUNDS,
    BundeslandRow,
    PlayerTotals,
    RanglisteRow,
    TournamentTotal,
    Unter36Row,
    bundeslaender_from_totals,
    rangliste_from_totals,
    window_start,
)

T = "spielliste__round_table__tournament_round__tournament"


def rated_in_window(as_of: datetime.date, prefix: str = "") -> Q:
    """Closed Ranglistenturniere of the 24 months up to ``as_of`` (``prefix``: the path
    from the queried model to the tournament, "" for ``Tournament`` itself)."""
    p = f"{prefix}__" if prefix else ""
    return Q(
        **{
            f"{p}rated": True,
            f"{p}closed_at__isnull": False,
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
    """The Rangliste, "unter 36" and the Bundesländerwertung on ``as_of`` (2 queries).

    ``reveal``: show the names of players who asked not to be named (staff).
    """
    tournaments = {
        str(t["pk"]): TournamentInfo(t["pk"], t["name"], t["date"], t["bundesland"])
        for t in Tournament.objects.filter(rated_in_window(as_of)).values(
            "pk", "name", "date", "bundesland"
        )
    }
    rows = (
        ScoreLine.objects.filter(rated_in_window(as_of, T))
        .values("player_id", "player__name", "player__hide_name", "player__club__name")
        .annotate(
            tournament_id=F(f"{T}_id"),
            points=Sum("points"),
            rounds=Count("spielliste_id", distinct=True),
        )
        .order_by()
    )
    players: dict[str, PlayerInfo] = {}
    per_player: dict[str, list[int]] = {}
    per_tournament: list[TournamentTotal] = []
    for r in rows:
        key = str(r["player_id"])
        if key not in players:
            players[key] = PlayerInfo(
                r["player_id"],
                _shown(r["player_id"], r["player__name"], r["player__hide_name"], reveal),
                r["player__club__name"] or "",
            )
        held = per_player.setdefault(key, [0, 0])
        held[0] += r["rounds"]
        held[1] += r["points"] or 0
        info = tournaments.get(str(r["tournament_id"]))
        if info is not None:
            per_tournament.append(
                TournamentTotal(key, str(info.pk), info.date, info.bundesland, r["points"] or 0)
            )
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
    """One list the player played: a tournament round, a club evening's table or any
    other list (a league Spieltag, free play)."""

    liste_id: int
    title: str
    date: datetime.date
    kind: str  # "tournament", "evening", "other"
    points: int
    games: int
    complete: bool
    tournament_id: int | None = None
    round_number: int | None = None
    club_id: int | None = None
    club: str = ""
    table: int | None = None


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


E = "spielliste__evening_table__evening"
R = "spielliste__round_table__tournament_round"


def _list_rows(player: Player) -> Any:
    return (
        ScoreLine.objects.filter(player=player)
        .values(
            "spielliste_id",
            "spielliste__title",
            "spielliste__created_at",
            "spielliste__complete",
            "spielliste__totals_only",
            f"{R}__number",
            f"{R}__status",
            f"{T}_id",
            f"{T}__name",
            f"{T}__date",
            f"{T}__rated",
            f"{T}__closed_at",
            f"{T}__bundesland",
            "spielliste__evening_table__number",
            f"{E}__date",
            f"{E}__club_id",
            f"{E}__club__name",
        )
        .annotate(points=Sum("points"), games=Count("game_id"))
        .order_by()
    )


def player_record(*, player: Player, as_of: datetime.date) -> PlayerRecord:
    """Every list ``player`` played, grouped by event, with his Rangliste figures on
    ``as_of`` and the running Rundenschnitt (1 query)."""
    start = window_start(as_of)
    lists: list[EventList] = []
    tournaments: dict[int, TournamentEntry] = {}
    rated_rounds = rated_points = 0
    for r in _list_rows(player):
        points = int(r["points"] or 0)
        games = int(r["games"]) or (24 if r["spielliste__totals_only"] else 0)
        tid = r[f"{T}_id"]
        if tid is not None:
            day = r[f"{T}__date"]
            item = EventList(
                r["spielliste_id"],
                r["spielliste__title"],
                day,
                "tournament",
                points,
                games,
                r["spielliste__complete"],
                tournament_id=tid,
                round_number=r[f"{R}__number"],
            )
            counted = (
                r[f"{T}__rated"] and r[f"{T}__closed_at"] is not None and start <= day <= as_of
            )
            entry = tournaments.get(tid)
            if entry is None:
                entry = tournaments[tid] = TournamentEntry(
                    tid, r[f"{T}__name"], day, r[f"{T}__rated"], counted, r[f"{T}__bundesland"]
                )
            entry.rounds.append(item)
            if counted:
                rated_rounds += 1
                rated_points += points
        elif r[f"{E}__date"] is not None:
            item = EventList(
                r["spielliste_id"],
                r["spielliste__title"],
                r[f"{E}__date"],
                "evening",
                points,
                games,
                r["spielliste__complete"],
                club_id=r[f"{E}__club_id"],
                club=r[f"{E}__club__name"] or "",
                table=r["spielliste__evening_table__number"],
            )
        else:
            item = EventList(
                r["spielliste_id"],
                r["spielliste__title"],
                r["spielliste__created_at"].date(),
                "other",
                points,
                games,
                r["spielliste__complete"],
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
        others=[i for i in reversed(lists) if i.kind != "tournament"],
        rated_rounds=rated_rounds,
        rated_points=rated_points,
        running=running,
    )
