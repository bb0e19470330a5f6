"""Where a list belongs (a tournament round today; league Spieltage and club evenings next).

The lists app knows none of its owners: an owning app registers a resolver in its
``AppConfig.ready`` and list pages ask ``owner_of`` for the link back and the reason a
frozen list is frozen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from league.lists.models import Spielliste


@dataclass(frozen=True)
class ListOwner:
    label: str  # "Runde 2, Tisch 3"
    url: str  # the owner's page for this list (the round board)
    frozen_note: str  # why a frozen list is frozen and who can reopen it
    table_label: str  # how a code holder is named in history: "Tisch 3"
    manager_ids: frozenset[int]  # accounts that manage the list through its owner (organisers)


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
