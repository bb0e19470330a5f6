"""League schedules: which teams meet in which group round (competitions.md "League").

Glossary:
    Gruppenrunde / round   one Doppelspieltag: the league's teams split into groups.
    Gruppe / group         ``group_size`` teams (4 in the DDV Bundesliga) that play the
                           day's Spieltage together.
    Freilos / bye          a team not in any group of a round (N mod group_size a round).
    Wiederholung / repeat  two teams meeting in a group again: a pair meeting k times
                           counts k - 1 repeats.

**Decision** (competitions.md): for 16 teams in groups of 4 the 5 rounds are the parallel
classes of the affine plane of order 4 (built over GF(4)): every pair of teams meets exactly
once. The same construction serves every N = q² with q = ``group_size`` a prime power
(q + 1 rounds; more rounds cycle through the classes again, so every pair meets equally
often). Any other N gets ceil((N - 1) / (group_size - 1)) rounds by default — the fewest
in which every team can meet every other — and a deterministic local search: the byes of
each round follow a fixed rotation (every team sits out floor or ceil of the average), and
the groups minimise the sum over pairs of C(meetings, 2). That sum is smallest exactly
when the meetings are spread as evenly as possible, i.e. as many different pairs as
possible meet and the repeats are fewest. The search stops at the proven lower bound or
after a fixed number of steps; its random generator is seeded by the arguments, so the
same arguments always give the same schedule.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from scoring.errors import ScoringError

MAX_TEAMS = 200
MAX_ROUNDS = 60
MAX_GROUP_SIZE = 16

Group = tuple[int, ...]
Round = tuple[Group, ...]


class ScheduleError(ScoringError):
    """Arguments that give no schedule (``field``: ``teams``, ``group_size``, ``rounds``)."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """Rounds in order; each round's groups ordered by their lowest team number, each
    group's teams ascending. Teams are numbered 1..``teams``; a team in no group of a
    round has a bye."""

    teams: int
    group_size: int
    rounds: tuple[Round, ...]

    def byes(self, round_index: int) -> tuple[int, ...]:
        playing = {team for group in self.rounds[round_index] for team in group}
        return tuple(t for t in range(1, self.teams + 1) if t not in playing)

    def meetings(self) -> dict[tuple[int, int], int]:
        """How often each pair (lower number first) meets; pairs that never meet absent."""
        counts: dict[tuple[int, int], int] = {}
        for rnd in self.rounds:
            for group in rnd:
                for pair in combinations(group, 2):
                    counts[pair] = counts.get(pair, 0) + 1
        return counts

    @property
    def repeats(self) -> int:
        """Repeated meetings: a pair that meets k times counts k - 1."""
        return sum(count - 1 for count in self.meetings().values())


def default_rounds(teams: int, group_size: int = 4) -> int:
    """ceil((N - 1) / (group_size - 1)); q + 1 for the affine plane (the same number)."""
    return max(1, -(-(teams - 1) // (group_size - 1)))


def generate_schedule(teams: int, group_size: int = 4, rounds: int | None = None) -> Schedule:
    """The league's group rounds (see the module's Decision); raises ScheduleError."""
    _check(teams, group_size, rounds)
    count = default_rounds(teams, group_size) if rounds is None else rounds
    field = _field(group_size) if teams == group_size * group_size else None
    if field is not None:
        classes = _affine_classes(field)
        return Schedule(teams, group_size, tuple(classes[r % len(classes)] for r in range(count)))
    return Schedule(teams, group_size, _search(teams, group_size, count))


def _check(teams: object, group_size: object, rounds: object) -> None:
    for name, value in (("teams", teams), ("group_size", group_size)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ScheduleError("schedule_not_integer", {"name": name}, field=name)
    assert isinstance(teams, int)
    assert isinstance(group_size, int)
    if not 2 <= group_size <= MAX_GROUP_SIZE:
        raise ScheduleError("schedule_group_size", {"max": MAX_GROUP_SIZE}, field="group_size")
    if not group_size <= teams <= MAX_TEAMS:
        raise ScheduleError("schedule_teams", {"min": group_size, "max": MAX_TEAMS}, field="teams")
    if rounds is not None:
        if not isinstance(rounds, int) or isinstance(rounds, bool):
            raise ScheduleError("schedule_not_integer", {"name": "rounds"}, field="rounds")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise ScheduleError("schedule_rounds", {"max": MAX_ROUNDS}, field="rounds")


# --- finite fields GF(p^k) and the affine plane -------------------------------------------


@dataclass(frozen=True, slots=True)
class Field:
    """GF(q), q = p^k, elements 0..q-1 (base-p digits = polynomial coefficients)."""

    q: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]


def _prime_power(q: int) -> tuple[int, int] | None:
    for p in range(2, q + 1):
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest //= p
                k += 1
            return (p, k) if rest == 1 else None
    return None


def _digits(x: int, p: int, k: int) -> list[int]:
    return [(x // p**i) % p for i in range(k)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def _polymul_mod(a: list[int], b: list[int], modulus: list[int], p: int) -> list[int]:
    """a * b reduced by the monic ``modulus`` (coefficients lowest first), over GF(p)."""
    k = len(modulus) - 1
    prod = [0] * (2 * k)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            prod[i + j] = (prod[i + j] + x * y) % p
    for deg in range(len(prod) - 1, k - 1, -1):
        coef = prod[deg]
        if coef:
            for i, m in enumerate(modulus):
                prod[deg - k + i] = (prod[deg - k + i] - coef * m) % p
    return prod[:k]


def _irreducible(p: int, k: int) -> list[int]:
    """The first monic polynomial of degree k over GF(p) without a root-free factorisation
    (checked by brute force: no monic divisor of degree 1..k/2)."""
    for tail in range(p**k):
        candidate = [*_digits(tail, p, k), 1]
        if all(
            _remainder(candidate, divisor, p)
            for d in range(1, k // 2 + 1)
            for divisor in ([*_digits(t, p, d), 1] for t in range(p**d))
        ):
            return candidate
    raise AssertionError("no irreducible polynomial")  # pragma: no cover


def _remainder(a: list[int], divisor: list[int], p: int) -> bool:
    """True when ``divisor`` (monic) does not divide ``a``."""
    rest = list(a)
    d = len(divisor) - 1
    for deg in range(len(rest) - 1, d - 1, -1):
        coef = rest[deg]
        if coef:
            for i, m in enumerate(divisor):
                rest[deg - d + i] = (rest[deg - d + i] - coef * m) % p
    return any(rest[:d])


@cache
def _field(q: int) -> Field | None:
    """GF(q) for a prime power q, else None."""
    found = _prime_power(q)
    if found is None:
        return None
    p, k = found
    modulus = _irreducible(p, k) if k > 1 else [0, 1]
    digits = [_digits(x, p, k) for x in range(q)]
    add = tuple(
        tuple(
            _number([(a + b) % p for a, b in zip(digits[x], digits[y], strict=True)], p)
            for y in range(q)
        )
        for x in range(q)
    )
    if k == 1:
        mul = tuple(tuple((x * y) % p for y in range(q)) for x in range(q))
    else:
        mul = tuple(
            tuple(_number(_polymul_mod(digits[x], digits[y], modulus, p), p) for y in range(q))
            for x in range(q)
        )
    return Field(q, add, mul)


def field_of_order(q: int) -> Field | None:
    """GF(q) when q is a prime power (used by the Spieltag seating too)."""
    return _field(q)


def _affine_classes(f: Field) -> list[Round]:
    """The q + 1 parallel classes of AG(2, q): point (x, y) is team q*x + y + 1."""
    q = f.q
    classes: list[Round] = []
    for slope in range(q):  # lines y = slope * x + c
        lines = [
            tuple(sorted(q * x + f.add[f.mul[slope][x]][c] + 1 for x in range(q))) for c in range(q)
        ]
        classes.append(tuple(sorted(lines)))
    classes.append(tuple(tuple(q * x + y + 1 for y in range(q)) for x in range(q)))  # x = c
    # Start with the "rows" (teams 1-4, 5-8, ...): the most readable first round.
    return [classes[-1], *classes[:-1]]


# --- local search for every other N ------------------------------------------------------


def lower_bound(teams: int, group_size: int, rounds: int) -> tuple[int, int]:
    """No schedule has fewer repeats (first) or a smaller sum of C(meetings, 2) (second):
    the meetings spread perfectly evenly over all pairs."""
    groups = teams // group_size
    total = rounds * groups * group_size * (group_size - 1) // 2
    pairs = teams * (teams - 1) // 2
    k, rem = divmod(total, pairs)
    return max(0, total - pairs), (pairs - rem) * k * (k - 1) // 2 + rem * (k + 1) * k // 2


def _search(teams: int, group_size: int, rounds: int) -> tuple[Round, ...]:
    """The best of a few annealing runs from seeded random starts (deterministic)."""
    rng = random.Random(teams * 1_000_003 + group_size * 1_009 + rounds)
    bound = lower_bound(teams, group_size, rounds)
    best: tuple[tuple[int, int], list[list[list[int]]]] | None = None
    for _ in range(RESTARTS):
        found = _anneal(teams, group_size, rounds, rng, bound)
        if best is None or found[0] < best[0]:
            best = found
        if best[0] <= bound:
            break
    assert best is not None
    return tuple(
        tuple(sorted(tuple(sorted(t + 1 for t in group)) for group in rnd)) for rnd in best[1]
    )


RESTARTS = 3
# The cost of a pair that meets c times: REPEAT_WEIGHT per repeat plus SPREAD_WEIGHT per
# C(c - 1, 2), so a third meeting of one pair costs more than a second meeting of two.
# Convex, hence smallest exactly when the meetings are spread evenly.
REPEAT_WEIGHT = 8
SPREAD_WEIGHT = 20


def _pair_cost(c: int) -> int:
    return REPEAT_WEIGHT * max(0, c - 1) + SPREAD_WEIGHT * max(0, c - 1) * max(0, c - 2) // 2


def _anneal(
    teams: int, group_size: int, rounds: int, rng: random.Random, bound: tuple[int, int]
) -> tuple[tuple[int, int], list[list[list[int]]]]:
    """Simulated annealing on swaps of two teams of one round; cost (repeats, sum C(c, 2))."""
    bye_count = teams % group_size
    groups_per_round = teams // group_size
    order = list(range(teams))
    bye_order = order[::-1]  # byes rotate from the last team backwards: each in turn
    layout: list[list[list[int]]] = []
    for r in range(rounds):
        byes = {bye_order[(r * bye_count + i) % teams] for i in range(bye_count)}
        playing = [t for t in order if t not in byes]
        rng.shuffle(playing)
        layout.append(
            [playing[g * group_size : (g + 1) * group_size] for g in range(groups_per_round)]
        )
    count = [[0] * teams for _ in range(teams)]
    for rnd in layout:
        for group in rnd:
            for a, b in combinations(group, 2):
                count[a][b] += 1
                count[b][a] += 1

    # inc[c]: what one more meeting of a pair that met c times costs
    inc = [REPEAT_WEIGHT * (c >= 1) + SPREAD_WEIGHT * max(0, c - 1) for c in range(rounds + 2)]
    cost = sum(_pair_cost(count[a][b]) for a in range(teams) for b in range(a + 1, teams))
    best_cost, best = cost, [[list(g) for g in rnd] for rnd in layout]
    target = bound[0] * REPEAT_WEIGHT  # reached only when every pair meets at most twice
    limit = STEPS_PER_TEAM * teams
    for step in range(limit if groups_per_round > 1 else 0):
        if cost <= target:
            break
        rnd = layout[rng.randrange(rounds)]
        gi, gj = rng.sample(range(groups_per_round), 2)
        ga, gb = rnd[gi], rnd[gj]
        ia, ib = rng.randrange(group_size), rng.randrange(group_size)
        a, b = ga[ia], gb[ib]
        delta = 0
        for x in ga:
            if x != a:  # a leaves x, b joins x
                delta += inc[count[b][x]] - inc[count[a][x] - 1]
        for y in gb:
            if y != b:
                delta += inc[count[a][y]] - inc[count[b][y] - 1]
        if delta > 0:
            temperature = 0.3 * (1 - step / limit) + 0.05
            if rng.random() >= math.exp(-delta / temperature):
                continue
        for x in ga:
            if x != a:
                count[a][x] -= 1
                count[x][a] -= 1
                count[b][x] += 1
                count[x][b] += 1
        for y in gb:
            if y != b:
                count[b][y] -= 1
                count[y][b] -= 1
                count[a][y] += 1
                count[y][a] += 1
        ga[ia], gb[ib] = b, a
        cost += delta
        if cost < best_cost:
            best_cost, best = cost, [[list(g) for g in r] for r in layout]
    return _cost_of(best), best


STEPS_PER_TEAM = 2500


def _cost_of(layout: list[list[list[int]]]) -> tuple[int, int]:
    count: dict[tuple[int, int], int] = {}
    for rnd in layout:
        for group in rnd:
            for pair in combinations(sorted(group), 2):
                count[pair] = count.get(pair, 0) + 1
    return sum(c - 1 for c in count.values()), sum(c * (c - 1) // 2 for c in count.values())
