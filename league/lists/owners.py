"""Where a list belongs: a tournament round, a league Spieltag or a club evening.

The lists app knows none of its owners: an owning app (``tournaments``, ``leagues``,
``evenings``) registers an ``OwnerKind`` in its ``AppConfig.ready`` and writes each of its
lists' ``Place`` (``lists.placement.place_lists``, stored as ``models.Placement``). List
pages ask ``owner_of`` — one lookup of the placement, then the one kind's resolver — for
the link back, who manages the list (``lists.access``) and the reason a frozen list is
frozen; a player's statistics and page read the placement by one join and ask the kind
for a list's name and its statistics facet (``label``, ``facet``). Besides: a filter for
the list index and, for members-only owners, which lists a reader may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ObjectDoesNotExist

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
    # A practice run (a tournament's Probelauf): the list's page says so on top.
    rehearsal: bool = False

    def deadline(self, liste: Spielliste) -> datetime | None:
        """When time is up at this table: the owner's clock plus the referee's added time."""
        if self.clock_start is None:
            return None
        return self.clock_start + timedelta(minutes=self.minutes + liste.added_minutes)


Resolver = Callable[["Spielliste"], ListOwner | None]


def owner_of(liste: Spielliste) -> ListOwner | None:
    """The owner of ``liste`` (None: a free list): its placement looked up (one query, none
    when loaded with ``select_related("placement")`` or asked before), then its kind's
    resolver."""
    try:
        placement = liste.placement
    except ObjectDoesNotExist:  # cached as None on the list: asked once
        return None
    kind = _kinds.get(placement.owner)
    return kind.resolve(liste) if kind is not None else None


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
class Place:
    """Where one list stands, as its owner writes it (``models.Placement``; the owner's
    kind is its ``OwnerKind.key``): the event's key and name, the list's date, its round
    or Spieltag and table number, whether a reader may be refused it, the event's season
    and whether somebody vouched for the event (else its games count only in the player's
    own statistics); ``rehearsal``: a practice run (a tournament's Probelauf) whose lists
    count nowhere (no statistics, player page, Spielstärke or open data)."""

    event_id: int
    event: str
    day: date
    number: int | None = None
    table: int | None = None
    members_only: bool = False
    season: str = ""
    vouched: bool = True
    rehearsal: bool = False


@dataclass(frozen=True)
class PlacedList:
    """One list of a player's as his statistics and page read it: its placement (a free
    list: ``owner`` "" and no event), its title and its club's name (read live)."""

    liste_id: int
    title: str
    day: date
    owner: str = ""
    event_id: int | None = None
    event: str = ""
    number: int | None = None
    table: int | None = None
    season: str = ""
    club: str = ""


@dataclass(frozen=True)
class Facet:
    """How a player's statistics can be narrowed to one of a kind's events or seasons:
    the query parameter (``turnier``), the select's label and its place among the
    selects."""

    param: str
    label: StrOrPromise
    order: int = 0


# The placements of those of the given lists a kind owns (one query), by list id: what a
# restore or a rebuild asks of every kind (``lists.placement.places_rebuild``).
Placer = Callable[[Sequence[int]], "dict[int, Place]"]


@dataclass(frozen=True)
class OwnerKind:
    """A kind of list owner, registered by its app (``register_kind``).

    ``key``: what its placements store; ``resolve``: the owner of one of its lists (the
    link back, managers, clock …); ``places``: where its lists among the given ones stand,
    from its own rows; ``label``: a list's name in a player's statistics (and in the API);
    ``page_label``: its name on the player's page (None: the list's title); ``facet`` and
    ``choice``: the statistics filter it offers and the (value, label) of a list's event
    or season in it."""

    key: str
    resolve: Resolver
    places: Placer
    label: Callable[[PlacedList], str]
    page_label: Callable[[PlacedList], str] | None = None
    facet: Facet | None = None
    choice: Callable[[PlacedList], tuple[str, str]] | None = None


_kinds: dict[str, OwnerKind] = {}


def register_kind(kind: OwnerKind) -> None:
    """Register ``kind`` (again: ``ready`` may run twice in tests; the last one holds)."""
    _kinds[kind.key] = kind


def kind_of(key: str) -> OwnerKind | None:
    return _kinds.get(key)


def owner_kinds() -> list[OwnerKind]:
    return list(_kinds.values())


def facets() -> list[tuple[Facet, OwnerKind]]:
    """The statistics' facets the kinds offer, in their order."""
    found: list[tuple[Facet, OwnerKind]] = []
    for kind in _kinds.values():
        if kind.facet is not None:
            found.append((kind.facet, kind))
    return sorted(found, key=lambda pair: pair[0].order)
