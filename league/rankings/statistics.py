"""A player's statistics across every event he may be shown in (statistics.md, issue 25).

The figures are the engine's (``scoring.stats``), summed from the derived rows the write
path keeps per player and list (``lists.StatLine``): no list is replayed to show them. A
constant number of queries whatever the number of lists: his rows with each list's link
to its owner; the tournament rounds, the club evenings (with the clubs' season starts),
the league Spieltage and the lists of no tournament or evening, each only if he has one;
the lists the reader may not read, only if one of his has a members-only owner; the
partners' names (a club regular: 3 queries).

- **Decision** (who may be shown): the same as his points on the player's page — a list
  of a members-only owner counts only for a reader who may read it (``lists_closed_to``);
  a player who asked not to be named has no public statistics (his own account and staff
  see them).
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
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.utils.translation import gettext as _

from league.clubs.models import Club, Player, public_alias
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings
from league.evenings.selectors import season_of
from league.leagues.models import Group, GroupRound, League, Spieltag, SpieltagTable
from league.lists.access import lists_closed_among
from league.lists.models import Spielliste, StatLine
from league.tournaments.models import RoundTable, Tournament, TournamentRound
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


_COUNTS = itemgetter(*_COUNT_FIELDS)


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
    """One list he played, with what it belongs to."""

    liste_id: int
    date: datetime.date
    label: str
    total: int
    games: int
    won: int
    season: str | None = None
    tournament_id: int | None = None
    league_id: int | None = None


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


def _json(value: Any) -> dict[str, list[int]]:
    """A JSON column (PostgreSQL's driver decodes it, SQLite's returns text)."""
    if value is None or value == "{}":  # most lists: no solo
        return {}
    return value if isinstance(value, dict) else json.loads(value)


# His rows and the links of each list to its owner, in one query driven by his rows (the
# index on player); then what the owners are, one query a kind of owner he has lists of,
# by key (a club regular: one). Written as SQL, as the player's page
# (``selectors._PLAYER_LISTS``): the ORM's compilation of these joins cost more than the
# lookups, and one query joining every owner's tables cost more to plan than to run
# (bench/ranking.py --statistics-only).
_ROWS = (
    "SELECT s.spielliste_id, s.total, s.games, s.won, s.lost, s.points, s.re, s.re_won, "
    "s.kontra, s.kontra_won, s.pflicht, s.announced, s.announced_won, s.solos, s.partners, "
    "rt.tournament_round_id, et.number, et.evening_id, st.spieltag_id FROM {statline} s "
    "LEFT JOIN {roundtable} rt ON rt.spielliste_id = s.spielliste_id "
    "LEFT JOIN {eveningtable} et ON et.spielliste_id = s.spielliste_id "
    "LEFT JOIN {spieltagtable} st ON st.spielliste_id = s.spielliste_id "
    "WHERE s.player_id = %s"
)
_ROW_KEYS = (
    "pk",
    "total",
    *_COUNT_FIELDS,
    "solos",
    "partners",
    "round_id",
    "evening_table__number",
    "evening_id",
    "spieltag_id",
)
# A list of no tournament and no evening (a league's, a free one): its title, date and
# club (members-only: closed to others, ``lists_closed_to``).
_LISTS = (
    "SELECT l.id, l.title, l.created_at, c.members_only FROM {liste} l "
    "LEFT JOIN {club} c ON c.id = l.club_id WHERE l.id IN ({ids})"
)
_LIST_KEYS = ("title", "created_at", "club_members_only")
_ROUNDS = (
    "SELECT tr.id, tr.number, t.id, t.name, t.date, t.members_only FROM {round} tr "
    "JOIN {tournament} t ON t.id = tr.tournament_id WHERE tr.id IN ({ids})"
)
_ROUND_KEYS = (
    "round_table__tournament_round__number",
    "round_table__tournament_round__tournament_id",
    "round_table__tournament_round__tournament__name",
    "round_table__tournament_round__tournament__date",
    "owner_members_only",
)
_EVENINGS = (
    "SELECT e.id, e.date, e.club_id, c.name, ss.start_month, c.members_only "
    "FROM {evening} e JOIN {club} c ON c.id = e.club_id "
    "LEFT JOIN {seasonsettings} ss ON ss.club_id = e.club_id WHERE e.id IN ({ids})"
)
_EVENING_KEYS = (
    "evening_table__evening__date",
    "evening_table__evening__club_id",
    "evening_table__evening__club__name",
    "start_month",
    "owner_members_only",
)
_SPIELTAGE = (
    "SELECT sd.id, lg.id, lg.name, lg.season FROM {spieltag} sd "
    "JOIN {group} g ON g.id = sd.group_id JOIN {groupround} gr ON gr.id = g.group_round_id "
    "JOIN {league} lg ON lg.id = gr.league_id WHERE sd.id IN ({ids})"
)
_SPIELTAG_KEYS = (
    "spieltag_table__spieltag__group__group_round__league_id",
    "spieltag_table__spieltag__group__group_round__league__name",
    "spieltag_table__spieltag__group__group_round__league__season",
)
_NO_OWNER = dict.fromkeys(
    ("owner_members_only", *_LIST_KEYS, *_ROUND_KEYS, *_EVENING_KEYS, *_SPIELTAG_KEYS)
)


def _owners(
    cursor: Any, sql: str, names: Mapping[str, str], keys: tuple[str, ...], ids: set[int]
) -> dict[int, dict[str, Any]]:
    """The owners ``ids`` of one kind by key (no query without one)."""
    if not ids:
        return {}
    params: list[Any]
    if connection.vendor == "postgresql":  # one array parameter, planned once
        marks, params = "SELECT unnest(%s::bigint[])", [list(ids)]
    else:
        marks, params = ", ".join(["%s"] * len(ids)), list(ids)
    cursor.execute(sql.format(ids=marks, **names), params)
    return {pk: dict(zip(keys, values, strict=True)) for pk, *values in cursor.fetchall()}


def _rows(player_id: int) -> list[dict[str, Any]]:
    """His rows with what each list is (``_describe``) and ``members_only``: whether its
    tournament, its evening's club or its own club is members-only."""
    models = {
        "statline": StatLine,
        "liste": Spielliste,
        "roundtable": RoundTable,
        "round": TournamentRound,
        "tournament": Tournament,
        "eveningtable": EveningTable,
        "evening": ClubEvening,
        "club": Club,
        "seasonsettings": SeasonSettings,
        "spieltagtable": SpieltagTable,
        "spieltag": Spieltag,
        "group": Group,
        "groupround": GroupRound,
        "league": League,
    }
    names = {k: connection.ops.quote_name(m._meta.db_table) for k, m in models.items()}
    with connection.cursor() as cursor:
        cursor.execute(_ROWS.format(**names), [player_id])
        out = [dict(zip(_ROW_KEYS, values, strict=True)) for values in cursor.fetchall()]
        rounds = _owners(cursor, _ROUNDS, names, _ROUND_KEYS, {r["round_id"] for r in out} - {None})
        evenings = _owners(
            cursor, _EVENINGS, names, _EVENING_KEYS, {r["evening_id"] for r in out} - {None}
        )
        free = {r["pk"] for r in out if r["round_id"] is None and r["evening_id"] is None}
        lists = _owners(cursor, _LISTS, names, _LIST_KEYS, free)
        spieltage = _owners(
            cursor, _SPIELTAGE, names, _SPIELTAG_KEYS, {r["spieltag_id"] for r in out} - {None}
        )
    for row in out:
        row |= _NO_OWNER
        if row["round_id"] is not None:
            row |= rounds[row["round_id"]]
        elif row["evening_id"] is not None:
            row |= evenings[row["evening_id"]]
        else:
            row |= lists[row["pk"]]
            if row["spieltag_id"] is not None:
                row |= spieltage[row["spieltag_id"]]
        row["members_only"] = bool(row["owner_members_only"] or row["club_members_only"])
        row["solos"], row["partners"] = _json(row["solos"]), _json(row["partners"])
    return out


