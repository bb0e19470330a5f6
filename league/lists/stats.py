"""The derived statistics of a list (``StatLine``): one row per player and list, written
with the score lines by every write of the list, so that a player's statistics page sums
rows instead of replaying his lists (statistics.md; issue 25 "fast at national scale").

    stat_lines(...)     the rows of one replayed list (the engine's ``list_statistics``,
                        names mapped to players, his Stand from the score lines)
    stats_store(...)    replace a list's rows (the write path, ``Context.store``, paper)
    stats_rebuild(ids)  every row again from the stored games (``manage.py stats_rebuild``,
                        a player merge)
    stats_place(ids)    where the lists stand again (their owner's kind and key, date,
                        round or table: ``owners.Placement``), after an owner moved or
                        re-dated them (a tournament's date)
    lists_without_stats()  lists with results but no rows (a database from before the
                        rows existed: ``stats_rebuild --missing``, run by ``make run`` and
                        the venue at start); ``lists_unplaced()``: lists whose rows do not
                        say where they stand yet (from before the placement columns)
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence

from django.db import transaction

from league.lists.models import Owner, ScoreLine, Seat, Spielliste, StatLine, Substitution
from league.lists.owners import Placement, placements
from league.lists.selectors import replay_stored
from league.lists.strength import rating_touch, rating_touch_days
from scoring.errors import ScoringError
from scoring.round import RoundState
from scoring.stats import Substitute, list_statistics


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
                games=ps.games,
                won=ps.won,
                lost=ps.lost,
                points=ps.points,
                re=ps.re,
                re_won=ps.re_won,
                kontra=ps.kontra,
                kontra_won=ps.kontra_won,
                pflicht=ps.pflicht,
                announced=ps.announced,
                announced_won=ps.announced_won,
                solos={k: [t.played, t.won] for k, t in ps.solos.items()},
                partners={str(ids[k]): [t.played, t.won] for k, t in ps.partners.items()},
            )
    for pid, total in totals.items():
        row = rows.get(pid)
        if row is None:
            row = rows[pid] = StatLine(spielliste=liste, player_id=pid)
        row.total = total
    return list(rows.values())


_PLACE_FIELDS = ("owner", "event_id", "day", "number")


def place_of(liste: Spielliste) -> Placement:
    """Where ``liste`` stands: its owner's placement, or a free list on its own date."""
    return placements([liste.pk]).get(liste.pk) or Placement(
        Owner.NONE, None, liste.created_at.date()
    )


def stats_store(
    liste: Spielliste,
    state: RoundState | None,
    seats: Sequence[Seat],
    substitutions: Iterable[Substitution],
    lines: Iterable[ScoreLine],
    *,
    place: Placement | None = None,
    rate: bool = True,
) -> None:
    """Replace the rows of ``liste`` by those of its replay ``state`` and score ``lines``,
    placed at ``place`` (None: where its rows stood, asked of the owners for its first);
    with ``rate``, a rated list's Spielstärke follows after the commit (a rebuild of many
    lists says False and refreshes once)."""
    totals: dict[int, int] = {}
    for line in lines:
        totals[line.player_id] = totals.get(line.player_id, 0) + line.points
    old = StatLine.objects.filter(spielliste=liste)
    if place is None:
        held = old.filter(day__isnull=False).values_list(*_PLACE_FIELDS).first()
        place = Placement(*held) if held is not None else place_of(liste)
    old.delete()
    rows = stat_lines(liste, state, seats, substitutions, totals)
    for row in rows:
        row.owner, row.event_id, row.day, row.number = (
            place.owner,
            place.event_id,
            place.day,
            place.number,
        )
    StatLine.objects.bulk_create(rows)
    if rate:
        rating_touch(liste, place.day)


def stats_place(list_ids: Iterable[int]) -> int:
    """Place the rows of the lists ``list_ids`` again where their owners say they stand
    (derived data, no audit entry; an owner calls it when it moves or re-dates lists);
    the number of rows changed. One query an owner kind and one update a placement, in
    chunks of 500 lists."""
    ids = sorted(set(list_ids))
    changed = 0
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        found = placements(chunk)
        rest = [pk for pk in chunk if pk not in found]
        for pk, created_at in Spielliste.objects.filter(pk__in=rest).values_list(
            "pk", "created_at"
        ):
            found[pk] = Placement(Owner.NONE, None, created_at.date())
        groups: dict[Placement, list[int]] = {}
        days = {
            day
            for day in StatLine.objects.filter(spielliste_id__in=chunk, day__isnull=False)
            .values_list("day", flat=True)
            .distinct()
            if day is not None
        }
        for pk, place in found.items():
            groups.setdefault(place, []).append(pk)
            days.add(place.day)
        # Moved or re-dated lists move the Spielstärke from the earliest date on.
        rating_touch_days(days)
        for place, pks in groups.items():
            changed += StatLine.objects.filter(spielliste_id__in=pks).update(
                owner=place.owner, event_id=place.event_id, day=place.day, number=place.number
            )
    return changed


def lists_unplaced() -> list[int]:
    """The lists whose rows do not say where they stand (1 query)."""
    return list(
        StatLine.objects.filter(day__isnull=True)
        .values_list("spielliste_id", flat=True)
        .distinct()
        .order_by("spielliste_id")
    )


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
    days: set[datetime.date] = set()
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
                liste.lines.all(),
                place=(place := place_of(liste)),
                rate=False,
            )
            days.add(place.day)
            count += 1
    rating_touch_days(days)  # once, from the earliest list rebuilt
    return count
