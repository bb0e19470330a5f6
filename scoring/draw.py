"""Table draws for a tournament round (TSR 3.2.1, competitions.md "Table draw").

Round 1 is drawn at random. Later rounds keep repeat meetings (two players at the same
table again) as few as possible, by local search from several random starts; or the
organiser seeds by current standing (the top players together). Seats within each table
are drawn at random. The same seed gives the same draw.

Participant counts that are not a multiple of 4 use 5-player tables — fine for club
events, but an official DDV event needs 4-player tables (8.3.1), hence the warning.

Players of the same club are kept apart as far as possible when ``clubs`` is given
(competitions.md "Table draw"); ``repeat_pairs`` names who meets whom again.

**Decision** (competitions.md is silent on the weighing): repeat meetings come first,
same-club pairs second, lexicographically — one repeat meeting fewer is worth any number
of same-club pairs, because meeting the same opponent again distorts a Swiss-like field
for both players while two clubmates at one table is only a precaution against
collusion. Each random start is first searched for repeat meetings alone, exactly as
without clubs, and then for both together; the best start wins. So a draw with clubs
is never worse (by that order) than the same seed's draw without them. Round 1 starts
from the same random deal as without clubs. Seeded draws (by standing) ignore clubs:
the organiser asked for the top players together.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from scoring.errors import DrawError as DrawError  # defined with its siblings; exported

Pair = tuple[str, str]
# A draw's notice (not an error): message key "warning.five_player_tables".
FIVE_PLAYER_TABLES = "five_player_tables"


@dataclass(frozen=True, slots=True)
class Draw:
    """Tables in table order; each table's players in seat order (position 1 first).

    ``warning_codes`` are notices that refuse nothing; their text is
    ``scoring.messages.render(f"warning.{code}", None, translate)``.
    """

    tables: tuple[tuple[str, ...], ...]
    repeat_meetings: int
    warning_codes: tuple[str, ...] = ()
    same_club_pairs: int = 0  # pairs of one club at one table (0 without ``clubs``)


def pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def table_sizes(count: int) -> list[int]:
    """4-player tables, with the fewest 5-player tables the count needs (10.1)."""
    fives = count % 4
    if count < 4 or count < 5 * fives:
        raise DrawError("draw_impossible", {"count": count})
    fours = (count - 5 * fives) // 4
    return [4] * fours + [5] * fives


def meetings_of(tables: Sequence[Sequence[str]]) -> Counter[Pair]:
    """How often each pair sat at the same table in the given rounds' tables."""
    met: Counter[Pair] = Counter()
    for table in tables:
        for a, b in combinations(table, 2):
            met[pair(a, b)] += 1
    return met


def _cost(table: Sequence[str], met: Mapping[Pair, int]) -> int:
    return sum(met.get(pair(a, b), 0) for a, b in combinations(table, 2))


def repeat_pairs(
    tables: Sequence[Sequence[str]], met: Mapping[Pair, int]
) -> tuple[tuple[str, str, int], ...]:
    """Who meets whom again in ``tables``: ``(a, b, times met before)`` with ``a < b``,
    in table order, then by name — for the round board."""
    out: list[tuple[str, str, int]] = []
    for table in tables:
        found = []
        for a, b in combinations(table, 2):
            key = pair(a, b)
            times = met.get(key, 0)
            if times:
                found.append((key[0], key[1], times))
        out.extend(sorted(found))
    return tuple(out)


def club_pairs(
    tables: Sequence[Sequence[str]], clubs: Mapping[str, str]
) -> tuple[tuple[str, str, str], ...]:
    """Players of one club at one table: ``(a, b, club)`` with ``a < b``, in table order.
    Players without a club (absent from ``clubs``, or an empty key) never count."""
    out: list[tuple[str, str, str]] = []
    for table in tables:
        found = []
        for a, b in combinations(table, 2):
            club = clubs.get(a)
            if club and club == clubs.get(b):
                key = pair(a, b)
                found.append((key[0], key[1], club))
        out.extend(sorted(found))
    return tuple(out)


