"""Who sets the link to the federation's site and fetches its register: staff (on a venue
laptop, the organiser's own account made at first start is a superuser). Publishing a
tournament is for its organisers (league.tournaments.access)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse


def can_link_site(user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(user.is_authenticated and getattr(user, "is_staff", False))


def link_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Nobody → the login page; anybody but staff → 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_link_site(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped
