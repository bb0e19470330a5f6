"""The league as a kind of list owner (``lists.owners.OwnerKind``, registered in apps.py):
where its Spieltage's lists stand — the league and its season, the list's own date (as
its page shows it), the Spieltag and table — how a player's statistics name them and the
statistics' league filter."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy

from league.leagues.models import SpieltagTable
from league.leagues.selectors import list_owner
from league.lists.owners import Facet, OwnerKind, Place, PlacedList

# The key the leagues' placements store (``lists.models.Placement.owner``).
OWNER = "league"


def list_places(list_ids: Sequence[int]) -> dict[int, Place]:
    """Where the leagues' lists among ``list_ids`` stand (one query)."""
    rows = SpieltagTable.objects.filter(spielliste_id__in=list(list_ids)).values_list(
        "spielliste_id",
        "spieltag__group__group_round__league_id",
        "spieltag__group__group_round__league__name",
        "spieltag__group__group_round__league__season",
        "spielliste__created_at",
        "spieltag__number",
        "table",
    )
    return {
        liste: Place(league_id, name, created_at.date(), number, table, season=season)
        for liste, league_id, name, season, created_at, number, table in rows
    }


def _label(placed: PlacedList) -> str:
    return f"{placed.event}: {placed.title}"


def _choice(placed: PlacedList) -> tuple[str, str]:
    return str(placed.event_id), f"{placed.event} {placed.season}"


def owner_kind() -> OwnerKind:
    return OwnerKind(
        key=OWNER,
        resolve=list_owner,
        places=list_places,
        label=_label,
        facet=Facet("liga", gettext_lazy("Liga"), order=30),
        choice=_choice,
    )
