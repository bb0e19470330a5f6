"""Who manages a club and who may read it (api.md): staff and the club's managers manage;
everybody reads, unless the club is members-only — then its members (accounts linked to
its player records), its managers and staff."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.audit import Actor
from league.core.models import AuditEntry
from league.core.private import readable_by_anyone


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


def club_readers(club: Club) -> frozenset[int] | None:
    """The accounts that read a members-only club (staff aside): its managers and its
    members with a linked account; None: everybody reads."""
    if not club.members_only:
        return None
    managers = club.managers.values_list("pk", flat=True)
    members = Player.objects.filter(club=club, account__isnull=False).values_list(
        "account_id", flat=True
    )
    return frozenset(managers) | frozenset(m for m in members if m is not None)


def club_reader_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A club's page (``pk`` names the club): a members-only club sends nobody to the
    login page and refuses anybody else who may not read it (403)."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        club = Club.objects.filter(pk=pk).only("pk", "members_only").first()
        if club is not None and not can_read_club(request.user, club):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        if club is not None and not club.members_only and not can_manage_club(request.user, club):
            # Anybody reads it and the visitor manages nothing there: the phone may keep it.
            readable_by_anyone(request)
        return view(request, pk, *args, **kwargs)

    return wrapped


def clubs_closed_to(user: User | AnonymousUser) -> Q:
    """The condition on Club of the clubs ``user`` may not read (querysets of lists and
    clubs filter with it, so an index never shows what the page would refuse)."""
    if not user.is_authenticated:
        return Q(members_only=True)
    if user.is_staff:
        return Q(pk__in=[])
    readable = Q(managers=user.pk) | Q(members__account=user.pk)
    return Q(members_only=True) & ~Q(pk__in=Club.objects.filter(readable).values("pk"))


def club_manager_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A club manager's action (``pk`` names the club; the view gets the club): nobody →
    the login page (back to the club's page); anybody else → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        club = get_object_or_404(Club, pk=pk)
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("club-detail", args=[pk]))
        if not can_manage_club(request.user, club):
            raise PermissionDenied
        return view(request, club, *args, **kwargs)

    return wrapped


def club_actor(request: HttpRequest) -> Actor:
    """The audit actor of a club manager's write (staff acting on a club too)."""
    return Actor(request.user, role=AuditEntry.Role.CLUB_MANAGER)
