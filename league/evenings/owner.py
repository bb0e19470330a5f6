"""The club evening as a kind of list owner (``lists.owners.OwnerKind``, registered in
``registry``): where its tables' lists stand — the club, the evening's date, the table,
the club's season — how a player's pages name them and the statistics' season filter."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_lazy

from league.evenings.models import EveningTable
from league.evenings.selectors import list_owner, season_of
from league.lists.owners import Facet, OwnerKind, Place, PlacedList

# The key the evenings' placements store (``lists.models.Placement.owner``).
OWNER = "evening"


def season_label(year: int, start_month: int) -> str:
    """A club season as its members say it: "2026", or "2026/27" from a start in autumn."""
    return str(year) if start_month == 1 else f"{year}/{(year + 1) % 100:02d}"


def list_places(list_ids: Sequence[int]) -> dict[int, Place]:
    """Where the evenings' lists among ``list_ids`` stand: the evening's club, its date,
    the table's number, the club's season then (one query)."""
    rows = EveningTable.objects.filter(spielliste_id__in=list(list_ids)).values_list(
        "spielliste_id",
        "evening__club_id",
        "evening__club__name",
        "evening__date",
        "number",
        "evening__club__members_only",
        "evening__club__season_settings__start_month",
    )
    found: dict[int, Place] = {}
    for liste, club_id, club, day, number, members_only, start_month in rows:
        start = start_month or 1
        found[liste] = Place(
            club_id,
            club,
            day,
            table=number,
            members_only=members_only,
            season=season_label(season_of(day, start), start),
        )
    return found


def evening_list_ids(club_id: int) -> list[int]:
    return list(
        EveningTable.objects.filter(evening__club_id=club_id).values_list(
            "spielliste_id", flat=True
        )
    )


def _club(placed: PlacedList) -> str:
    return placed.club or placed.event  # the club's name now (a renamed club)


def _label(placed: PlacedList) -> str:
    return gettext("%(club)s, Vereinsabend %(date)s, Tisch %(table)s") % {
        "club": _club(placed),
        "date": f"{placed.day:%d.%m.%Y}",
        "table": placed.table,
    }


def _page_label(placed: PlacedList) -> str:
    return gettext("Vereinsabend %(club)s, Tisch %(n)s") % {
        "club": _club(placed),
        "n": placed.table,
    }


def _choice(placed: PlacedList) -> tuple[str, str]:
    return f"{placed.event_id}-{placed.season[:4]}", f"{_club(placed)} {placed.season}"


def owner_kind() -> OwnerKind:
    return OwnerKind(
        key=OWNER,
        resolve=list_owner,
        places=list_places,
        label=_label,
        page_label=_page_label,
        facet=Facet("saison", gettext_lazy("Vereinssaison"), order=10),
        choice=_choice,
    )
