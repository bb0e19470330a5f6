"""Reads of clubs and players."""

from __future__ import annotations

from league.clubs.models import Club, Player

NAME_CHOICES_LIMIT = 2000


def player_name_choices(*, limit: int = NAME_CHOICES_LIMIT) -> list[str]:
    """Player names for name completion (forms that register or seat players), sorted;
    a player who asked not to be named publicly is never offered (1 query)."""
    names = (
        Player.objects.filter(hide_name=False, rehearsal=False)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()
    )
    return list(names[:limit])


def member_choices(*, club: Club) -> list[tuple[int, str]]:
    """The club's members for a form that picks them: (id, name), by name (1 query)."""
    return list(club.members.order_by("name").values_list("pk", "name"))
