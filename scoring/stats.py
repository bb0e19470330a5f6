"""Player statistics over replayed lists (statistics.md "Statistics of a set of lists").

Derived, never typed: every figure comes from the rows the round machine
(``scoring.round.replay_round``) made of a list, so a corrected game changes every figure
that depends on it. This module holds no rule of the game: who won a row is the scored
result's (7.1) or the quick row's ``winners``; the points are the row's, as the list shows
them (Bock factor included).

Counted per player, over every **game row he played** (the four at the table; at five, the
dealer sitting out plays no row, 10.1.1): full records and quick rows. Not counted: redeals
(``geschmissen``), penalty rows (section 9), paper totals (a list entered from its totals has
no rows).

    list_statistics(state)      one replayed list: a ``PlayerStats`` per seat (and per
                                substitute, ``Substitute``: the site's seat changes)
    combine(stats)              the sums of several players' or lists' figures, by player
    player_statistics(states)   every list at once, players by name (the ``stats`` CLI)

Decisions where statistics.md is silent (each also at the code that implements it):

- **Decision** (who counts): every seated player of every list has a row, also with no
  game (``games`` 0, ``average`` None): a list of an evening he sat at but did not play yet
  still names him. Players are known by name across lists (scoring.md's identity Decision:
  the caller gives one person one name in every list). A substitute (``Substitute``, the
  site's seat change) is credited with the rows he played, the seat's player with the rest.
- **Decision** (order): players and partners by name in code-point order — the order the
  spec states for the Kasse's ties, so both CLIs sort names alike.
- **Decision** (quick rows): a quick row counts for ``games``, ``won``/``lost`` and
  ``points`` only; it records no parties, announcements or solo type, so ``re``/``kontra``,
  ``solos`` (``pflicht`` too), ``announced`` and ``partners`` count full records only, as
  the spec says. A quick row worth 0 with no ``winners`` is a row with no winner.
- **Decision** (9.4.4 voided solo): a solo ended by a ``serious_solo_opponent`` penalty
  "counts as played" (round.md): its row stays a game row, scoring 0 — its result is the
  penalty row, which statistics leave out. It counts as a game with **no winner** (the game
  was broken off, 7.1 never decided it): in ``games``, ``re``/``kontra``, ``solos``
  (``played``, ``pflicht``) and ``announced``, never in a ``won`` figure.
- **Decision** (solo types): ``solos`` holds only the types the player played (like
  ``partners``, which leaves out players never partnered); ``pflicht`` is always there.
  A lone Hochzeiter (4.4.3 b) plays a ``"hochzeit"``; a Hochzeit never counts for
  ``pflicht`` (4.3.2, round.md: only kind ``solo`` with ``pflicht``).
- **Decision** (partners): "the same party of two" is the definition; the parenthesis
  names where the TSR has one (normal games, a Hochzeit with a partner — Re *and* Kontra
  there). Armut (house rule: the poor player and the taker, a normal game's two parties)
  has two parties of two and counts as well. In a solo-like game nobody has a partner.
- **Decision** (announcements): "his party's announcement" is the record's level for his
  party (``announcements.re`` or ``.kontra``): an Erwiderung or Absage by his partner counts
  for him too — the record does not say who of a party spoke. A game his party did not win
  (lost, or no winner) is not ``announced_won``.
- **Decision** (average): ``points / games`` exactly, shown rounded half away from zero to
  2 places (as the Rangliste's Rundenschnitt, ``scoring.rangliste.round_half_away``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from scoring.rangliste import round_half_away
from scoring.records import GameRecord, Kind, Level, Party, SoloType
from scoring.round import RoundState, Row

HOCHZEIT = Kind.HOCHZEIT.value
STILLE_HOCHZEIT = Kind.STILLE_HOCHZEIT.value
SOLO_KEYS: tuple[str, ...] = (*(s.value for s in SoloType), HOCHZEIT, STILLE_HOCHZEIT)
"""The keys of ``PlayerStats.solos``, in the order the output lists them."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Played and won: one solo type's record, or the games with one partner."""

    played: int = 0
    won: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.played + other.played, self.won + other.won)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures (statistics.md's table); ``solos`` by type code (``SOLO_KEYS``
    order, types he played only), ``partners`` by name (players he partnered only)."""

    player: str
    games: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    re: int = 0
    re_won: int = 0
    kontra: int = 0
    kontra_won: int = 0
    solos: Mapping[str, Tally] = field(default_factory=dict)
    pflicht: int = 0
    announced: int = 0
    announced_won: int = 0
    partners: Mapping[str, Tally] = field(default_factory=dict)

    @property
    def no_winner(self) -> int:
        """Rows with no winner (7.1.3), and voided solos: ``games − won − lost``."""
        return self.games - self.won - self.lost

    @property
    def average_exact(self) -> Fraction | None:
        return None if not self.games else Fraction(self.points, self.games)

    @property
    def average(self) -> Decimal | None:
        """``points / games`` rounded half away from zero to 2 places (None: no games)."""
        exact = self.average_exact
        return None if exact is None else round_half_away(exact)


COUNTS: tuple[str, ...] = (
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
"""The count fields of ``PlayerStats``, in its order: the one list every store of the
figures is made from (the site's per-list rows and their sums, its API); a test holds it
to the dataclass."""
SIGNED_COUNTS = frozenset({"points"})
"""Those of ``COUNTS`` that may be negative (the others count rows)."""


def _add_tallies(a: Mapping[str, Tally], b: Mapping[str, Tally]) -> dict[str, Tally]:
    out = dict(a)
    for key, tally in b.items():
        out[key] = out[key] + tally if key in out else tally
    return out


def _solo_order(solos: Mapping[str, Tally]) -> dict[str, Tally]:
    return {key: solos[key] for key in SOLO_KEYS if key in solos}


def _name_order(partners: Mapping[str, Tally]) -> dict[str, Tally]:
    return {name: partners[name] for name in sorted(partners)}


def merge(a: PlayerStats, b: PlayerStats) -> PlayerStats:
    """The figures of ``a`` and ``b`` (one player's, e.g. of two lists) added up."""
    if a.player != b.player:
        raise ValueError(f"cannot merge {a.player!r} with {b.player!r}")
    counts = {name: getattr(a, name) + getattr(b, name) for name in COUNTS}
    return PlayerStats(
        player=a.player,
        solos=_solo_order(_add_tallies(a.solos, b.solos)),
        partners=_name_order(_add_tallies(a.partners, b.partners)),
        **counts,
    )


def combine(stats: Iterable[PlayerStats]) -> tuple[PlayerStats, ...]:
    """Every player's figures summed over ``stats`` (any number per player), by name in
    code-point order."""
    by_player: dict[str, PlayerStats] = {}
    for item in stats:
        known = by_player.get(item.player)
        by_player[item.player] = item if known is None else merge(known, item)
    return tuple(by_player[name] for name in sorted(by_player))


@dataclass(slots=True)
class _Counter:
    """One player's figures while a list is walked (frozen into ``PlayerStats``)."""

    player: str
    games: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    re: int = 0
    re_won: int = 0
    kontra: int = 0
    kontra_won: int = 0
    pflicht: int = 0
    announced: int = 0
    announced_won: int = 0
    solos: dict[str, list[int]] = field(default_factory=dict)
    partners: dict[str, list[int]] = field(default_factory=dict)

    def freeze(self) -> PlayerStats:
        return PlayerStats(
            player=self.player,
            solos=_solo_order({k: Tally(*v) for k, v in self.solos.items()}),
            partners=_name_order({k: Tally(*v) for k, v in self.partners.items()}),
            **{name: getattr(self, name) for name in COUNTS},
        )


def _solo_key(record: GameRecord) -> str:
    """The ``solos`` key of a solo-like record (scoring.md §1): its solo type for kind
    ``solo``, else the kind (``stille_hochzeit``, or ``hochzeit`` for a lone Hochzeiter)."""
    if record.kind is Kind.SOLO and record.solo is not None:
        return record.solo.value
    return record.kind.value


def _count_record(row: Row, record: GameRecord, who: Mapping[str, _Counter]) -> None:
    """A full record's figures; ``who``: each of its players' counter (by seat name)."""
    result = row.result
    # Decision (module docstring): a voided solo (9.4.4) has no winner.
    winner = None if row.voided or result is None else result.winner
    re = record.re
    announcements = record.announcements
    for name in record.players:
        c = who[name]
        party = Party.RE if name in re else Party.KONTRA
        won = winner is party
        if winner is not None:
            if won:
                c.won += 1
            else:
                c.lost += 1
        if party is Party.RE:
            c.re += 1
            c.re_won += won
        else:
            c.kontra += 1
            c.kontra_won += won
        if announcements.of(party) is not Level.NONE:
            c.announced += 1
            c.announced_won += won
    if len(re) == 1:
        c = who[re[0]]
        tally = c.solos.setdefault(_solo_key(record), [0, 0])
        tally[0] += 1
        tally[1] += winner is Party.RE
        if record.kind is Kind.SOLO and record.pflicht:
            c.pflicht += 1
        return
    # Two parties of two (normal game, Hochzeit with a partner, Armut): partners.
    for party, members in ((Party.RE, re), (Party.KONTRA, record.kontra)):
        a, b = who[members[0]], who[members[1]]
        won = winner is party
        for me, partner in ((a, b), (b, a)):
            tally = me.partners.setdefault(partner.player, [0, 0])
            tally[0] += 1
            tally[1] += won


@dataclass(frozen=True, slots=True)
class Substitute:
    """From game ``from_game`` on, ``player`` plays the seat named ``seat`` (the site's
    substitution: the seat keeps its name, deal and Pflichtsolo in the list)."""

    seat: str
    from_game: int
    player: str


def list_statistics(
    state: RoundState, substitutes: Iterable[Substitute] = ()
) -> tuple[PlayerStats, ...]:
    """Every seat's figures in one replayed list, in seat order (statistics.md), then the
    ``substitutes``' in the order given.

    **Decision** (substitutes; the round input knows only seats): each person is credited
    with the rows he played — a seat's rows before a substitute's ``from_game`` count for
    the seat's player, from it on for the substitute (the latest that applies, when a seat
    changes hands twice); his partners are the people who sat beside him then. A
    substitute is no other seat's player at the same table. The CLI has no substitutes.
    """
    counters = {name: _Counter(name) for name in state.seats}
    changes: dict[str, list[tuple[int, str]]] = {}
    for sub in substitutes:
        counters.setdefault(sub.player, _Counter(sub.player))
        changes.setdefault(sub.seat, []).append((sub.from_game, sub.player))
    for seat_changes in changes.values():
        seat_changes.sort()

    def person(seat: str, game: int) -> _Counter:
        name = seat
        for start, player in changes.get(seat, ()):
            if start <= game:
                name = player
        return counters[name]

    for row in state.rows:
        if not row.is_game:  # penalty rows and redeals are no game rows
            continue
        who = {seat: person(seat, row.game) for seat in row.players}
        for seat, c in who.items():
            c.games += 1
            c.points += row.points[seat]
        quick = row.quick
        if quick is not None:
            winners = quick.winners
            if winners:  # a quick row worth 0 may name nobody: no winner
                for seat, c in who.items():
                    if seat in winners:
                        c.won += 1
                    else:
                        c.lost += 1
            continue
        record = row.record
        if record is None:  # pragma: no cover - a game row is a record or a quick row
            continue
        _count_record(row, record, who)
    return tuple(c.freeze() for c in counters.values())


def player_statistics(states: Iterable[RoundState]) -> tuple[PlayerStats, ...]:
    """Every player's figures over all ``states`` (replayed lists), by name in code-point
    order — the ``stats`` CLI's result."""
    return combine(ps for state in states for ps in list_statistics(state))
