"""One table's final totals typed from the paper Spielliste: a pure check.

An organiser types each table's final totals (4 or 5 seats) from the paper list, and for
double entry types them twice. ``check_totals`` says whether one entry can be a list's
result; ``totals_errors`` lists every problem at once (for a form); ``differing_seats``
compares entry 1 with entry 2. JSON in and out: ``scoring.interchange``
(``table_totals_from_dict``, ``totals_check_to_dict``).

Rules as implemented:
- Every seat of the table appears exactly once, with an integer (not a bool).
- Zero sum (7.3.3 no. 1): every row of a list sums to 0 except 9.7.2 b deductions, so
  ``sum(totals) == -sum(deduction)``. ``deduction`` names each player's deductions of the
  round, added up: each is 1..12 (9.7.2 b); a player can have several.
- Gerade-Ungerade-Regel (7.3.3 no. 2): in every game row and in every penalty row except
  those in a solo in favour of the soloist (9.3.3 b1, 9.4.4) all four values share a
  parity, so at a 4-player table the totals — with each player's deductions added back —
  share a parity unless the list has such a solo penalty row. The check cannot know, so
  a mixed pattern is a **warning** (``totals_parity``: a typing error is likely), not an
  error. 5-player tables have no such rule (10.1.3).

**Decision** (bounds; the TSR sets none):
- ``MAX_ROUND_TOTAL``: the most one round can give one player. A game is worth at most
  21 (7.2.2: won 1, under 90/60/30/schwarz 4, Re and Kontra announced 2 + 2, the four
  Absagen of each side 4 + 4, the four "reached against an Absage" points 4); a soloist
  scores it three times, 63; nobody takes part in more than 25 games of a round (10.2.1;
  24 at a 4-player table): 25 × 63 = 1575 either way (a player's deductions below that).
  Only impossible numbers are refused: a legitimate list must never be.
- ``UNUSUAL_ROUND_TOTAL``: above 200 either way (simulated rounds stay near ±100, real
  ones far below 200) a total is kept but warned about (``totals_unusual``): a slipped
  digit is the likely cause.
- ``MAX_ROUND_DEDUCTION``: at most 5 deductions of at most 12 (9.7.2 b) per player and
  round, 60 — more misconduct than that ends in disqualification (9.7.2 c).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoring.checks import same_parity
from scoring.errors import Param
from scoring.errors import TotalsError as TotalsError  # defined with its siblings; exported
from scoring.penalties import MAX_DEDUCTION

# The most a game is worth (7.2.2), and the soloist's share of it (three times).
MAX_GAME_VALUE = 1 + 4 + 2 + 2 + 4 + 4 + 4
MAX_GAME_POINTS = 3 * MAX_GAME_VALUE
MAX_GAMES_PLAYED = 25  # in one round, by one player (10.2.1)
MAX_ROUND_TOTAL = MAX_GAMES_PLAYED * MAX_GAME_POINTS
UNUSUAL_ROUND_TOTAL = 200
MAX_DEDUCTIONS_PER_ROUND = 5
MAX_ROUND_DEDUCTION = MAX_DEDUCTIONS_PER_ROUND * MAX_DEDUCTION
TABLE_SIZES = (4, 5)  # players at a table (8.3.1; 10 at five)
# **Decision** (the specs are silent; statistics.md leaves paper totals out of its figures):
# where a page shows how many games a player's list had (his record, a club's season), a
# list typed from paper, which has no game rows, counts a full round's 24 games for each of
# its players — all of a 4-player table's (8.5.1); at a 5-player table the 30 less about the
# six he deals and sits out (10.1.1, 10.1.5), which the paper totals do not tell.
PAPER_GAMES = 24


def games_counted(games: int, *, totals_only: bool) -> int:
    """The games one player's list counts for him: its ``games`` rows, or ``PAPER_GAMES``
    for a list whose result was typed from paper (``totals_only``, no game rows)."""
    return games if games or not totals_only else PAPER_GAMES


# Warnings (not errors): message keys "warning.<code>".
TOTALS_PARITY = "totals_parity"
TOTALS_UNUSUAL = "totals_unusual"


@dataclass(frozen=True, slots=True)
class Notice:
    """A warning that refuses nothing; its text is
    ``scoring.messages.render(f"warning.{code}", params, translate)``."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableTotals:
    """One entry of a table's final totals: points by player, each player's 9.7.2 b
    deductions added up (only players who have any), and the table number if known."""

    totals: Mapping[str, int]
    deduction: Mapping[str, int] = field(default_factory=dict)
    table: int | None = None


@dataclass(frozen=True, slots=True)
class TotalsCheck:
    """A checked entry and its warnings (no errors: those are raised)."""

    entry: TableTotals
    warnings: tuple[Notice, ...] = ()

    @property
    def warning_codes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w.code for w in self.warnings))


