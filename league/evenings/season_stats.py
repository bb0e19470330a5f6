"""A club season's statistics and its Kasse (issue 25, statistics.md): from the derived
rows the write path keeps per player and list (``lists.StatLine``), one query for the
season whatever its size.

- **Decision** (the season's records): *most games* — the member with the most game rows;
  *solo record* — the most solos played (ties: more won, then name); *best pair* — the two
  members with the highest share of games won together, over pairs with at least
  ``PAIR_MIN_GAMES`` games together (all pairs when none has so many; ties: more games,
  then names); *longest winning run* — the most lists in a row (his lists of the season in
  date order) that a member won, a list being won by whoever has the highest Stand at its
  table (ties: each of them won it; a list from paper by its totals).
- **Decision** (what counts): every evening list of the season with a game row; the Stand
  counts penalty rows, the game figures do not (statistics.md).
- **Decision** (the season's Kasse): the sum over the season's evening lists that play for
  money and are over (complete, ended or frozen) of each member's balance at that list's
  own rate, settled once for the season by the engine's rule (``scoring.kasse.settle``);
  what the penalties owe goes to the pot.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from league.clubs.models import Club, public_alias
from league.lists.models import StatLine
from scoring.kasse import Payment, settle

PAIR_MIN_GAMES = 3


@dataclass(frozen=True)
class Record:
    """A season record: who, and the figures that make it."""

    names: tuple[str, ...]
    value: int
    of: int = 0  # played (solos, games together), where the record is a share

    @property
    def share(self) -> str:
        return f"{round(100 * self.value / self.of)} %" if self.of else ""


@dataclass
class EveningFigures:
    evening_id: int
    date: datetime.date
    tables: int = 0
    games: int = 0
    solos: int = 0
    top: list[str] = field(default_factory=list)  # the best Stand of the evening
    top_total: int | None = None


@dataclass(frozen=True)
class SeasonKasse:
    cents: dict[str, int]  # by name, players with a balance
    pot: int
    payments: tuple[Payment, ...]
    lists: int


@dataclass(frozen=True)
class SeasonStats:
    most_games: Record | None
    solo_record: Record | None
    best_pair: Record | None
    winning_run: Record | None
    evenings: list[EveningFigures]  # newest first
    kasse: SeasonKasse | None


_FIELDS = (
    "player_id",
    "player__name",
    "player__hide_name",
    "spielliste_id",
    "spielliste__kasse_cent",
    "spielliste__complete",
    "spielliste__closed",
    "spielliste__ended_early",
    "spielliste__frozen",
    "spielliste__evening_table__evening_id",
    "spielliste__evening_table__evening__date",
    "total",
    "games",
    "won",
    "solos",
    "partners",
)


def _best(items: dict[str, int], names: dict[str, str]) -> Record | None:
    if not items or max(items.values()) <= 0:
        return None
    top = max(items.values())
    return Record(tuple(sorted(names[k] for k, v in items.items() if v == top)), top)


def season_stats(
    *, club: Club, start: datetime.date, end: datetime.date, reveal: bool = False
) -> SeasonStats:
    """The season's records, each evening's figures and the season's Kasse (1 query).
    ``reveal``: hidden members' names (the club's managers); else their aliases."""
    rows: list[dict[str, Any]] = list(
        StatLine.objects.filter(
            spielliste__evening_table__evening__club=club,
            spielliste__evening_table__evening__date__gte=start,
            spielliste__evening_table__evening__date__lt=end,
        )
        .values(*_FIELDS)
        .order_by("spielliste__evening_table__evening__date", "spielliste_id")
    )
    names: dict[str, str] = {}
    for r in rows:
        key = str(r["player_id"])
        hidden = r["player__hide_name"] and not reveal
        names[key] = public_alias(r["player_id"]) if hidden else r["player__name"]
    games: dict[str, int] = defaultdict(int)
    solos: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    by_list: dict[int, list[dict[str, Any]]] = defaultdict(list)
    evenings: dict[int, EveningFigures] = {}
    cents: dict[str, int] = defaultdict(int)
    kasse_lists: set[int] = set()
    for r in rows:
        key = str(r["player_id"])
        games[key] += r["games"]
        for played, won in (r["solos"] or {}).values():
            solos[key][0] += played
            solos[key][1] += won
        for partner, (together, won) in (r["partners"] or {}).items():
            if key < partner:  # each pair once (both rows hold it)
                pairs[(key, partner)][0] += together
                pairs[(key, partner)][1] += won
        by_list[r["spielliste_id"]].append(r)
        eid = r["spielliste__evening_table__evening_id"]
        ev = evenings.get(eid)
        if ev is None:
            ev = evenings[eid] = EveningFigures(eid, r["spielliste__evening_table__evening__date"])
        ev.solos += sum(played for played, _won in (r["solos"] or {}).values())
        if ev.top_total is None or r["total"] > ev.top_total:
            ev.top_total, ev.top = r["total"], [names[key]]
        elif r["total"] == ev.top_total:
            ev.top.append(names[key])
        over = (
            r["spielliste__complete"]
            or r["spielliste__closed"]
            or r["spielliste__ended_early"]
            or r["spielliste__frozen"]
        )
        if r["spielliste__kasse_cent"] and over:
            cents[key] += r["total"] * r["spielliste__kasse_cent"]
            kasse_lists.add(r["spielliste_id"])
    # Per evening: its tables and games (a table's games: the most any of its players
    # played, the sitting-out dealer playing fewer at five).
    runs: dict[str, list[bool]] = defaultdict(list)
    for members in by_list.values():
        ev = evenings[members[0]["spielliste__evening_table__evening_id"]]
        ev.tables += 1
        ev.games += max(m["games"] for m in members)
        if not any(m["games"] or m["total"] for m in members):
            continue  # nothing played yet (a list from paper counts by its totals)
        top = max(m["total"] for m in members)
        for m in members:
            runs[str(m["player_id"])].append(m["total"] == top)
    longest: dict[str, int] = {}
    for key, results in runs.items():
        best = current = 0
        for won in results:
            current = current + 1 if won else 0
            best = max(best, current)
        longest[key] = best
    solo_record = None
    if any(p for p, _w in solos.values()):
        key = min(solos, key=lambda k: (-solos[k][0], -solos[k][1], names[k]))
        solo_record = Record((names[key],), solos[key][1], solos[key][0])
    best_pair = None
    if pairs:
        pool = {k: v for k, v in pairs.items() if v[0] >= PAIR_MIN_GAMES} or dict(pairs)
        a, b = min(
            pool,
            key=lambda k: (
                -Fraction(pool[k][1], pool[k][0]),
                -pool[k][0],
                names[k[0]],
                names[k[1]],
            ),
        )
        best_pair = Record(tuple(sorted((names[a], names[b]))), pool[(a, b)][1], pool[(a, b)][0])
    kasse = None
    if kasse_lists:
        by_name = {names[k]: v for k, v in sorted(cents.items(), key=lambda kv: names[kv[0]])}
        pot = max(0, -sum(by_name.values()))
        kasse = SeasonKasse(by_name, pot, settle(by_name, pot), len(kasse_lists))
    return SeasonStats(
        most_games=_best(dict(games), names),
        solo_record=solo_record,
        best_pair=best_pair,
        winning_run=_best(longest, names),
        evenings=sorted(evenings.values(), key=lambda e: (e.date, e.evening_id), reverse=True),
        kasse=kasse,
    )
