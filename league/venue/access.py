"""Who sees the venue's health page and prints the poster: staff, and whoever organises a
tournament (league.tournaments.access.organised_by); an organiser sees his tournaments'
tables only. The one check the venue's pages use."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from league.tournaments.access import organised_by


def can_watch_venue(user: User | AnonymousUser) -> bool:
    if not user.is_authenticated:
        return False
    return bool(user.is_staff) or organised_by(user).exists()


def venue_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Nobody → the login page; anybody not allowed → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_watch_venue(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped
