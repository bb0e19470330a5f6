"""Shared by the bench scripts: the best of a few timed runs."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """Seconds of the fastest of ``runs`` calls: the least disturbed measurement."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best
