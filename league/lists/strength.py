"""The Spielstärke on the site (rating.md): which lists are rated, the figures kept per
player and list (``RatingStep``) and per player (``PlayerRating``), brought up to date
right after each write of a rated list and rebuilt at any time.

    register_rated(rule)     an owner says which of its lists count (tournaments and
                             leagues: all; club evenings: those of clubs that switched
                             "Vereinsabende zählen zur Spielstärke" on, by the TSR)
    rated_among(ids)         of those, the lists that are over, without a substitution,
                             with 4 or 5 seats (rating.md "Which lists are rated")
    rating_touch(liste)      after a write: the figures from the list's date on are made
                             again once the transaction commits (``rating_refresh``)
    rating_refresh(day)      every figure from ``day`` on again (the states of the day
                             before kept), in one locked transaction
    rating_rebuild()         everything again (``manage.py rating_rebuild``)

Glossary: see ``scoring.rating`` (Spielstärke, μ, σ, vorläufig, rated list).

**Decision** (rating.md is silent on when): a save never waits long for the figures. The
refresh runs right after the save's commit when at most ``INLINE_LISTS`` rated lists follow
the changed date (a round just played: a few dozen); a correction further back is noted
(``RatingPending``) and made by ``manage.py rating_rebuild --pending`` from the scheduler
(deploy/), the pages showing the figures as they stood until then.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Min, Q

from league.clubs.models import Player
from league.lists.models import (
    Placement,
    PlayerRating,
    RatingPending,
    RatingStep,
    Seat,
    Spielliste,
    StatLine,
    Substitution,
)
from scoring.rating import NEWCOMER, RatedList, Ratings, Skill, expected_placings

# Newest first, as the lists are applied (rating.md "Order").
_LATEST = ("player_id", "-day", "-kind", "-event_id", "-number", "-table", "-spielliste_id")

MIN_EARLY_GAMES = 12
"""A list ended early counts with at least this many scored games (rating.md)."""

INLINE_LISTS = 2000
"""At most this many rated lists after a changed date are rated again right after the save;
more wait for the scheduler (module docstring)."""

# Which of the given lists of its kind an owner rates (its settings; one query), or None:
# all of them (tournaments, leagues). Keyed by the owner kind its placements store.
RatedRule = Callable[[Sequence[int]], set[int]]
_rules: dict[str, RatedRule | None] = {}


def register_rated(kind: str, rule: RatedRule | None = None) -> None:
    """From an owner's ``AppConfig.ready``: its lists count for the Spielstärke (all, or
    those ``rule`` picks)."""
    _rules[kind] = rule


def _owners_rate(ids: Sequence[int]) -> set[int]:
    """The lists among ``ids`` their owners rate (one query, and one a kind with a rule)."""
    by_kind: dict[str, list[int]] = {}
    # A rehearsal's lists (a tournament's Probelauf) are never rated.
    placed = Placement.objects.filter(spielliste_id__in=list(ids), rehearsal=False)
    for liste, kind in placed.values_list("spielliste_id", "owner"):
        by_kind.setdefault(kind, []).append(liste)
    out: set[int] = set()
    for kind, lists in by_kind.items():
        if kind in _rules:
            rule = _rules[kind]
            out |= set(lists) if rule is None else rule(lists)
    return out


def rated_among(list_ids: Iterable[int]) -> set[int]:
    """The rated lists among ``list_ids`` (three queries and one an owner a 500 lists)."""
    ids = sorted(set(list_ids))
    out: set[int] = set()
    for start in range(0, len(ids), 500):
        out |= _rated_chunk(ids[start : start + 500])
    return out


def _rated_chunk(ids: list[int]) -> set[int]:
    over = set(
        Spielliste.objects.filter(pk__in=ids, complete=True)
        .filter(Q(ended_early=False) | Q(games_played__gte=MIN_EARLY_GAMES))
        .annotate(n=Count("seats"))
        .filter(n__in=(4, 5))
        .values_list("pk", flat=True)
    )
    over -= set(
        Substitution.objects.filter(spielliste_id__in=over).values_list("spielliste_id", flat=True)
    )
    return _owners_rate(sorted(over)) if over else set()


@dataclass(frozen=True)
class _Listed:
    """A rated list as the rating reads it: where it stands and each seat's total."""

    pk: int
    day: dt.date
    kind: str
    event_id: int
    number: int
    table: int
    totals: tuple[tuple[int, int], ...]  # (player id, Stand) in seat order

    def rated(self) -> RatedList[int]:
        return RatedList(
            key=f"{self.pk:012d}",
            date=self.day,
            totals=self.totals,
            order=(self.kind, self.event_id, self.number, self.table, self.pk),
        )