def _validate(
    seats: Sequence[str],
    totals: Mapping[str, object],
    deduction: Mapping[str, object] | None,
) -> tuple[list[TotalsError], dict[str, int], dict[str, int]]:
    """Errors, and the integers that passed (totals by seat; non-zero deductions)."""
    if (
        len(seats) not in TABLE_SIZES
        or len(set(seats)) != len(seats)
        or not all(isinstance(s, str) and s for s in seats)
    ):
        return [TotalsError("invalid_seats", field="seats")], {}, {}
    if not isinstance(totals, Mapping):
        return [TotalsError("totals_invalid", field="totals")], {}, {}
    if deduction is not None and not isinstance(deduction, Mapping):
        error = TotalsError("totals_invalid", {"variant": "deduction"}, field="deduction")
        return [error], {}, {}
    deduction = deduction or {}
    errors: list[TotalsError] = []
    minus: dict[str, int] = {}
    for name in [*seats, *sorted(str(k) for k in deduction.keys() - set(seats))]:
        if name not in deduction:
            continue
        where = f"deduction.{name}"
        if name not in seats:
            errors.append(TotalsError("totals_unknown_seat", {"name": name}, field=where))
            continue
        value = deduction[name]
        if type(value) is int and value == 0:
            continue  # "no deduction" written out
        if type(value) is not int or not 1 <= value <= MAX_ROUND_DEDUCTION:
            errors.append(
                TotalsError(
                    "deduction_out_of_range",
                    {"name": name, "bound": MAX_ROUND_DEDUCTION, "each": MAX_DEDUCTION},
                    field=where,
                )
            )
            continue
        minus[name] = value
    points: dict[str, int] = {}
    for name in seats:
        where = f"totals.{name}"
        if name not in totals:
            errors.append(TotalsError("totals_missing_seat", {"name": name}, field=where))
            continue
        value = totals[name]
        if type(value) is not int:
            errors.append(TotalsError("totals_not_integer", {"name": name}, field=where))
            continue
        if not -MAX_ROUND_TOTAL - minus.get(name, 0) <= value <= MAX_ROUND_TOTAL:
            errors.append(
                TotalsError(
                    "totals_out_of_range",
                    {"name": name, "value": value, "bound": MAX_ROUND_TOTAL},
                    field=where,
                )
            )
            continue
        points[name] = value
    for name in sorted(str(k) for k in totals.keys() - set(seats)):
        errors.append(TotalsError("totals_unknown_seat", {"name": name}, field=f"totals.{name}"))
    if not errors:
        expected = -sum(minus.values())
        if sum(points.values()) != expected:
            errors.append(
                TotalsError(
                    "totals_zero_sum",
                    {
                        "variant": "deduction" if expected else "",
                        "sum": sum(points.values()),
                        "expected": expected,
                    },
                    field="totals",
                )
            )
    return errors, points, minus


def totals_errors(
    seats: Sequence[str],
    totals: Mapping[str, object],
    deduction: Mapping[str, object] | None = None,
) -> tuple[TotalsError, ...]:
    """Every problem of one entry (deductions first, then the seats in seat order, then
    names that sit elsewhere); the zero sum only when each number is fine. Empty when
    the entry can be a list's result."""
    return tuple(_validate(seats, totals, deduction)[0])


def check_totals(
    seats: Sequence[str],
    totals: Mapping[str, object],
    deduction: Mapping[str, object] | None = None,
    *,
    table: int | None = None,
) -> TotalsCheck:
    """Check one table's final totals; raise the first ``TotalsError``, else return the
    entry (in seat order, deductions without zeros) with its warnings."""
    errors, points, minus = _validate(seats, totals, deduction)
    if errors:
        raise errors[0]
    warnings: list[Notice] = []
    if len(seats) == 4 and not same_parity(points[n] + minus.get(n, 0) for n in seats):
        warnings.append(Notice(TOTALS_PARITY))
    for name in seats:
        if abs(points[name]) > UNUSUAL_ROUND_TOTAL:
            warnings.append(
                Notice(
                    TOTALS_UNUSUAL,
                    {"name": name, "value": points[name], "bound": UNUSUAL_ROUND_TOTAL},
                )
            )
    return TotalsCheck(TableTotals(points, minus, table), tuple(warnings))


def differing_seats(
    first: TableTotals, second: TableTotals, seats: Sequence[str] | None = None
) -> tuple[str, ...]:
    """Double entry: the players whose total or deduction differ between entry 1 and
    entry 2 (a missing deduction counts as 0), in ``seats`` order when given, else in
    the order the entries name them."""
    names = list(seats) if seats is not None else []
    for entry in (first, second):
        for name in [*entry.totals, *entry.deduction]:
            if name not in names:
                names.append(name)
    return tuple(
        name
        for name in names
        if first.totals.get(name) != second.totals.get(name)
        or first.deduction.get(name, 0) != second.deduction.get(name, 0)
    )
