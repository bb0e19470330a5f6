"""The Listenführer's checks on each row of a Spielliste (TSR 7.3.3, scoring.md §6).

Zero sum: every row sums to 0 — except a 9.7.2 b deduction (``unsporting``), which
takes points away without crediting anyone.
Gerade-Ungerade-Regel: at a 4-player table the four results of a row are all even or
all odd. It does not apply at 5-player tables (10.1.3) nor to penalty rows that may
break it (round.md): solo penalties in favour of the soloist and unsporting deductions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# Penalty kinds whose rows are exempt from the Gerade-Ungerade-Regel (round.md).
PARITY_EXEMPT_PENALTIES = frozenset({"minor_solo_harm", "serious_solo_opponent", "unsporting"})


@dataclass(frozen=True, slots=True)
class RowCheck:
    """``zero_sum`` passes or fails; ``parity`` is None where the rule does not apply."""

    zero_sum: bool
    parity: bool | None

    @property
    def ok(self) -> bool:
        return self.zero_sum and self.parity is not False


def check_row(
    points: Mapping[str, int],
    *,
    table_size: int = 4,
    penalty_kind: str | None = None,
    deduction: int = 0,
) -> RowCheck:
    """Check one row. ``deduction`` is the unsporting row's 9.7.2 b points, if any."""
    total = sum(points.values())
    zero_sum = total == -deduction if penalty_kind == "unsporting" else total == 0
    parity: bool | None
    if table_size != 4 or penalty_kind in PARITY_EXEMPT_PENALTIES:
        parity = None
    else:
        parity = same_parity(points.values())
    return RowCheck(zero_sum=zero_sum, parity=parity)


def same_parity(values: Iterable[int]) -> bool:
    return len({v % 2 for v in values}) <= 1
