"""A player's statistics across every event he may be shown in (statistics.md, issue 25).

The figures are the engine's (``scoring.stats``), summed from the derived rows the write
path keeps per player and list (``lists.StatLine``): no list is replayed to show them,
and the sums are SQL aggregates. Where each list stands is its placement's
(``lists.Placement``, written by its owner), joined once for every kind of owner; how a
list is named and which filter choice it offers its owner's kind says
(``lists.owners.OwnerKind``): this module names no owner. At most 3 queries whatever
the number of lists: one statement reads his rows with their placements, their sums
(partners and solos included, with the partners' names); the lists the reader may not
read, only if one of his may be refused to somebody; the sums again over the lists
kept, only if a filter or the reader's rights drop one (a club regular: 1 query).

- **Decision** (who may be shown): the same as his points on the player's page — a list
  of a members-only owner, or of a silent round before the ceremony, counts only for a
  reader who may read it (``lists_closed_to``);
  a player who asked not to be named has no public statistics (his own account and staff
  see them).
- **Decision** (vouched events, issue 29): anybody may create a tournament and enter an
  existing player record in it, so a self-made tournament's games count in the statistics
  others see only when somebody vouched for the event: it is an official DDV tournament or
  a Ranglistenwart (or staff) approved it for the Rangliste. The player himself (his linked
  account) and staff see every tournament he played counted; club evenings, leagues and
  free lists count as before (their writers are the club's managers, the league's
  organisers, the list's own table).
- **Decision** (filters): ``von``/``bis`` (dates, inclusive) and one facet per kind of
  owner that offers one (``OwnerKind.facet``: ``saison``, a club's season of its evenings
  ``<club>-<year>``; ``turnier``; ``liga``): each narrows the lists; they combine (all
  must hold). The choices offered are the events of his own lists.
- **Decision** (best and worst partner): over the partners with at least
  ``PARTNER_MIN_GAMES`` games together (all partners when none has so many): the highest
  and the lowest share of games won together; ties by more games, then by name. With one
  partner there is no worst.
- **Decision** (Rundenschnitt over time): his Stand per list (penalty rows included, as
  the player's page and the Rangliste count a round) averaged over the lists so far, in
  date order, over the filtered lists.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.utils.translation import gettext as _

from league.clubs.models import Club, Player, public_alias
from league.core.prepared import execute_prepared
from league.lists.access import lists_closed_among
from league.lists.models import Placement, Spielliste, StatLine
from league.lists.owners import OwnerKind, PlacedList, facets, kind_of
from scoring import messages
from scoring.stats import COUNTS, HOCHZEIT, SOLO_KEYS, STILLE_HOCHZEIT, PlayerStats, Tally

PARTNER_MIN_GAMES = 3


@dataclass(frozen=True)
class StatsFilter:
    """What the reader narrowed the lists to (None, no facet: not narrowed). ``facets``:
    the chosen value by facet parameter (``{"turnier": "12"}``, ``OwnerKind.facet``)."""

    von: datetime.date | None = None
    bis: datetime.date | None = None
    facets: Mapping[str, str] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return self.von is not None or self.bis is not None or bool(self.facets)

    def chosen(self, param: str) -> str:
        return self.facets.get(param, "")


@dataclass(frozen=True)
class StatsList:
    """One list he played, with where it stands. Its ``label`` is made when read (the
    page shows the newest lists only), by its owner's kind (a free list: its title)."""

    liste_id: int
    date: datetime.date
    total: int
    games: int
    won: int
    placed: PlacedList
    kind: OwnerKind | None = None
    facet: tuple[str, str] | None = None  # (parameter, value) of its facet choice

    @property
    def label(self) -> str:
        return self.placed.title if self.kind is None else self.kind.label(self.placed)


@dataclass(frozen=True)
class PartnerRow:
    player_id: int
    name: str
    games: int
    won: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.won, self.games) if self.games else Fraction(0)


@dataclass(frozen=True)
class SoloRow:
    key: str
    label: str
    played: int
    won: int


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class FacetChoices:
    """One facet's select: its parameter and label, the choices his lists offer and the
    one chosen ("" none)."""

    param: str
    label: str
    choices: list[Choice]
    chosen: str


