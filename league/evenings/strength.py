"""Which club evenings count for the Spielstärke (rating.md): those of a club that switched
"Vereinsabende zählen zur Spielstärke" on, and of them only lists played by the TSR."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from league.evenings.models import EveningTable
from league.lists.models import Spielliste
from scoring.errors import RulesError
from scoring.rules import preset_name


def _by_tsr(liste: Spielliste) -> bool:
    try:
        return preset_name(liste.profile) == "tsr"
    except RulesError:  # stored rules that no longer read: not rated
        return False


def rated_lists(list_ids: Sequence[int]) -> set[int]:
    """Of the given lists, the opted-in clubs' evenings by the TSR (two queries). The
    club's setting is read along and tested here, not in the query: a filter on it lets
    the planner walk from the clubs through every evening (seconds at national scale
    when its statistics of the setting are stale; bench/ranking.py)."""
    candidates = [
        liste
        for liste, counts in EveningTable.objects.filter(
            spielliste_id__in=list(list_ids)
        ).values_list("spielliste_id", "evening__club__rating_evenings")
        if counts
    ]
    return {
        liste.pk
        for liste in Spielliste.objects.filter(pk__in=candidates).only("rules")
        if _by_tsr(liste)
    }


def evening_days(club_id: int) -> list[dt.date]:
    """The dates of the club's evenings (their figures change with the club's setting)."""
    return list(
        EveningTable.objects.filter(evening__club_id=club_id)
        .values_list("evening__date", flat=True)
        .distinct()
    )
