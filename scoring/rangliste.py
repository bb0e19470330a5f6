"""The DDV Rangliste and the Bundesländerwertung (competitions.md "Ranking list").

Glossary:
    Ranglistenturnier (RLT)  a tournament flagged as rated by its organiser, with at least
                             32 players and at least 3 rounds, held in a Bundesland.
    Rangliste                the players with at least 36 rounds (Runden / Serien) in rated
                             tournaments of the 24 months up to the reference date
                             (Stichtag), ranked by Rundenschnitt.
    Rundenschnitt            a player's points ÷ his rounds, exact (``Fraction``).
    unter 36                 the players of the window with fewer than 36 rounds so far.
    Bundesländerwertung      per player, in each Bundesland his best RLT with a positive
                             total counts; the counted totals are added and ranked.

Rules as implemented:
- The window (competitions.md): a tournament on or after the same calendar day 24 months
  before the reference date counts, and one on the reference date itself; one after it
  does not (``window_start``).
- **Decision** (the spec is silent on 29 February): when the same calendar day 24 months
  earlier does not exist (reference date 29 February, two years after a leap year — only
  possible for 29.02. itself, as 24 months keep the month), the window starts on 1 March:
  "on or after 29 February" of a year without one is from 1 March on. For a reference
  date of 28 February the window starts on 28 February as usual.
- Rundenschnitt is ranked exactly; shown rounded half away from zero to 2 decimals
  (``round_half_away``). Shared ranks are standard competition ranking (1, 2, 2, 4);
  rows of one rank are listed by name, case-insensitive (then by the exact name).
- ``unter_36``: by rounds (most first), then name.
- Bundesländerwertung: per player and Bundesland the RLT with the highest positive total;
  of equal totals the earlier tournament (then the smaller tournament name, so that the
  result is deterministic); a player without a positive RLT has no row. ``counted`` lists
  the counted tournaments by date (then name).
- **Decision**: a player appears at most once per tournament; a second result of the same
  player in the same tournament is refused (``rangliste_duplicate_result``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scoring.errors import RanglisteError as RanglisteError  # exported

MIN_ROUNDS = 36
WINDOW_MONTHS = 24
RLT_MIN_PLAYERS = 32
RLT_MIN_ROUNDS = 3


@dataclass(frozen=True, slots=True)
class RatedResult:
    """One player's result in one Ranglistenturnier: his points per round played."""

    player: str
    tournament: str
    date: dt.date
    bundesland: str
    rounds: tuple[int, ...]

    @property
    def points(self) -> int:
        return sum(self.rounds)


@dataclass(frozen=True, slots=True)
class RanglisteRow:
    rank: int
    player: str
    rounds: int
    points: int
    average: Fraction  # Rundenschnitt, exact


@dataclass(frozen=True, slots=True)
class Unter36Row:
    player: str
    rounds: int
    points: int


@dataclass(frozen=True, slots=True)
class Counted:
    """A tournament counted in a player's Bundesländerwertung."""

    tournament: str
    date: dt.date
    bundesland: str
    points: int


@dataclass(frozen=True, slots=True)
class BundeslandRow:
    rank: int
    player: str
    points: int
    counted: tuple[Counted, ...]  # by date, then name


@dataclass(frozen=True, slots=True)
class Rangliste:
    as_of: dt.date
    window_start: dt.date
    rangliste: tuple[RanglisteRow, ...]
    unter_36: tuple[Unter36Row, ...]
    bundeslaender: tuple[BundeslandRow, ...]


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """A player's rounds and points in the window (what the database sums per player)."""

    player: str
    rounds: int
    points: int


@dataclass(frozen=True, slots=True)
class TournamentTotal:
    """A player's total in one RLT (what the database sums per player and tournament)."""

    player: str
    tournament: str
    date: dt.date
    bundesland: str
    points: int


# --- the window -------------------------------------------------------------------------


def window_start(as_of: dt.date) -> dt.date:
    """The first day that counts: the same calendar day ``WINDOW_MONTHS`` earlier
    (1 March when that day is a 29 February that does not exist; module Decision)."""
    year = as_of.year - WINDOW_MONTHS // 12
    try:
        return as_of.replace(year=year)
    except ValueError:  # 29 February in a year without one
        return dt.date(year, 3, 1)


def in_window(day: dt.date, as_of: dt.date) -> bool:
    return window_start(as_of) <= day <= as_of


def counts_in_rangliste(*, rated: bool, closed: bool, day: dt.date, as_of: dt.date) -> bool:
    """Whether a tournament's rounds count in the Rangliste on ``as_of``: a
    Ranglistenturnier (``rated``), closed by its organiser (competitions.md: it counts once
    closed), held inside the window (``in_window``). The site's SQL filter selects the same
    tournaments (``league.rankings.selectors.rated_in_window``)."""
    return rated and closed and in_window(day, as_of)


# --- rounding and ranks -----------------------------------------------------------------


def round_half_away(value: Fraction, places: int = 2) -> Decimal:
    """``value`` rounded half away from zero to ``places`` decimals (exact arithmetic)."""
    quantum = Decimal(1).scaleb(-places)
    sign = -1 if value < 0 else 1
    magnitude = abs(value)
    scaled = magnitude * 10**places
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    return (Decimal(sign * whole) * quantum).quantize(quantum, rounding=ROUND_HALF_UP)