@dataclass
class PlayerStatistics:
    player: Player
    public: bool  # False: he asked not to be named and the reader may not see his figures
    filter: StatsFilter
    stats: PlayerStats
    lists: list[StatsList] = field(default_factory=list)  # by date
    running: list[Fraction] = field(default_factory=list)
    partners: list[PartnerRow] = field(default_factory=list)  # most games first
    best: PartnerRow | None = None
    worst: PartnerRow | None = None
    solos: list[SoloRow] = field(default_factory=list)
    facets: list[FacetChoices] = field(default_factory=list)  # those with choices, in order

    @property
    def total(self) -> int:
        return sum(item.total for item in self.lists)

    def choices(self, param: str) -> list[Choice]:
        """The choices of the facet ``param`` (``turnier``) his lists offer."""
        return next((f.choices for f in self.facets if f.param == param), [])


def _date(value: Any) -> datetime.date:
    """A date or timestamp column as a date (SQLite's driver returns text)."""
    if isinstance(value, datetime.datetime):
        return value.date()
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(value[:10])


# One statement driven by the index on his rows (``lists.StatLine``): his rows, each with
# where its list stands (its placement, one join whatever its owner: kind, event, date,
# numbers, season, whether a reader may be refused it and whether the event is vouched
# for) and the list's title and club (read live: a renamed club, a club made
# members-only); his figures, partners (with their names) and solos summed over all of
# them in SQL. Only when a filter or the reader's rights narrow his lists are the sums
# read again over those kept (``_SUMS``). Written as SQL: the ORM's compilation cost more
# than the statement (bench/ranking.py). Every row has the columns (tag, id, owner,
# event, season, title, club, day, created, flag, flag2, n1 … n11).
_TEXTS = ", ".join(["NULL"] * 7)  # owner … created
_ROWS = (
    "SELECT 'r', s.spielliste_id, p.owner, p.event, p.season, l.title, lc.name, p.day, "
    "l.created_at, (p.members_only OR lc.members_only), p.vouched, p.event_id, p.number, "
    "p.table_number, s.total, s.games, s.won, "
    + ", ".join(["CAST(NULL AS bigint)"] * (len(COUNTS) - 6))
    + " FROM s JOIN {liste} l ON l.id = s.spielliste_id "
    "LEFT JOIN {placement} p ON p.spielliste_id = s.spielliste_id "
    "LEFT JOIN {club} lc ON lc.id = l.club_id"
)
_NULLS = ", ".join(["NULL"] * (len(COUNTS) - 2))
_SUMS = (
    f"SELECT 'n', NULL, {_TEXTS}, NULL, NULL, "
    + ", ".join(f"SUM(s.{name})" for name in COUNTS)
    + " FROM s UNION ALL "
    "SELECT 'p', x.id, (SELECT pl.name FROM {player} pl WHERE pl.id = x.id), "
    + ", ".join(["NULL"] * 6)
    + ", (SELECT pl.hide_name FROM {player} pl WHERE pl.id = x.id), NULL, x.n, x.w, "
    + _NULLS
    + " FROM (SELECT CAST(j.key AS bigint) AS id, SUM(CAST({first} AS integer)) AS n, "
    "SUM(CAST({second} AS integer)) AS w FROM s, {each}(s.partners) j GROUP BY j.key) x "
    "UNION ALL "
    "SELECT 's', NULL, j.key, "
    + ", ".join(["NULL"] * 8)
    + ", SUM(CAST({first} AS integer)), SUM(CAST({second} AS integer)), "
    + _NULLS
    + " FROM s, {each}(s.solos) j GROUP BY j.key"
)
_HIS = (
    "WITH s AS MATERIALIZED (SELECT spielliste_id, total, "
    + ", ".join(COUNTS)
    + ", solos, partners FROM {statline} WHERE player_id = %s{among}"
    # A rehearsal's lists (a tournament's Probelauf) count nowhere: a partial index.
    " AND spielliste_id NOT IN (SELECT spielliste_id FROM {placement} WHERE rehearsal)) "
)


