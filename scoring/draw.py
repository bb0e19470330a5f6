"""Table draws for a tournament round (TSR 3.2.1, competitions.md "Table draw").

Round 1 is drawn at random. Later rounds keep repeat meetings (two players at the same
table again) as few as possible, by local search from several random starts; or the
organiser seeds by current standing (the top players together). Seats within each table
are drawn at random. The same seed gives the same draw.

Participant counts that are not a multiple of 4 use 5-player tables — fine for club
events, but an official DDV event needs 4-player tables (8.3.1), hence the warning.
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


def draw_round(
    participants: Sequence[str],
    *,
    seed: int,
    met: Mapping[Pair, int] | None = None,
    seeding: Sequence[str] | None = None,
    restarts: int | None = None,
    official: bool = False,
) -> Draw:
    """Draw one round.

    ``met`` counts earlier meetings (from ``meetings_of`` over all earlier tables);
    ``seeding`` (best first) fills tables in standing order instead; ``official`` refuses
    counts that would need 5-player tables.
    """
    players = list(dict.fromkeys(participants))
    if len(players) != len(participants):
        raise DrawError("duplicate_participant")
    if official and len(players) % 4:
        raise DrawError("official_needs_fours", {"count": len(players)})
    sizes = table_sizes(len(players))
    rng = random.Random(seed)
    met = met or {}
    if seeding is not None:
        order = [p for p in seeding if p in set(players)]
        order += sorted(set(players) - set(order))
        tables = _split(order, sizes)
    elif not met:
        rng.shuffle(players)
        tables = _split(players, sizes)
    else:
        # More random starts where they are cheap (small fields), fewer at a DEM.
        tries = restarts if restarts is not None else max(8, 1200 // len(players))
        tables = _least_repeats(players, sizes, met, rng, tries)
    seated = []
    for table in tables:
        seats = list(table)
        rng.shuffle(seats)  # positions are drawn (3.2.1)
        seated.append(tuple(seats))
    return Draw(
        tables=tuple(seated),
        repeat_meetings=sum(_cost(t, met) for t in seated),
        warning_codes=(FIVE_PLAYER_TABLES,) if 5 in sizes else (),
    )


def _split(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start : start + size]))
        start += size
    return tables


def _least_repeats(
    players: list[str],
    sizes: Sequence[int],
    met: Mapping[Pair, int],
    rng: random.Random,
    restarts: int,
) -> list[list[str]]:
    """Local search: swap players between tables while that removes repeat meetings."""
    best: list[list[str]] | None = None
    best_cost = -1
    for _ in range(max(1, restarts)):
        rng.shuffle(players)
        tables = _split(players, sizes)
        costs = [_cost(t, met) for t in tables]
        improved = True
        while improved and sum(costs) > 0:
            improved = False
            for i in range(len(tables)):
                if not costs[i]:
                    continue
                for j in range(len(tables)):
                    if i == j:
                        continue
                    if _try_swaps(tables, costs, i, j, met):
                        improved = True
                        break
        total = sum(costs)
        if best is None or total < best_cost:
            best, best_cost = [list(t) for t in tables], total
        if best_cost == 0:
            break
    assert best is not None
    return best


def _try_swaps(
    tables: list[list[str]], costs: list[int], i: int, j: int, met: Mapping[Pair, int]
) -> bool:
    ti, tj = tables[i], tables[j]
    for a in range(len(ti)):
        for b in range(len(tj)):
            ni = [*ti[:a], tj[b], *ti[a + 1 :]]
            nj = [*tj[:b], ti[a], *tj[b + 1 :]]
            ci, cj = _cost(ni, met), _cost(nj, met)
            if ci + cj < costs[i] + costs[j]:
                tables[i], tables[j] = ni, nj
                costs[i], costs[j] = ci, cj
                return True
    return False