def shared_ranks(keys: Sequence[object]) -> list[int]:
    """Standard competition ranks (1, 2, 2, 4) of rows already sorted by ``keys``: equal
    neighbouring keys share a rank."""
    ranks: list[int] = []
    for i, key in enumerate(keys):
        ranks.append(ranks[-1] if i and key == keys[i - 1] else i + 1)
    return ranks


def _by_name(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


# --- the lists ----------------------------------------------------------------------------


def rangliste_from_totals(
    totals: Iterable[PlayerTotals],
    *,
    min_rounds: int = MIN_ROUNDS,
    names: Mapping[str, str] | None = None,
) -> tuple[tuple[RanglisteRow, ...], tuple[Unter36Row, ...]]:
    """The Rangliste and the "unter 36" list from each player's window totals.

    ``player`` is a key; rows of one rank are listed by display name (``names[player]``,
    the key itself when absent), never by key (a database id: "1, 10, 2").
    """
    shown = names or {}
    ranked: list[tuple[Fraction, PlayerTotals]] = []
    below: list[PlayerTotals] = []
    for t in totals:
        if t.rounds <= 0:
            continue
        if t.rounds >= min_rounds:
            ranked.append((Fraction(t.points, t.rounds), t))
        else:
            below.append(t)
    ranked.sort(key=lambda pair: (-pair[0], _by_name(shown.get(pair[1].player, pair[1].player))))
    rows: list[RanglisteRow] = []
    for i, (average, t) in enumerate(ranked):
        rank = rows[-1].rank if rows and rows[-1].average == average else i + 1
        rows.append(RanglisteRow(rank, t.player, t.rounds, t.points, average))
    below.sort(key=lambda t: (-t.rounds, _by_name(shown.get(t.player, t.player))))
    return tuple(rows), tuple(Unter36Row(t.player, t.rounds, t.points) for t in below)


def bundeslaender_from_totals(
    totals: Iterable[TournamentTotal], *, names: Mapping[str, str] | None = None
) -> tuple[BundeslandRow, ...]:
    """The Bundesländerwertung from each player's totals per RLT (module rules); ``names``
    as for ``rangliste_from_totals``."""
    shown = names or {}
    best: dict[tuple[str, str], TournamentTotal] = {}
    for t in totals:
        if t.points <= 0:
            continue
        key = (t.player, t.bundesland)
        held = best.get(key)
        if held is None or (-t.points, t.date, t.tournament) < (
            -held.points,
            held.date,
            held.tournament,
        ):
            best[key] = t
    per_player: dict[str, list[TournamentTotal]] = {}
    for (player, _land), t in best.items():
        per_player.setdefault(player, []).append(t)
    unranked = []
    for player, counted in per_player.items():
        counted.sort(key=lambda t: (t.date, t.tournament))
        unranked.append(
            (
                sum(t.points for t in counted),
                player,
                tuple(Counted(t.tournament, t.date, t.bundesland, t.points) for t in counted),
            )
        )
    unranked.sort(key=lambda row: (-row[0], _by_name(shown.get(row[1], row[1]))))
    rows: list[BundeslandRow] = []
    for i, (points, player, counted_) in enumerate(unranked):
        rank = rows[-1].rank if rows and rows[-1].points == points else i + 1
        rows.append(BundeslandRow(rank, player, points, counted_))
    return tuple(rows)


def compute_rangliste(results: Iterable[RatedResult], *, as_of: dt.date) -> Rangliste:
    """The three lists on ``as_of`` from every rated result (those outside the window are
    skipped). Refuses a player's second result in one tournament."""
    start = window_start(as_of)
    seen: set[tuple[str, str]] = set()
    per_player: dict[str, list[int]] = {}
    per_tournament: list[TournamentTotal] = []
    for index, r in enumerate(results):
        key = (r.player, r.tournament)
        if key in seen:
            raise RanglisteError(
                "rangliste_duplicate_result",
                {"name": r.player, "tournament": r.tournament},
                field=f"results[{index}]",
            )
        seen.add(key)
        if not start <= r.date <= as_of:
            continue
        held = per_player.setdefault(r.player, [0, 0])
        held[0] += len(r.rounds)
        held[1] += r.points
        per_tournament.append(
            TournamentTotal(r.player, r.tournament, r.date, r.bundesland, r.points)
        )
    rangliste, unter_36 = rangliste_from_totals(
        PlayerTotals(player, rounds, points) for player, (rounds, points) in per_player.items()
    )
    return Rangliste(
        as_of=as_of,
        window_start=start,
        rangliste=rangliste,
        unter_36=unter_36,
        bundeslaender=bundeslaender_from_totals(per_tournament),
    )


# --- the RLT check ------------------------------------------------------------------------


def check_rlt(*, players: int, rounds: int) -> None:
    """Refuse rating a tournament of fewer than 32 players or 3 rounds (competitions.md).

    ``players``: the participants who played at least one round; ``rounds``: the rounds
    played (closed).
    """
    if players < RLT_MIN_PLAYERS:
        raise RanglisteError("rlt_too_few_players", {"count": players, "needed": RLT_MIN_PLAYERS})
    if rounds < RLT_MIN_ROUNDS:
        raise RanglisteError("rlt_too_few_rounds", {"count": rounds, "needed": RLT_MIN_ROUNDS})