def _sql(sql: str, among: int = 0) -> tuple[str, bool]:
    """``sql`` for this database, over his rows (of ``among`` lists, given as parameters
    after his id); whether the lists go as one array parameter (PostgreSQL)."""
    models = {
        "statline": StatLine,
        "liste": Spielliste,
        "placement": Placement,
        "club": Club,
        "player": Player,
    }
    names = {k: connection.ops.quote_name(m._meta.db_table) for k, m in models.items()}
    postgres = connection.vendor == "postgresql"
    if postgres:
        json = {"each": "jsonb_each", "first": "j.value ->> 0", "second": "j.value ->> 1"}
        marks = " AND spielliste_id = ANY(%s::bigint[])"
    else:
        json = {
            "each": "json_each",
            "first": "json_extract(j.value, '$[0]')",
            "second": "json_extract(j.value, '$[1]')",
        }
        marks = f" AND spielliste_id IN ({', '.join(['%s'] * among)})"
    his = _HIS.format(
        among=marks if among else "", statline=names["statline"], placement=names["placement"]
    )
    return his + sql.format(**names, **json), postgres


@dataclass
class _Read:
    """What one statement read: his rows with their placements, the sums."""

    rows: list[tuple[Any, ...]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    partners: list[tuple[int, str | None, bool]] = field(default_factory=list)
    partner_tallies: dict[str, Tally] = field(default_factory=dict)
    solos: dict[str, Tally] = field(default_factory=dict)


def _read(cursor: Any, name: str, sql: str, params: list[Any]) -> _Read:
    execute_prepared(cursor, name, sql, params)
    out = _Read()
    for tag, pk, owner, *rest in cursor.fetchall():
        nums = rest[-len(COUNTS) :]
        if tag == "r":
            out.rows.append((pk, owner, *rest))
        elif tag == "n":
            out.counts = {k: int(v or 0) for k, v in zip(COUNTS, nums, strict=True)}
        elif tag == "p":
            out.partners.append((pk, owner, bool(rest[6])))
            out.partner_tallies[str(pk)] = Tally(int(nums[0]), int(nums[1]))
        elif tag == "s":
            out.solos[owner] = Tally(int(nums[0]), int(nums[1]))
    return out


def _sums_among(player_id: int, kept: list[int]) -> _Read:
    """The sums over the lists ``kept`` of his (one statement)."""
    sql, postgres = _sql(_SUMS, len(kept))
    params: list[Any] = [player_id, kept] if postgres else [player_id, *kept]
    with connection.cursor() as cursor:
        return _read(cursor, "player_statistics_among", sql, params)


def _describe(row: tuple[Any, ...]) -> tuple[StatsList, bool, bool]:
    """His row of a list as ``StatsList``; whether a reader may be refused the list and
    whether its event is vouched for."""
    (pk, owner, event, season, title, club, day, created, flag, vouched, event_id, number,
     table, total, games, won) = row[:16]  # fmt: skip
    placed = PlacedList(
        pk,
        title or "",
        _date(day if day is not None else created),
        owner or "",
        event_id,
        event or "",
        number,
        table,
        season or "",
        club or "",
    )
    kind = kind_of(placed.owner) if placed.owner else None
    item = StatsList(pk, placed.day, total, games, won, placed, kind)
    return item, bool(flag), vouched is None or bool(vouched)


def _keep(item: StatsList, f: StatsFilter) -> bool:
    if f.von is not None and item.date < f.von:
        return False
    if f.bis is not None and item.date > f.bis:
        return False
    return all(item.facet == (param, value) for param, value in f.facets.items())


def _solo_label(key: str) -> str:
    if key in (HOCHZEIT, STILLE_HOCHZEIT):
        return messages.label("kind", key, _)
    return messages.label("solo", key, _)


def _pick(partners: list[PartnerRow]) -> tuple[PartnerRow | None, PartnerRow | None]:
    if not partners:
        return None, None
    pool = [p for p in partners if p.games >= PARTNER_MIN_GAMES] or partners
    best = min(pool, key=lambda p: (-p.share, -p.games, p.name))
    if len(pool) < 2:
        return best, None
    worst = min(pool, key=lambda p: (p.share, -p.games, p.name))
    return best, worst


def may_see(player: Player, reader: User | AnonymousUser) -> bool:
    """May ``reader`` see the statistics of ``player`` (not named in public: only he and
    staff)?"""
    if not player.hide_name:
        return True
    return bool(reader.is_authenticated and (reader.is_staff or player.account_id == reader.pk))


def _own_or_staff(player: Player, reader: User | AnonymousUser) -> bool:
    return bool(reader.is_authenticated and (reader.is_staff or player.account_id == reader.pk))


def player_statistics(
    *,
    player: Player,
    reader: User | AnonymousUser,
    filters: StatsFilter | None = None,
    reveal: bool = False,
) -> PlayerStatistics:
    """The statistics of ``player`` over the lists ``reader`` may read, narrowed by
    ``filters`` (at most 3 queries, 1 for a club regular). ``reveal``: show hidden
    partners' names (staff, or the player himself)."""
    f = filters or StatsFilter()
    key = str(player.pk)
    empty = PlayerStatistics(
        player=player, public=may_see(player, reader), filter=f, stats=PlayerStats(key)
    )
    if not empty.public:
        return empty
    sql, _postgres = _sql(f"{_ROWS} UNION ALL {_SUMS}")
    with connection.cursor() as cursor:
        read = _read(cursor, "player_statistics", sql, [player.pk])
    if not read.rows:
        return empty
    described = [_describe(row) for row in read.rows]
    # Only a list some reader may be refused can be closed to him (no query when none is).
    closed = lists_closed_among(reader, [i.liste_id for i, flagged, _v in described if flagged])
    offered: dict[str, dict[str, Choice]] = {param.param: {} for param, _k in facets()}
    made: dict[tuple[str, int | None, str], tuple[str, str]] = {}  # one choice an event
    kept: list[StatsList] = []
    vouched_only = not _own_or_staff(player, reader)
    for item, _flagged, vouched in described:
        if item.liste_id in closed:
            continue
        if vouched_only and not vouched:
            continue  # an event nobody vouched for: only he and staff see it counted
        kind = item.kind
        if kind is not None and kind.facet is not None and kind.choice is not None:
            event = (kind.key, item.placed.event_id, item.placed.season)
            choice = made.get(event)
            if choice is None:
                choice = made[event] = kind.choice(item.placed)
            offered[kind.facet.param].setdefault(choice[0], Choice(*choice))
            item = replace(item, facet=(kind.facet.param, choice[0]))
        if _keep(item, f):
            kept.append(item)
    kept.sort(key=lambda i: (i.date, i.liste_id))
    if len(kept) < len(read.rows):  # the sums over the lists kept only
        read = _sums_among(player.pk, [i.liste_id for i in kept]) if kept else _Read()
    stats = PlayerStats(
        player=key,
        solos={k: read.solos[k] for k in SOLO_KEYS if k in read.solos},
        partners={k: read.partner_tallies[k] for k in sorted(read.partner_tallies)},
        **read.counts,
    )
    running: list[Fraction] = []
    total = 0
    for n, item in enumerate(kept, start=1):
        total += item.total
        running.append(Fraction(total, n))
    partners = sorted(
        (
            PartnerRow(
                pk,
                name if name is not None and (reveal or not hidden) else public_alias(pk),
                read.partner_tallies[str(pk)].played,
                read.partner_tallies[str(pk)].won,
            )
            for pk, name, hidden in read.partners
        ),
        key=lambda p: (-p.games, p.name),
    )
    best, worst = _pick(partners)
    return PlayerStatistics(
        player=player,
        public=True,
        filter=f,
        stats=stats,
        lists=kept,
        running=running,
        partners=partners,
        best=best,
        worst=worst,
        solos=[SoloRow(k, _solo_label(k), t.played, t.won) for k, t in stats.solos.items()],
        facets=[
            FacetChoices(
                facet.param,
                str(facet.label),
                sorted(offered[facet.param].values(), key=lambda c: c.label),
                f.chosen(facet.param),
            )
            for facet, _kind in facets()
            if offered[facet.param]
        ],
    )
