"""Who organises a tournament (api.md): staff, and its organisers — the creator first, then
whoever an organiser adds. The one check every tournament page and API endpoint uses."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from league.core.audit import Actor
from league.core.models import AuditEntry
from league.tournaments.models import Tournament


def can_organise(user: User | AnonymousUser, tournament: Tournament) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return tournament.organisers.filter(pk=user.pk).exists()


def organised_by(user: User | AnonymousUser) -> QuerySet[Tournament]:
    """The tournaments ``user`` organises (all for staff, none for anonymous)."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    if user.is_staff:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(organisers=user)).distinct()


def organiser_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view gets the tournament ``pk`` names, if the visitor organises it: nobody →
    the login page; anybody else → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        tournament = get_object_or_404(Tournament, pk=pk)
        if not can_organise(request.user, tournament):
            raise PermissionDenied
        return view(request, pk, *args, **kwargs)

    return wrapped


def organiser_actor(request: HttpRequest) -> Actor:
    """The audit actor of an organiser's write ("Turnierleitung", or staff)."""
    return organiser_actor_of(request.user)


def organiser_actor_of(user: AbstractBaseUser | AnonymousUser) -> Actor:
    staff = bool(getattr(user, "is_staff", False))
    role = AuditEntry.Role.STAFF if staff else AuditEntry.Role.ORGANISER
    return Actor(user, role=role)
