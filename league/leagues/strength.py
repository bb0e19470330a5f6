"""Which of a league's lists count for the Spielstärke (rating.md): all of them
(``lists.strength`` checks that each is over, whole and of 4 or 5)."""

from __future__ import annotations

from collections.abc import Sequence

from league.leagues.models import SpieltagTable


def rated_lists(list_ids: Sequence[int]) -> set[int]:
    return set(
        SpieltagTable.objects.filter(spielliste_id__in=list(list_ids)).values_list(
            "spielliste_id", flat=True
        )
    )
