"""The derived statistics of a list (``StatLine``): one row per player and list, written
with the score lines by every write of the list, so that a player's statistics page sums
rows instead of replaying his lists (statistics.md; issue 25 "fast at national scale").

    stat_lines(...)     the rows of one replayed list (the engine's ``list_statistics``,
                        names mapped to players, his Stand from the score lines)
    stats_store(...)    replace a list's rows (the write path, ``Context.store``, paper)
    stats_rebuild(ids)  every row again from the stored games (``manage.py stats_rebuild``,
                        a player merge)
    lists_without_stats()  lists with results but no rows (a database from before the
                        rows existed: ``stats_rebuild --missing``, run by ``make run`` and
                        the venue at start)

Where a list stands is its placement's (``models.Placement``), joined when read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.db import transaction

from league.lists.models import Seat, Spielliste, StatLine, Substitution
from league.lists.selectors import person_points, replay_stored
from league.lists.strength import lists_days, rating_touch, rating_touch_days
from scoring.errors import ScoringError
from scoring.round import RoundState
from scoring.stats import COUNTS, Substitute, list_statistics


def _sub_name(player_id: int) -> str:
    # A name no seat has: seat names are typed names, never start with "\0".
    return f"\0{player_id}"


def stat_lines(
    liste: Spielliste,
    state: RoundState | None,
    seats: Sequence[Seat],
    substitutions: Iterable[Substitution],
    totals: Mapping[int, int],
) -> list[StatLine]:
    """The rows of ``liste`` replayed as ``state`` (None: a list from paper, totals only);
    ``totals``: each player's Stand (the sum of his score lines)."""
    ids = {s.name: s.player_id for s in seats}
    by_position = {s.position: s.name for s in seats}
    subs = [
        Substitute(
            seat=by_position[s.position], from_game=s.from_game, player=_sub_name(s.player_id)
        )
        for s in substitutions
        if s.position in by_position
    ]
    for sub in subs:
        ids[sub.player] = int(sub.player[1:])
    rows: dict[int, StatLine] = {}
    if state is not None:
        for ps in list_statistics(state, subs):
            pid = ids[ps.player]
            rows[pid] = StatLine(
                spielliste=liste,
                player_id=pid,
                **{name: getattr(ps, name) for name in COUNTS},
                solos={k: [t.played, t.won] for k, t in ps.solos.items()},
                partners={str(ids[k]): [t.played, t.won] for k, t in ps.partners.items()},
            )
    for pid, total in totals.items():
        row = rows.get(pid)
        if row is None:
            row = rows[pid] = StatLine(spielliste=liste, player_id=pid)
        row.total = total
    return list(rows.values())


def stats_store(
    liste: Spielliste,
    state: RoundState | None,
    seats: Sequence[Seat],
    substitutions: Iterable[Substitution],
    totals: Mapping[int, int],
    *,
    rate: bool = True,
) -> None:
    """Replace the rows of ``liste`` by those of its replay ``state`` and each player's Stand
    (``totals``: the sums of his score lines, by player id); with ``rate``, a rated list's
    Spielstärke follows after the commit (a rebuild of many lists says False and refreshes
    once)."""
    StatLine.objects.filter(spielliste=liste).delete()
    StatLine.objects.bulk_create(stat_lines(liste, state, seats, substitutions, totals))
    if rate:
        rating_touch(liste)


def lists_without_stats() -> list[int]:
    """The lists that have score lines but no statistics rows (1 query)."""
    return list(
        Spielliste.objects.filter(lines__isnull=False, stat_lines__isnull=True)
        .values_list("pk", flat=True)
        .distinct()
        .order_by("pk")
    )


def stats_rebuild(list_ids: Iterable[int] | None = None) -> int:
    """Every row of the given lists (all lists: None) again from what is stored, each list
    locked and rebuilt in its own transaction; the number of lists rebuilt. Derived data,
    no audit entry (nothing a person typed changes). A list the engine refuses now (it
    never should) keeps its totals only."""
    ids = (
        Spielliste.objects.values_list("pk", flat=True)
        if list_ids is None
        else Spielliste.objects.filter(pk__in=list(list_ids)).values_list("pk", flat=True)
    )
    count = 0
    for pk in list(ids.order_by("pk")):
        with transaction.atomic():
            liste = Spielliste.objects.select_for_update().filter(pk=pk).first()
            if liste is None:
                continue
            seats = list(liste.seats.all())
            state: RoundState | None = None
            if not liste.totals_only and seats:
                try:
                    state, _ = replay_stored(
                        seats,
                        list(liste.games.all()),
                        list(liste.penalty_rows.all()),
                        liste.time_up_after,
                        liste=liste,
                    )
                except ScoringError:
                    state = None
            stats_store(
                liste,
                state,
                seats,
                liste.substitutions.all(),
                person_points(liste),
                rate=False,
            )
            count += 1
    # The Spielstärke once, from the earliest placed list rebuilt.
    rating_touch_days(lists_days(ids))
    return count
