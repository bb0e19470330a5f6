"""Who manages a club (api.md): staff and the club's managers."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from league.clubs.models import Club


def can_manage_club(user: User | AnonymousUser, club: Club) -> bool:
    if not user.is_authenticated:
        return False
    return bool(user.is_staff) or club.managers.filter(pk=user.pk).exists()