def _partner_names(ids: list[int], reveal: bool) -> dict[int, str]:
    """The partners' names in one query (written as SQL: the ORM's compilation cost more
    than the lookup); a hidden partner by his alias unless ``reveal``."""
    if not ids:
        return {}
    table = connection.ops.quote_name(Player._meta.db_table)
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, name, hide_name FROM {table} WHERE id IN ({marks})", ids)
        return {
            pk: (name if reveal or not hidden else public_alias(pk))
            for pk, name, hidden in cursor.fetchall()
        }


def _season_label(year: int, start_month: int) -> str:
    return str(year) if start_month == 1 else f"{year}/{(year + 1) % 100:02d}"


def _dmy(day: datetime.date) -> str:
    """``day`` as 31.12.2026 (``%d.%m.%Y`` without strftime: once a list)."""
    return f"{day.day:02d}.{day.month:02d}.{day.year}"


def _describe(
    row: Mapping[str, Any],
    starts: Mapping[int, int],
    texts: Mapping[str, str],
    choices: tuple[dict[str, Choice], dict[str, Choice], dict[str, Choice]],
) -> StatsList:
    """A list as ``StatsList`` with his figures there; the season, tournament or league it
    offers as a filter choice goes into ``choices`` (seasons, tournaments, leagues), each
    made once."""
    seasons, tournaments, leagues = choices
    pk = row["pk"]
    figures = (row["total"], row["games"], row["won"])
    tid = row["round_table__tournament_round__tournament_id"]
    club_id = row["evening_table__evening__club_id"]
    league_id = row["spieltag_table__spieltag__group__group_round__league_id"]
    if tid is not None:
        day = _date(row["round_table__tournament_round__tournament__date"])
        name = row["round_table__tournament_round__tournament__name"]
        label = texts["round"] % {
            "name": name,
            "number": row["round_table__tournament_round__number"],
        }
        value = str(tid)
        if value not in tournaments:
            tournaments[value] = Choice(value, f"{name} ({_dmy(day)})")
        return StatsList(pk, day, label, *figures, tournament_id=tid)
    if club_id is not None:
        day = _date(row["evening_table__evening__date"])
        start = starts.get(club_id, 1)
        year = season_of(day, start)
        club = row["evening_table__evening__club__name"] or ""
        season = f"{club_id}-{year}"
        label = texts["evening"] % {
            "club": club,
            "date": _dmy(day),
            "table": row["evening_table__number"],
        }
        if season not in seasons:
            seasons[season] = Choice(season, f"{club} {_season_label(year, start)}")
        return StatsList(pk, day, label, *figures, season=season)
    day = _date(row["created_at"])
    if league_id is not None:
        league = row["spieltag_table__spieltag__group__group_round__league__name"]
        season_name = row["spieltag_table__spieltag__group__group_round__league__season"]
        value = str(league_id)
        if value not in leagues:
            leagues[value] = Choice(value, f"{league} {season_name}")
        return StatsList(pk, day, f"{league}: {row['title']}", *figures, league_id=league_id)
    return StatsList(pk, day, row["title"], *figures)


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


