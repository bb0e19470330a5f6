"""Who may write through the API: the site's own helpers (league.lists.access,
league.tournaments.access) asked per object; refusals as api.md says — nobody → 401, a
wrong, renewed or other list's code, or an account without the right → 403."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.crypto import salted_hmac
from rest_framework import exceptions
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from league.api.authentication import SessionAuthentication
from league.clubs.access import can_read_club
from league.clubs.models import Club
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.core.throttle import blocked, client_key, record_failure
from league.lists.access import (
    CODE_FAILURES_LIMIT,
    CODE_FAILURES_WINDOW,
    CODE_SCOPE,
    ListAccess,
    Role,
    Visitor,
    actor_for,
    list_access,
    visitor_of,
)
from league.lists.models import Spielliste
from league.tournaments.access import can_read_tournament
from league.tournaments.models import Tournament


def django_request(request: Request) -> HttpRequest:
    """The request underneath; DRF has set its ``user`` to the authenticated account."""
    return request._request


class HasCredentials(BasePermission):
    """Writes need an account or a table code; whether they suffice is asked per list."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        if request.method in SAFE_METHODS:
            return True
        visitor = visitor_of(django_request(request), api=True)
        return bool(visitor.user.is_authenticated or visitor.code is not None)


@dataclass(frozen=True)
class Writer:
    """Who writes a list, and the audit actor services record."""

    visitor: Visitor
    access: ListAccess
    actor: Actor


def api_session(req: HttpRequest) -> str:
    """The opaque id of an API client that uses a table code (api.md: one per browser or
    API client), from its address and User-Agent: the history tells two phones apart, and
    a confirmation must come from another client than the one that entered last."""
    raw = f"{client_key(req)}|{req.META.get('HTTP_USER_AGENT', '')}"
    return "api-" + salted_hmac("league.api.session", raw).hexdigest()[:16]


def _access(request: Request, liste: Spielliste) -> tuple[Visitor, ListAccess]:
    """What the visitor may do with ``liste``. A code in the header that does not open the
    list counts as a failed attempt (the site's counter): too many are refused (429)."""
    req = django_request(request)
    visitor = visitor_of(req, api=True)
    header_code = visitor.code is not None and visitor.code_list is None
    key = client_key(req)
    if header_code:
        visitor = dataclasses.replace(visitor, session=api_session(req))
    if header_code and blocked(CODE_SCOPE, key, CODE_FAILURES_LIMIT):
        raise ServiceError("table_code_blocked", {"wait": CODE_FAILURES_WINDOW})
    access = list_access(visitor, liste)
    if header_code and access.role is None and not code_exists(visitor.code):
        # Only a guess counts: a table's real code used to read other tables is no failure
        # (it would lock the phone out of its own list).
        record_failure(CODE_SCOPE, key, CODE_FAILURES_WINDOW)
    return visitor, access


def list_reader(request: Request, liste: Spielliste) -> ListAccess:
    """Reading is public unless the list's tournament or club is members-only (then 401
    for nobody, 403 for others); the access decides what the answer shows (code, names)."""
    visitor, access = _access(request, liste)
    if not access.reads:
        _refuse_reader(visitor.user.is_authenticated or visitor.code is not None)
    return access


def tournament_reader(request: Request, tournament: Tournament) -> None:
    """A members-only tournament's answers: only for who may read it (api.md)."""
    if not can_read_tournament(request.user, tournament):
        _refuse_reader(request.user.is_authenticated)


def club_reader(request: Request, club: Club) -> None:
    """A members-only club's answers: only for its members, managers and staff (api.md)."""
    if not can_read_club(request.user, club):
        _refuse_reader(request.user.is_authenticated)


def _refuse_reader(known: bool) -> None:
    if not known:
        raise exceptions.NotAuthenticated()
    raise ServiceError("permission_denied")


def list_writer(request: Request, liste: Spielliste) -> Writer:
    """The right to write ``liste``, or the refusal."""
    visitor, access = _access(request, liste)
    if access.role is None:
        if visitor.code is not None:
            raise ServiceError("table_code_wrong")
        if not visitor.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        raise ServiceError("permission_denied")
    if visitor.code_list is not None and access.role == Role.TABLE:
        # A browser bound to the list through /t/<code>/ writes with its session: CSRF.
        SessionAuthentication().enforce_csrf(request)
    return Writer(visitor, access, actor_for(visitor, access))


def code_exists(code: str | None) -> bool:
    """Is ``code`` some list's table code (of any round, open or closed)?"""
    return bool(code) and Spielliste.objects.filter(code=code).exists()
