"""The "mögliche Doppelte" page: likely pairs of records across the whole site.

``scoring.people.likely_pairs`` over every record (blocking by keys, never every pair), minus
the pairs someone said are two people (``DistinctPair``); each pair with what a merger needs
to decide which record stays: clubs, DDV numbers, accounts and how much each has played.
Five queries, whatever the register's size; the pairs cached while nothing changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max

from league.clubs.models import Player
from league.rankings.models import DistinctPair
from scoring.people import Candidate, Pair, Reason, likely_pairs

PAGE_PAIRS = 100  # a page of pairs; merging them brings the next ones up
CACHE_SECONDS = 15 * 60


@dataclass(frozen=True)
class DuplicateSide:
    pk: int
    name: str
    club: str
    ddv_number: str
    has_account: bool
    lists: int  # lists he has a seat in


@dataclass(frozen=True)
class DuplicatePair:
    first: DuplicateSide
    second: DuplicateSide
    reason: str  # scoring.people.Reason
    distance: int

    @property
    def keep(self) -> DuplicateSide:
        """The record proposed to stay: one with an account or DDV number, else the one
        that has played more, else the older."""

        def weight(side: DuplicateSide) -> tuple[bool, bool, int, int]:
            return (side.has_account, bool(side.ddv_number), side.lists, -side.pk)

        return max(self.first, self.second, key=weight)


@dataclass(frozen=True)
class Duplicates:
    pairs: tuple[DuplicatePair, ...]
    total: int  # pairs found in all


def candidates_of_register() -> list[Candidate]:
    rows = (
        Player.objects.filter(rehearsal=False)
        .values_list("pk", "name", "ddv_number", "club_id")
        .order_by("pk")
    )
    return [
        Candidate(pk, name, number or None, frozenset({club}) if club else frozenset())
        for pk, name, number, club in rows.iterator(chunk_size=5000)
    ]


def _register_pairs() -> list[Pair]:
    """The register's pairs, kept in the cache while the register and the dismissals are
    unchanged (their counts and highest ids say so; a rename alone waits for the expiry):
    at national size the blocking takes seconds (bench/people.py)."""
    players = Player.objects.aggregate(n=Count("pk"), top=Max("pk"))
    dismissals = DistinctPair.objects.aggregate(n=Count("pk"), top=Max("pk"))
    key = "duplicates:{}:{}:{}:{}".format(
        players["n"], players["top"], dismissals["n"], dismissals["top"]
    )
    cached = cache.get(key)
    if isinstance(cached, list):
        return [Pair(a, b, Reason(r), d) for a, b, r, d in cached]
    dismissed = list(DistinctPair.objects.values_list("first_id", "second_id"))
    pairs = likely_pairs(candidates_of_register(), dismissed=dismissed)
    cache.set(key, [(p.first, p.second, str(p.reason), p.distance) for p in pairs], CACHE_SECONDS)
    return pairs


def duplicate_pairs(*, limit: int = PAGE_PAIRS) -> Duplicates:
    pairs = _register_pairs()
    shown = pairs[:limit]
    ids = {p.first for p in shown} | {p.second for p in shown}
    sides = {
        p.pk: DuplicateSide(
            pk=p.pk,
            name=p.name,
            club=p.club.name if p.club else "",
            ddv_number=p.ddv_number,
            has_account=p.account_id is not None,
            lists=p.lists,
        )
        for p in Player.objects.filter(pk__in=ids)
        .select_related("club")
        .annotate(lists=Count("seats__spielliste", distinct=True))
    }
    return Duplicates(
        pairs=tuple(
            DuplicatePair(sides[p.first], sides[p.second], str(p.reason), p.distance)
            for p in shown
            if p.first in sides and p.second in sides
        ),
        total=len(pairs),
    )