def _summed(key: str, rows: list[Mapping[str, Any]]) -> PlayerStats:
    """His figures over ``rows`` (the engine's ``combine``, summed in one pass)."""
    columns = zip(*map(_COUNTS, rows), strict=True) if rows else ((0,) for _ in _COUNT_FIELDS)
    counts = dict(zip(_COUNT_FIELDS, map(sum, columns), strict=True))
    solos: dict[str, list[int]] = {}
    partners: dict[str, list[int]] = {}
    for row in rows:
        for into, held in ((solos, row["solos"]), (partners, row["partners"])):
            for k, (played, won) in held.items():
                tally = into.get(k)
                if tally is None:
                    into[k] = [played, won]
                else:
                    tally[0] += played
                    tally[1] += won
    return PlayerStats(
        player=key,
        solos={k: Tally(*solos[k]) for k in SOLO_KEYS if k in solos},
        partners={k: Tally(*partners[k]) for k in sorted(partners)},
        **counts,
    )


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


def player_statistics(
    *,
    player: Player,
    reader: User | AnonymousUser,
    filters: StatsFilter | None = None,
    reveal: bool = False,
) -> PlayerStatistics:
    """The statistics of ``player`` over the lists ``reader`` may read, narrowed by
    ``filters`` (at most 7 queries, 3 for a club regular). ``reveal``: show hidden
    partners' names (staff, or the player himself)."""
    f = filters or StatsFilter()
    key = str(player.pk)
    empty = PlayerStatistics(
        player=player, public=may_see(player, reader), filter=f, stats=PlayerStats(key)
    )
    if not empty.public:
        return empty
    rows = {r["pk"]: r for r in _rows(player.pk)}
    if not rows:
        return empty
    # Only a members-only owner's list may be closed to him (no query when none is).
    closed = lists_closed_among(reader, [pk for pk, r in rows.items() if r["members_only"]])
    events = [e for pk, e in rows.items() if pk not in closed]
    starts = {
        e["evening_table__evening__club_id"]: e["start_month"] or 1
        for e in events
        if e["evening_table__evening__club_id"] is not None
    }
    texts = {  # translated once, not once a list
        "round": _("%(name)s, Runde %(number)s"),
        "evening": _("%(club)s, Vereinsabend %(date)s, Tisch %(table)s"),
    }
    seasons: dict[str, Choice] = {}
    tournaments: dict[str, Choice] = {}
    leagues: dict[str, Choice] = {}
    kept: list[StatsList] = []
    for event in events:
        item = _describe(event, starts, texts, (seasons, tournaments, leagues))
        if _keep(item, f):
            kept.append(item)
    kept.sort(key=lambda i: (i.date, i.liste_id))
    stats = _summed(key, [rows[i.liste_id] for i in kept])
    running: list[Fraction] = []
    total = 0
    for n, item in enumerate(kept, start=1):
        total += item.total
        running.append(Fraction(total, n))
    names = _partner_names([int(k) for k in stats.partners], reveal)
    partners = sorted(
        (
            PartnerRow(int(k), names.get(int(k), public_alias(int(k))), t.played, t.won)
            for k, t in stats.partners.items()
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