def _lists_from(day: dt.date | None) -> list[_Listed]:
    """The rated lists from ``day`` on (all: None), in the order they are applied; where
    each stands is its owner's placement (a free list has none and is never rated)."""
    places = Placement.objects.all() if day is None else Placement.objects.filter(day__gte=day)
    rated = rated_among(places.values_list("spielliste_id", flat=True))
    stands: dict[int, dict[int, int]] = {}
    where: dict[int, tuple[dt.date, str, int, int, int]] = {}
    seats: dict[int, list[int]] = {}
    ordered = sorted(rated)
    for start in range(0, len(ordered), 500):
        chunk = ordered[start : start + 500]
        for liste, d, kind, event, number, table in Placement.objects.filter(
            spielliste_id__in=chunk
        ).values_list("spielliste_id", "day", "owner", "event_id", "number", "table"):
            where[liste] = (d, kind, event, number or 0, table or 0)
        for liste, player, total in StatLine.objects.filter(spielliste_id__in=chunk).values_list(
            "spielliste_id", "player_id", "total"
        ):
            stands.setdefault(liste, {})[player] = total
        for liste, player in (
            Seat.objects.filter(spielliste_id__in=chunk)
            .order_by("spielliste_id", "position")
            .values_list("spielliste_id", "player_id")
        ):
            seats.setdefault(liste, []).append(player)
    out = []
    for liste, players in seats.items():
        if liste not in where or len(set(players)) != len(players):
            continue
        d, kind, event, number, table = where[liste]
        totals = tuple((p, stands.get(liste, {}).get(p, 0)) for p in players)
        out.append(_Listed(liste, d, kind, event, number, table, totals))
    out.sort(
        key=lambda item: (item.day, item.kind, item.event_id, item.number, item.table, item.pk)
    )
    return out


def _states_before(day: dt.date, players: set[int]) -> dict[int, Skill]:
    """Each player's state after his last rated list before ``day``."""
    out: dict[int, Skill] = {}
    rows = (
        RatingStep.objects.filter(day__lt=day, player_id__in=players)
        .order_by(*_LATEST)
        .values_list("player_id", "mu", "sigma", "lists")
    )
    for player, mu, sigma, count in rows.iterator(chunk_size=2000):
        out.setdefault(player, Skill(mu, sigma, count))
    return out


@transaction.atomic
def rating_refresh(day: dt.date | None) -> int:
    """Every figure from ``day`` on (all: None) made again from the lists; the number of
    lists rated. Derived data: no audit entry. Serialised by the pending row's lock."""
    pending = RatingPending.objects.select_for_update().first()
    lists = _lists_from(day)
    players = {p for item in lists for p, _ in item.totals}
    start = _states_before(day, players) if day is not None else {}
    old = RatingStep.objects.all() if day is None else RatingStep.objects.filter(day__gte=day)
    touched = set(old.values_list("player_id", flat=True).distinct()) | players
    old.delete()
    ratings: Ratings[int] = Ratings(dict(start))
    steps: list[RatingStep] = []
    for item in lists:
        for seat, step in enumerate(ratings.apply(item.rated()), start=1):
            steps.append(
                RatingStep(
                    spielliste_id=item.pk,
                    player_id=step.player,
                    day=item.day,
                    kind=item.kind,
                    event_id=item.event_id,
                    number=item.number,
                    table=item.table,
                    seat=seat,
                    mu=step.after.mu,
                    sigma=step.after.sigma,
                    lists=step.after.lists,
                    rating=step.after.rating,
                    mu_before=step.before.mu,
                    sigma_before=step.before.sigma,
                )
            )
    RatingStep.objects.bulk_create(steps, batch_size=2000)
    _store_current(touched)
    if pending is not None and (day is None or pending.day >= day):
        pending.delete()
    return len(lists)


def _store_current(players: set[int]) -> None:
    """``PlayerRating`` of ``players`` from their last step (none: no row)."""
    PlayerRating.objects.filter(player_id__in=players).delete()
    last: dict[int, tuple[float, float, int, int, dt.date]] = {}
    rows = (
        RatingStep.objects.filter(player_id__in=players)
        .order_by(*_LATEST)
        .values_list("player_id", "mu", "sigma", "lists", "rating", "day")
    )
    for player, mu, sigma, count, rating, day in rows.iterator(chunk_size=2000):
        last.setdefault(player, (mu, sigma, count, rating, day))
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(player_id=p, mu=mu, sigma=sigma, lists=n, rating=r, day=d)
            for p, (mu, sigma, n, r, d) in last.items()
        ],
        batch_size=2000,
    )


def rating_rebuild() -> int:
    """Every figure again from every rated list (``manage.py rating_rebuild``)."""
    return rating_refresh(None)


def rating_pending() -> int | None:
    """The noted rebuild, if any (``rating_rebuild --pending``): lists rated, or None."""
    pending = RatingPending.objects.first()
    return None if pending is None else rating_refresh(pending.day)


def _due(day: dt.date) -> None:
    """After a commit: made now when few lists follow, else noted for the scheduler."""
    later = Placement.objects.filter(day__gte=day).count()
    if later <= INLINE_LISTS:
        rating_refresh(day)
        return
    with transaction.atomic():
        pending = RatingPending.objects.select_for_update().first()
        if pending is None:
            RatingPending.objects.create(day=day)
        elif day < pending.day:
            pending.day = day
            pending.save(update_fields=["day", "since"])


@dataclass
class _Pending:
    """What one transaction's writes ask of the figures: its lists (with their dates) and
    whole days; made good once, after the commit (a demo or a rebuild writes hundreds)."""

    lists: dict[int, dt.date | None] = field(default_factory=dict)
    days: set[dt.date] = field(default_factory=set)

    def flush(self) -> None:
        if getattr(_local, "pending", None) is self:
            _local.pending = None
        starts = set(self.days)
        for pk, day in self.lists.items():
            start = _start_of(pk, day)
            if start is not None:
                starts.add(start)
        if starts:
            _due(min(starts))


_local = threading.local()


def _pending() -> _Pending:
    """This transaction's pending work, registered once with ``on_commit``; outside a
    transaction, a fresh one the caller fills and flushes itself."""
    connection = transaction.get_connection()
    current: _Pending | None = getattr(_local, "pending", None)
    if connection.in_atomic_block:
        # Still waiting for this transaction's commit (a rollback drops the callback).
        if current is not None and any(
            entry[1] == current.flush for entry in connection.run_on_commit
        ):
            return current
        current = _local.pending = _Pending()
        transaction.on_commit(current.flush)
        return current
    return _Pending()


def rating_touch(liste: Spielliste, day: dt.date | None = None) -> None:
    """A write of ``liste`` (placed at ``day``, else where its placement says): after
    the commit — when the list's own flags (over, ended early) are stored too — its
    figures and every later one are made again if it is or was rated. A list that is not
    rated and never was costs two queries."""
    pending = _pending()
    pending.lists[liste.pk] = day
    if not transaction.get_connection().in_atomic_block:
        pending.flush()


def _start_of(pk: int, day: dt.date | None) -> dt.date | None:
    """Where the figures change after a write of list ``pk``: None if it is not rated and
    never was."""
    if day is None:
        day = Placement.objects.filter(spielliste_id=pk).values_list("day", flat=True).first()
    was = RatingStep.objects.filter(spielliste_id=pk).aggregate(first=Min("day"))["first"]
    if was is None and (day is None or pk not in rated_among([pk])):
        return None
    return min(d for d in (day, was) if d is not None)