def draw_round(
    participants: Sequence[str],
    *,
    seed: int,
    met: Mapping[Pair, int] | None = None,
    seeding: Sequence[str] | None = None,
    restarts: int | None = None,
    official: bool = False,
    clubs: Mapping[str, str] | None = None,
) -> Draw:
    """Draw one round.

    ``met`` counts earlier meetings (from ``meetings_of`` over all earlier tables);
    ``seeding`` (best first) fills tables in standing order instead; ``official`` refuses
    counts that would need 5-player tables; ``clubs`` (participant -> club key; players
    without one never count) keeps clubmates apart after repeat meetings (module
    Decision), ignored when seeding.
    """
    players = list(dict.fromkeys(participants))
    if len(players) != len(participants):
        raise DrawError("duplicate_participant")
    if official and len(players) % 4:
        raise DrawError("official_needs_fours", {"count": len(players)})
    sizes = table_sizes(len(players))
    rng = random.Random(seed)
    met = met or {}
    clubs = {p: c for p, c in (clubs or {}).items() if c} if seeding is None else {}
    tries = restarts if restarts is not None else max(8, 1200 // len(players))
    if seeding is not None:
        order = [p for p in seeding if p in set(players)]
        order += sorted(set(players) - set(order))
        tables = _split(order, sizes)
    elif not met and not _has_club_pairs(players, clubs):
        rng.shuffle(players)
        tables = _split(players, sizes)
    else:
        # More random starts where they are cheap (small fields), fewer at a DEM.
        tables = _Search(players, sizes, met, clubs).run(rng, tries)
    seated = []
    for table in tables:
        seats = list(table)
        rng.shuffle(seats)  # positions are drawn (3.2.1)
        seated.append(tuple(seats))
    return Draw(
        tables=tuple(seated),
        repeat_meetings=sum(_cost(t, met) for t in seated),
        warning_codes=(FIVE_PLAYER_TABLES,) if 5 in sizes else (),
        same_club_pairs=len(club_pairs(seated, clubs)) if clubs else 0,
    )


def _has_club_pairs(players: Sequence[str], clubs: Mapping[str, str]) -> bool:
    seen: set[str] = set()
    for p in players:
        club = clubs.get(p)
        if club:
            if club in seen:
                return True
            seen.add(club)
    return False


class _Search:
    """Local search: swap players between tables while that lowers the cost; from
    several random starts, the best wins (stopping early at a cost nothing can beat).

    Over player indices with pair-weight matrices. Weights: ``heavy`` × earlier meetings
    + 1 per same-club pair, ``heavy`` larger than any draw's count of same-club pairs —
    the lexicographic order of the module Decision. Each start: the search on repeat
    meetings alone (exactly the search without clubs: same moves, same order), then the
    same search on the full weights (a no-op without clubs).
    """

    def __init__(
        self,
        players: list[str],
        sizes: Sequence[int],
        met: Mapping[Pair, int],
        clubs: Mapping[str, str],
    ) -> None:
        self.players = players
        self.sizes = sizes
        n = len(players)
        heavy = sum(s * (s - 1) // 2 for s in sizes) + 1
        index = {p: i for i, p in enumerate(players)}
        self.met_w = [[0] * n for _ in range(n)]
        self.full_w = [[0] * n for _ in range(n)]
        for (a, b), times in met.items():
            i, j = index.get(a), index.get(b)
            if i is not None and j is not None and times:
                self.met_w[i][j] = self.met_w[j][i] = times
                self.full_w[i][j] = self.full_w[j][i] = heavy * times
        members: dict[str, list[int]] = {}
        for p, club in clubs.items():
            if p in index:
                members.setdefault(club, []).append(index[p])
        for group in members.values():
            for i, j in combinations(group, 2):
                self.full_w[i][j] += 1
                self.full_w[j][i] += 1
        # No draw has fewer same-club pairs than each club spread evenly over the tables:
        # a start that reaches this (without repeats) cannot be beaten, the search stops.
        self.floor = 0
        for group in members.values():
            q, r = divmod(len(group), len(sizes))
            self.floor += r * (q + 1) * q // 2 + (len(sizes) - r) * q * (q - 1) // 2

    def run(self, rng: random.Random, restarts: int) -> list[list[str]]:
        players = self.players
        index = {p: i for i, p in enumerate(players)}
        best: list[list[int]] | None = None
        best_cost = -1
        for _ in range(max(1, restarts)):
            rng.shuffle(players)
            tables = [[index[p] for p in t] for t in _split(players, self.sizes)]
            _improve(tables, self.met_w)
            total = _improve(tables, self.full_w)
            if best is None or total < best_cost:
                best, best_cost = [list(t) for t in tables], total
            if best_cost <= self.floor:
                break
        assert best is not None
        names = list(index)
        return [[names[i] for i in t] for t in best]


def _table_cost(table: Sequence[int], w: Sequence[Sequence[int]]) -> int:
    return sum(w[a][b] for a, b in combinations(table, 2))


def _improve(tables: list[list[int]], w: Sequence[Sequence[int]]) -> int:
    """Take the first improving swap (tables i with a cost, in order, against every
    other table j; players in seat order) until none is left; returns the total cost."""
    costs = [_table_cost(t, w) for t in tables]
    improved = True
    while improved and sum(costs) > 0:
        improved = False
        for i in range(len(tables)):
            if not costs[i]:
                continue
            for j in range(len(tables)):
                if i != j and _swap(tables, costs, i, j, w):
                    improved = True
                    break
    return sum(costs)


def _swap(
    tables: list[list[int]], costs: list[int], i: int, j: int, w: Sequence[Sequence[int]]
) -> bool:
    ti, tj = tables[i], tables[j]
    # b's weight to table i and to his own table j
    b_to_i = [sum(w[b][x] for x in ti) for b in tj]
    b_home = [sum(w[b][y] for y in tj) for b in tj]
    for a_pos, a in enumerate(ti):
        wa = w[a]
        a_home = sum(wa[x] for x in ti)
        a_to_j = sum(wa[y] for y in tj)
        for b_pos, b in enumerate(tj):
            # a moves to tj (without b), b to ti (without a)
            delta_i = b_to_i[b_pos] - wa[b] - a_home
            delta_j = a_to_j - wa[b] - b_home[b_pos]
            if delta_i + delta_j < 0:
                ti[a_pos], tj[b_pos] = b, a
                costs[i] += delta_i
                costs[j] += delta_j
                return True
    return False


def _split(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables
