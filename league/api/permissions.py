"""Who may read and write through the API: the site's own helpers (league.lists.access and
league.lists.writers, league.tournaments.access) asked per object; refusals as api.md says —
nobody → 401, a wrong, renewed or other list's code, or an account without the right → 403."""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework import exceptions
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from league.clubs.access import can_read_club
from league.clubs.models import Club
from league.core.errors import ServiceError
from league.lists.access import (
    ListAccess,
    Visitor,
    visitor_of,
)
from league.lists.models import Spielliste
from league.lists.writers import ListWriter, visit, writer_for
from league.tournaments.access import can_organise, can_read_tournament
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


def _access(request: Request, liste: Spielliste) -> tuple[Visitor, ListAccess]:
    """What the visitor may do with ``liste`` (its header code counted: league.lists.writers)."""
    return visit(django_request(request), liste, api=True)


def list_reader(request: Request, liste: Spielliste) -> ListAccess:
    """Reading is public unless the list's tournament or club is members-only (then 401
    for nobody, 403 for others); the access decides what the answer shows (code, names)."""
    visitor, access = _access(request, liste)
    if not access.reads:
        _refuse_reader(visitor.user.is_authenticated or visitor.code is not None)
    return access


def tournament_reader(request: Request, tournament: Tournament) -> None:
    """A members-only tournament's answers: only for who may read it (api.md). A
    Probelauf does not exist for anybody but its organisers and staff (404)."""
    if tournament.rehearsal and not can_organise(request.user, tournament):
        raise ServiceError("not_found")
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


def list_writer(request: Request, liste: Spielliste) -> ListWriter:
    """The right to write ``liste``, or the refusal: the site's one ``writer_for``."""
    return writer_for(django_request(request), liste, api=True)
