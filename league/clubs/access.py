"""Who manages a club and who may read it (api.md): staff and the club's managers manage;
everybody reads, unless the club is members-only — then its members (accounts linked to
its player records), its managers and staff."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q

from league.clubs.models import Club, Player


def can_manage_club(user: User | AnonymousUser, club: Club) -> bool:
    if not user.is_authenticated:
        return False
    return bool(user.is_staff) or club.managers.filter(pk=user.pk).exists()


def can_read_club(user: User | AnonymousUser, club: Club) -> bool:
    if not club.members_only:
        return True
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    member = Player.objects.filter(club=club, account_id=user.pk).exists()
    return member or club.managers.filter(pk=user.pk).exists()


def clubs_closed_to(user: User | AnonymousUser) -> Q:
    """The condition on Club of the clubs ``user`` may not read (querysets of lists and
    clubs filter with it, so an index never shows what the page would refuse)."""
    if not user.is_authenticated:
        return Q(members_only=True)
    if user.is_staff:
        return Q(pk__in=[])
    readable = Q(managers=user.pk) | Q(members__account=user.pk)
    return Q(members_only=True) & ~Q(pk__in=Club.objects.filter(readable).values("pk"))
