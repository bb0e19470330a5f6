"""Tournament standings and tie-breaks (competitions.md "Standings").

Ranking: the sum of each player's points over all rounds played (penalty rows
included). Participants who have not played a round yet come last. No DDV tie-break
is published; the default order is ours and configurable: total points, rounds with a
positive result, best single round, points in the last round; then the rank is shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scoring.errors import ScoringError

# The tie-break keys, in the default order; labels: messages.label("tie_break", key, ...).
TIE_BREAK_KEYS: tuple[str, ...] = ("total", "positive_rounds", "best_round", "last_round")
DEFAULT_ORDER: tuple[str, ...] = TIE_BREAK_KEYS


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    total: int
    rounds_played: int
    per_round: tuple[int | None, ...]  # index 0 = round 1; None = not played
    positive_rounds: int
    best_round: int | None
    last_round: int | None


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    unknown = [k for k in order if k not in TIE_BREAK_KEYS]
    if unknown or len(set(order)) != len(order) or not order:
        raise ScoringError("invalid_tie_breaks", {"allowed": ", ".join(TIE_BREAK_KEYS)})
    return tuple(order)


def rank(
    results: Mapping[str, Sequence[int | None]],
    *,
    rounds: int,
    order: Sequence[str] = DEFAULT_ORDER,
    names: Mapping[str, str] | None = None,
) -> list[Standing]:
    """Rank players by ``order``; ``results[player][r]`` is round r+1's points or None.

    Players who share a rank are listed by display name (``names[player]``, the key
    itself when absent) — never by key, which may be a database id ("1, 10, 2").
    """
    order = check_order(order)
    rows = []
    for player, raw in results.items():
        per_round = tuple(list(raw)[:rounds]) + (None,) * max(0, rounds - len(raw))
        played = [p for p in per_round if p is not None]
        rows.append(
            Standing(
                rank=0,
                player=player,
                total=sum(played),
                rounds_played=len(played),
                per_round=per_round,
                positive_rounds=sum(1 for p in played if p > 0),
                best_round=max(played) if played else None,
                last_round=per_round[-1] if per_round else None,
            )
        )

    def key(s: Standing) -> tuple[int, ...]:
        # Nobody who has not played yet (late arrival, early withdrawal) ranks above
        # anybody who has, whatever the sign of the others' totals.
        not_played = int(s.rounds_played == 0)
        values = {
            "total": s.total,
            "positive_rounds": s.positive_rounds,
            "best_round": s.best_round if s.best_round is not None else -(10**9),
            "last_round": s.last_round if s.last_round is not None else -(10**9),
        }
        return (not_played, *(-values[k] for k in order))

    shown = names or {}

    def listed(s: Standing) -> tuple[str, str]:
        return (shown.get(s.player, s.player).casefold(), s.player)

    keyed = sorted(((key(s), listed(s), s) for s in rows), key=lambda t: t[:2])
    ranked: list[Standing] = []
    previous: tuple[int, ...] | None = None
    for i, (k, _name, s) in enumerate(keyed):
        r = ranked[-1].rank if k == previous else i + 1
        previous = k
        ranked.append(replace(s, rank=r))
    return ranked
