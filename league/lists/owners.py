"""Where a list belongs: a tournament round, a league Spieltag or a club evening.

The lists app knows none of its owners: an owning app (``tournaments``, ``leagues``,
``evenings``) registers a resolver in its ``AppConfig.ready`` and list pages ask
``owner_of`` for the link back, who manages the list (``lists.access``) and the reason a
frozen list is frozen; a filter for the list index and, for members-only owners, which
lists a reader may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.db.models import Q
    from django_stubs_ext import StrOrPromise

    from league.lists.models import Spielliste


SeatPin = Callable[[int], str]
# (player id, name) of the people an owner offers first as a substitute.
Candidates = Callable[[], "list[tuple[int, str]]"]


@dataclass(frozen=True)
class ListOwner:
    label: str  # "Runde 2, Tisch 3"
    url: str  # the owner's page for this list (the round board)
    frozen_note: str  # why a frozen list is frozen and who can reopen it
    table_label: str  # how a code holder is named in history: "Tisch 3"
    manager_ids: frozenset[int]  # accounts that manage the list through its owner (organisers)
    # The role those managers write in (an AuditEntry.Role value): a tournament's or
    # league's organisers; a club evening's club managers ("club_manager").
    manager_role: str = "organiser"
    # A club evening plays its club's house rules and takes quick rows like a free list;
    # tournaments and leagues play the TSR and enter every game in full.
    own_rules: bool = False
    # The round clock: when the owner started it and this table's playing time (8.5.1).
    clock_start: datetime | None = None
    minutes: int = 0
    # Results from paper are typed twice and count once both entries agree.
    double_entry: bool = False
    # A members-only owner (api.md), or a tournament's silent round (its organisers): the
    # accounts that may read the list besides staff and whoever writes it (a table's code
    # holder too); None: everybody reads.
    readers: frozenset[int] | None = None
    # A tournament's silent round before the prize ceremony: who may not read the list is
    # told so (the readers are its organisers only).
    silent: bool = False
    # Players of this list who withdrew from the owner's event (a tournament participant
    # withdrawn mid-round): their seat waits for a substitute or the list's early end.
    withdrawn: frozenset[int] = frozenset()
    # A tournament or league round (api.md "Rights end at the event"): taking back the
    # round's time call and granting added time are for its managers, never a table code.
    clock_managed: bool = False
    # Personal PINs (api.md "Confirmation"): a player's PIN by his record's id ("" none);
    # None: the owner hands out none (then another session must confirm).
    seat_pin: SeatPin | None = None
    # Registered players of the owner's event who sit at no table of this list's round (a
    # tournament's active participants without a seat): the substitute form offers them
    # first, and a typed name that matches one of them (ignoring accents, case and
    # spacing) takes his record instead of making a new person. None: nobody is offered.
    substitute_candidates: Candidates | None = None

    def deadline(self, liste: Spielliste) -> datetime | None:
        """When time is up at this table: the owner's clock plus the referee's added time."""
        if self.clock_start is None:
            return None
        return self.clock_start + timedelta(minutes=self.minutes + liste.added_minutes)


Resolver = Callable[["Spielliste"], ListOwner | None]
_resolvers: list[Resolver] = []


def register(resolver: Resolver) -> None:
    if resolver not in _resolvers:
        _resolvers.append(resolver)


def owner_of(liste: Spielliste) -> ListOwner | None:
    for resolver in _resolvers:
        owner = resolver(liste)
        if owner is not None:
            return owner
    return None


@dataclass(frozen=True)
class OwnerFilter:
    """A kind of owner the list index can be filtered by ("Turnier"): registered by the
    owning app like a resolver, so the lists app still knows none of its owners."""

    param: str  # the query parameter on /listen/, e.g. "turnier"
    label: StrOrPromise  # the filter's label
    # (owner id, name) of the owners this account (or anonymous) may read, for the select
    choices: Callable[[Any], list[tuple[int, str]]]
    lists_of: Callable[[int], Q]  # the condition on Spielliste for one owner


_filters: list[OwnerFilter] = []


@dataclass(frozen=True)
class OwnerVisibility:
    """Which of a kind of owner's lists a reader may not see (members-only owners; a
    tournament's silent rounds before the ceremony), as conditions on Spielliste,
    registered like a resolver."""

    owned: Callable[[], Q]  # every list this kind of owner owns
    closed_to: Callable[[Any], Q]  # of those, the ones this account (or anonymous) may not read


_visibility: list[OwnerVisibility] = []


def register_visibility(visibility: OwnerVisibility) -> None:
    if visibility not in _visibility:
        _visibility.append(visibility)


def owner_visibilities() -> list[OwnerVisibility]:
    return list(_visibility)


def register_filter(owner_filter: OwnerFilter) -> None:
    if all(f.param != owner_filter.param for f in _filters):
        _filters.append(owner_filter)


def owner_filters() -> list[OwnerFilter]:
    return list(_filters)


def quick_rows_allowed(owner: ListOwner | None) -> bool:
    """Quick rows on a free list or a club evening's; tournaments and leagues enter every
    game in full (their lists play the TSR)."""
    return owner is None or owner.own_rules


@dataclass(frozen=True)
class Placement:
    """Where a list stands, as its statistics rows record it (``StatLine``): the kind of
    owner (``models.Owner``), its key (a tournament, an evening's club, a league), the
    list's date and its round or table number."""

    owner: str
    event_id: int | None
    day: date
    number: int | None = None


# The placements of those of the given lists an owner owns (one query), by list id.
Placer = Callable[[Sequence[int]], dict[int, Placement]]
_placers: list[Placer] = []


def register_placer(placer: Placer) -> None:
    if placer not in _placers:
        _placers.append(placer)


def placements(list_ids: Sequence[int]) -> dict[int, Placement]:
    """The placements of the owned lists among ``list_ids`` (one query an owner kind)."""
    found: dict[int, Placement] = {}
    for placer in _placers:
        rest = [pk for pk in list_ids if pk not in found]
        if not rest:
            break
        found |= placer(rest)
    return found
