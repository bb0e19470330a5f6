"""A player's statistics across every event he may be shown in (statistics.md, issue 25).

The figures are the engine's (``scoring.stats``), summed from the derived rows the write
path keeps per player and list (``lists.StatLine``, which also says where each list
stands: its owner's kind and key, date, round or table): no list is replayed to show
them, and the sums are SQL aggregates. At most 3 queries whatever the number of lists:
one statement reads his rows, their sums (partners and solos included, with the
partners' names) and what his lists belong to (names, members-only flags, season
starts, read live); the lists the reader may not read, only if one of his has a
members-only owner; the sums again over the lists kept, only if a filter or the
reader's rights drop one (a club regular: 1 query).

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
- **Decision** (filters): ``von``/``bis`` (dates, inclusive), ``saison`` (a club's season
  of its evenings, ``<club>-<year>``), ``turnier``, ``liga``: each narrows the lists; they
  combine (all must hold). The choices offered are the events of his own lists.
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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.utils.translation import gettext as _

from league.clubs.models import Club, Player, public_alias
from league.core.prepared import execute_prepared
from league.evenings.models import SeasonSettings
from league.evenings.selectors import season_of
from league.leagues.models import League
from league.lists.access import lists_closed_among
from league.lists.models import Owner, Spielliste, StatLine
from league.tournaments.models import Tournament
from scoring import messages
from scoring.stats import HOCHZEIT, SOLO_KEYS, STILLE_HOCHZEIT, PlayerStats, Tally

PARTNER_MIN_GAMES = 3

_COUNT_FIELDS = (
    "games",
    "won",
    "lost",
    "points",
    "re",
    "re_won",
    "kontra",
    "kontra_won",
    "pflicht",
    "announced",
    "announced_won",
)


@dataclass(frozen=True)
class StatsFilter:
    """What the reader narrowed the lists to (None: not narrowed)."""

    von: datetime.date | None = None
    bis: datetime.date | None = None
    saison: str | None = None  # "<club id>-<year>"
    turnier: int | None = None
    liga: int | None = None

    @property
    def active(self) -> bool:
        return any(
            v is not None for v in (self.von, self.bis, self.saison, self.turnier, self.liga)
        )


@dataclass(frozen=True)
class StatsList:
    """One list he played, with what it belongs to. Its ``label`` is made when read (the
    page shows the newest lists only): ``text``, or ``text`` filled with ``parts``."""

    liste_id: int
    date: datetime.date
    text: str
    total: int
    games: int
    won: int
    season: str | None = None
    tournament_id: int | None = None
    league_id: int | None = None
    parts: tuple[Any, ...] | None = None  # name and round, or club, date and table

    @property
    def label(self) -> str:
        if self.parts is None:
            return self.text
        if len(self.parts) == 2:
            return self.text % {"name": self.parts[0], "number": self.parts[1]}
        club, day, table = self.parts
        return self.text % {"club": club, "date": _dmy(day), "table": table}


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
    seasons: list[Choice] = field(default_factory=list)
    tournaments: list[Choice] = field(default_factory=list)
    leagues: list[Choice] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(item.total for item in self.lists)


def _date(value: Any) -> datetime.date:
    """A date or timestamp column as a date (SQLite's driver returns text)."""
    if isinstance(value, datetime.datetime):
        return value.date()
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(value[:10])


# One statement driven by the index on his rows (``lists.StatLine``, which says where each
# list stands: its owner's kind and key, its date, its round or table): his rows; his
# figures, partners (with their names) and solos summed over all of them in SQL; and what
# his lists belong to, read live (names, members-only flags, a club's season start, the
# titles of lists of no tournament or evening), one row each. Only when a filter or the
# reader's rights narrow his lists are the sums read again over those kept (``_SUMS``).
# Written as SQL: the ORM's compilation cost more than the statement (bench/ranking.py).
# Every row has the columns (tag, id, txt, txt2, day, flag, n1 … n11).
_TYPED = (
    "SELECT 'r', s.spielliste_id, s.owner, CAST(NULL AS varchar(200)), s.day, "
    "CAST(NULL AS boolean), s.event_id, s.number, s.total, s.games, s.won, "
    + ", ".join(["CAST(NULL AS bigint)"] * 6)
    + " FROM s"
)
_NULLS = ", ".join(["NULL"] * 9)
_SUMS = (
    "SELECT 'n', NULL, NULL, NULL, NULL, NULL, "
    + ", ".join(f"SUM(s.{name})" for name in _COUNT_FIELDS)
    + " FROM s UNION ALL "
    "SELECT 'p', x.id, (SELECT pl.name FROM {player} pl WHERE pl.id = x.id), NULL, NULL, "
    "(SELECT pl.hide_name FROM {player} pl WHERE pl.id = x.id), x.n, x.w, " + _NULLS + " "
    "FROM (SELECT CAST(j.key AS bigint) AS id, SUM(CAST({first} AS integer)) AS n, "
    "SUM(CAST({second} AS integer)) AS w FROM s, {each}(s.partners) j GROUP BY j.key) x "
    "UNION ALL "
    "SELECT 's', NULL, j.key, NULL, NULL, NULL, SUM(CAST({first} AS integer)), "
    "SUM(CAST({second} AS integer)), " + _NULLS + " FROM s, {each}(s.solos) j GROUP BY j.key"
)
_PAD = ", ".join(["NULL"] * 11)
_EVENTS = (
    # A tournament's flag: members-only, or silent rounds hidden now (either may close a
    # list of it to the reader: ``lists_closed_among`` says which); then whether somebody
    # vouched for it (official or approved: the vouched-events decision above).
    "SELECT 't', t.id, t.name, NULL, t.date, "
    "(t.members_only OR (t.silent_rounds > 0 AND t.closed_at IS NULL)), "
    "CASE WHEN t.official OR t.rating_approved_at IS NOT NULL THEN 1 ELSE 0 END, "
    + ", ".join(["NULL"] * 10)
    + " FROM {tournament} t "
    "WHERE t.id IN (SELECT event_id FROM s WHERE owner = 'tournament') UNION ALL "
    "SELECT 'c', c.id, c.name, NULL, NULL, c.members_only, ss.start_month, "
    + ", ".join(["NULL"] * 10)
    + " FROM {club} c LEFT JOIN {seasonsettings} ss ON ss.club_id = c.id "
    "WHERE c.id IN (SELECT event_id FROM s WHERE owner = 'evening') UNION ALL "
    "SELECT 'g', lg.id, lg.name, lg.season, NULL, NULL, " + _PAD + " FROM {league} lg "
    "WHERE lg.id IN (SELECT event_id FROM s WHERE owner = 'league') UNION ALL "
    "SELECT 'l', l.id, l.title, NULL, NULL, lc.members_only, " + _PAD + " FROM {liste} l "
    "LEFT JOIN {club} lc ON lc.id = l.club_id "
    "WHERE l.id IN (SELECT spielliste_id FROM s WHERE owner IN ('', 'league'))"
)
_HIS = (
    "WITH s AS MATERIALIZED (SELECT spielliste_id, owner, event_id, day, number, total, "
    + ", ".join(_COUNT_FIELDS)
    + ", solos, partners FROM {statline} WHERE player_id = %s{among}) "
)


def _sql(sql: str, among: int = 0) -> tuple[str, bool]:
    """``sql`` for this database, over his rows (of ``among`` lists, given as parameters
    after his id); whether the lists go as one array parameter (PostgreSQL)."""
    models = {
        "statline": StatLine,
        "liste": Spielliste,
        "tournament": Tournament,
        "club": Club,
        "seasonsettings": SeasonSettings,
        "league": League,
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
    his = _HIS.format(among=marks if among else "", **names)
    return his + sql.format(**names, **json), postgres


@dataclass
class _Read:
    """What one statement read: his rows, the sums, the events by kind."""

    rows: list[tuple[Any, ...]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    partners: list[tuple[int, str | None, bool]] = field(default_factory=list)
    partner_tallies: dict[str, Tally] = field(default_factory=dict)
    solos: dict[str, Tally] = field(default_factory=dict)
    events: dict[str, dict[int, tuple[Any, Any, Any, Any]]] = field(default_factory=dict)


def _read(cursor: Any, name: str, sql: str, params: list[Any]) -> _Read:
    execute_prepared(cursor, name, sql, params)
    out = _Read(events={"t": {}, "c": {}, "g": {}, "l": {}})
    for tag, pk, txt, txt2, day, flag, *nums in cursor.fetchall():
        if tag == "r":
            out.rows.append((pk, txt, day, *nums[:5]))
        elif tag == "n":
            out.counts = {k: int(v or 0) for k, v in zip(_COUNT_FIELDS, nums, strict=True)}
        elif tag == "p":
            out.partners.append((pk, txt, bool(flag)))
            out.partner_tallies[str(pk)] = Tally(int(nums[0]), int(nums[1]))
        elif tag == "s":
            out.solos[txt] = Tally(int(nums[0]), int(nums[1]))
        else:
            out.events[tag][pk] = (txt, txt2 if tag == "g" else day, flag, nums[0])
    return out


def _sums_among(player_id: int, kept: list[int]) -> _Read:
    """The sums over the lists ``kept`` of his (one statement)."""
    sql, postgres = _sql(_SUMS, len(kept))
    params: list[Any] = [player_id, kept] if postgres else [player_id, *kept]
    with connection.cursor() as cursor:
        return _read(cursor, "player_statistics_among", sql, params)


def _season_label(year: int, start_month: int) -> str:
    return str(year) if start_month == 1 else f"{year}/{(year + 1) % 100:02d}"


def _dmy(day: datetime.date) -> str:
    """``day`` as 31.12.2026 (``%d.%m.%Y`` without strftime: once a list)."""
    return f"{day.day:02d}.{day.month:02d}.{day.year}"


def _describe(
    row: tuple[Any, ...],
    events: Mapping[str, Mapping[int, tuple[Any, Any, Any, Any]]],
    texts: Mapping[str, str],
    choices: tuple[dict[str, Choice], dict[str, Choice], dict[str, Choice]],
) -> StatsList:
    """His row of a list as ``StatsList``; the season, tournament or league it offers as
    a filter choice goes into ``choices`` (seasons, tournaments, leagues), each made once."""
    seasons, tournaments, leagues = choices
    pk, owner, day, event_id, number, total, games, won = row
    day = _date(day)
    figures = (total, games, won)
    if owner == Owner.TOURNAMENT:
        name = events["t"][event_id][0]
        value = str(event_id)
        if value not in tournaments:
            tournaments[value] = Choice(value, f"{name} ({_dmy(_date(events['t'][event_id][1]))})")
        return StatsList(
            pk, day, texts["round"], *figures, tournament_id=event_id, parts=(name, number)
        )
    if owner == Owner.EVENING:
        club, _day, _flag, start_month = events["c"][event_id]
        start = start_month or 1
        year = season_of(day, start)
        season = f"{event_id}-{year}"
        if season not in seasons:
            seasons[season] = Choice(season, f"{club or ''} {_season_label(year, start)}")
        return StatsList(
            pk, day, texts["evening"], *figures, season=season, parts=(club or "", day, number)
        )
    title = events["l"][pk][0]
    if owner == Owner.LEAGUE:
        league, season_name, _flag, _n = events["g"][event_id]
        value = str(event_id)
        if value not in leagues:
            leagues[value] = Choice(value, f"{league} {season_name}")
        return StatsList(pk, day, f"{league}: {title}", *figures, league_id=event_id)
    return StatsList(pk, day, title, *figures)


def _members_only(row: tuple[Any, ...], events: Mapping[str, Mapping[int, Any]]) -> bool:
    """Whether the list of ``row`` may be closed to a reader: it has a members-only owner
    (its tournament, its evening's club or, a league's or free list, its own club) or its
    tournament hides silent rounds now."""
    pk, owner, _day, event_id = row[:4]
    if owner == Owner.TOURNAMENT:
        return bool(events["t"][event_id][2])
    if owner == Owner.EVENING:
        return bool(events["c"][event_id][2])
    return bool(events["l"][pk][2])


def _keep(item: StatsList, f: StatsFilter) -> bool:
    if f.von is not None and item.date < f.von:
        return False
    if f.bis is not None and item.date > f.bis:
        return False
    if f.saison is not None and item.season != f.saison:
        return False
    if f.turnier is not None and item.tournament_id != f.turnier:
        return False
    return f.liga is None or item.league_id == f.liga


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
    sql, _postgres = _sql(f"{_TYPED} UNION ALL {_SUMS} UNION ALL {_EVENTS}")
    with connection.cursor() as cursor:
        read = _read(cursor, "player_statistics", sql, [player.pk])
    if not read.rows:
        return empty
    events = read.events
    # Only a members-only owner's list may be closed to him (no query when none is).
    closed = lists_closed_among(reader, [row[0] for row in read.rows if _members_only(row, events)])
    texts = {  # translated once, not once a list
        "round": _("%(name)s, Runde %(number)s"),
        "evening": _("%(club)s, Vereinsabend %(date)s, Tisch %(table)s"),
    }
    seasons: dict[str, Choice] = {}
    tournaments: dict[str, Choice] = {}
    leagues: dict[str, Choice] = {}
    kept: list[StatsList] = []
    vouched_only = not _own_or_staff(player, reader)
    for row in read.rows:
        if row[0] in closed:
            continue
        if vouched_only and row[1] == Owner.TOURNAMENT and not events["t"][row[3]][3]:
            continue  # an unvouched tournament: only he and staff see it counted
        item = _describe(row, events, texts, (seasons, tournaments, leagues))
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
        seasons=sorted(seasons.values(), key=lambda c: c.label),
        tournaments=sorted(tournaments.values(), key=lambda c: c.label),
        leagues=sorted(leagues.values(), key=lambda c: c.label),
    )