def lists_days(list_ids: Iterable[int]) -> set[dt.date]:
    """The dates the given lists stand at (their placements)."""
    return set(
        Placement.objects.filter(spielliste_id__in=list(list_ids))
        .values_list("day", flat=True)
        .distinct()
    )


def rating_touch_days(days: Iterable[dt.date]) -> None:
    """Lists of these days changed in bulk (a backup restored, a merge, a club's setting):
    the figures from the earliest on, after the commit."""
    chosen = set(days)
    if not chosen:
        return
    pending = _pending()
    pending.days |= chosen
    if not transaction.get_connection().in_atomic_block:
        pending.flush()


# --- reading ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AtTable:
    """A seat's figure before a list and the model's expected placing (an estimate);
    ``hidden``: a player who asked not to be named (his figure is not shown to others).

    **Decision** (rating.md is silent): seats the model cannot tell apart (equal states:
    four newcomers) share their placing, shown as a span ("2.–3."); at an even table,
    where every seat shares it, no placing is shown at all ("offen"), never everyone "1."."""

    player_id: int
    rating: int
    provisional: bool
    expected_rank: int
    probability: float
    hidden: bool = False
    expected_last: int = 0  # the worst place of a shared placing (0: not shared)
    even: bool = False  # every seat at the table alike: no placing

    @property
    def placing(self) -> str:
        """The expected placing as shown ("2.", shared "2.–3."); "" at an even table."""
        if self.even:
            return ""
        if self.expected_last > self.expected_rank:
            return f"{self.expected_rank}.–{self.expected_last}."
        return f"{self.expected_rank}."


def counts_for_rating(list_id: int) -> bool:
    """Whether the list's owner rates it once it is over (its page shows the figures)."""
    return bool(_owners_rate([list_id]))


def at_tables(
    seated: Mapping[int, Sequence[int]], *, reveal: bool = False
) -> dict[int, list[AtTable]]:
    """Each list's seats (player ids in seat order, by list id) with the figure each
    brought (a rated list: as stored; any other: his current one) and the expected placing
    (three queries for any number of lists)."""
    ids = list(seated)
    players = {p for seats in seated.values() for p in seats}
    brought = {
        (liste, player): Skill(mu, sigma, count - 1)
        for liste, player, mu, sigma, count in RatingStep.objects.filter(
            spielliste_id__in=ids
        ).values_list("spielliste_id", "player_id", "mu_before", "sigma_before", "lists")
    }
    current = {
        player: Skill(mu, sigma, count)
        for player, mu, sigma, count in PlayerRating.objects.filter(
            player_id__in=players
        ).values_list("player_id", "mu", "sigma", "lists")
    }
    hidden: set[int] = set()
    if not reveal:
        hidden = set(
            Player.objects.filter(pk__in=players, hide_name=True).values_list("pk", flat=True)
        )
    out: dict[int, list[AtTable]] = {}
    for liste, seats in seated.items():
        if seats and all((liste, p) in brought for p in seats):
            skills = [brought[(liste, p)] for p in seats]
        else:
            skills = [current.get(p, NEWCOMER) for p in seats]
        placings = expected_placings(skills)
        even = len(seats) > 1 and all(e.shared == len(seats) for e in placings)
        out[liste] = [
            AtTable(
                p,
                skill.rating,
                skill.provisional,
                e.rank,
                e.probability,
                p in hidden,
                expected_last=e.last if e.shared > 1 else 0,
                even=even,
            )
            for p, skill, e in zip(seats, skills, placings, strict=True)
        ]
    return out


def at_table(liste: Spielliste, seats: Sequence[Seat], *, reveal: bool = True) -> list[AtTable]:
    """``at_tables`` of one list."""
    return at_tables({liste.pk: [seat.player_id for seat in seats]}, reveal=reveal)[liste.pk]
