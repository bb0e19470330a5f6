"""Who writes a list, for pages and the API alike: ``writer_for(request, liste)`` asks
``league.lists.access`` once and owns what comes with a write's credentials — the table
code's session (a browser bound through ``/t/<code>/``, or an API client's opaque id), the
counter of wrong codes in the ``X-Tisch-Code`` header (too many: 429), and the CSRF check of
an API write made with a browser's session. Its refusals: nobody → the login (pages) or 401
(API), a wrong code → ``table_code_wrong``, anybody else without the right → 403."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.crypto import salted_hmac

from league.core.audit import Actor
from league.core.error_views import Withheld
from league.core.errors import ServiceError
from league.core.middleware import LoginRequired
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
from league.lists.selectors import ListeSnapshot, snapshots_of


@dataclass(frozen=True)
class ListWriter:
    """A write to a list by who may make it: the list (not replayed: the write replays it
    once, in its service), the visitor, his access and the audit actor services record."""

    liste: Spielliste
    visitor: Visitor
    access: ListAccess
    actor: Actor

    def snapshot(self) -> ListeSnapshot:
        """The list replayed as this writer sees it (names hidden from the public shown):
        to show it again with a refusal."""
        return snapshots_of([self.liste], reveal=self.access.writes)[0]


def api_session(request: HttpRequest) -> str:
    """The opaque id of an API client that uses a table code (api.md: one per browser or
    API client), from its address and User-Agent: the history tells two phones apart, and
    a confirmation must come from another client than the one that entered last."""
    raw = f"{client_key(request)}|{request.META.get('HTTP_USER_AGENT', '')}"
    return "api-" + salted_hmac("league.api.session", raw).hexdigest()[:16]


def code_exists(code: str | None) -> bool:
    """Is ``code`` some list's table code (of any round, open or closed)?"""
    return bool(code) and Spielliste.objects.filter(code=code).exists()


def visit(request: HttpRequest, liste: Spielliste, *, api: bool) -> tuple[Visitor, ListAccess]:
    """What the visitor may do with ``liste``. With ``api``, a code in the header that
    does not open the list counts as a failed attempt (the site's counter, shared with
    ``/t/<code>/``): too many are refused (429)."""
    visitor = visitor_of(request, api=api)
    header_code = visitor.code is not None and visitor.code_list is None
    key = client_key(request)
    if header_code:
        visitor = dataclasses.replace(visitor, session=api_session(request))
    if header_code and blocked(CODE_SCOPE, key, CODE_FAILURES_LIMIT):
        raise ServiceError("table_code_blocked", {"wait": CODE_FAILURES_WINDOW})
    access = list_access(visitor, liste)
    if header_code and access.role is None and not code_exists(visitor.code):
        # Only a guess counts: a table's real code used to read other tables is no failure
        # (it would lock the phone out of its own list).
        record_failure(CODE_SCOPE, key, CODE_FAILURES_WINDOW)
    return visitor, access


def writer_for(request: HttpRequest, liste: Spielliste, *, api: bool = False) -> ListWriter:
    """The right to write ``liste``, or the refusal (raised): a page's visitor who may not
    even read it gets what reading pages give (``Withheld`` for a silent round)."""
    visitor, access = visit(request, liste, api=api)
    if access.role is None:
        if not api and not access.reads and access.owner is not None and access.owner.silent:
            raise Withheld("silent_round_list")  # until the prize ceremony
        if api and visitor.code is not None:
            raise ServiceError("table_code_wrong")
        if not visitor.user.is_authenticated and visitor.code is None:
            raise LoginRequired
        raise PermissionDenied
    if api and visitor.code_list is not None and access.role == Role.TABLE:
        # A browser bound to the list through /t/<code>/ writes to the API with its
        # session: the CSRF check its pages get from the middleware.
        _enforce_csrf(request)
    return ListWriter(liste, visitor, access, actor_for(visitor, access))


def _enforce_csrf(request: HttpRequest) -> None:
    check = CsrfViewMiddleware(_no_response)
    check.process_request(request)
    if check.process_view(request, _no_response, (), {}) is not None:
        raise ServiceError("csrf_failed")


def _no_response(request: HttpRequest) -> HttpResponse:
    raise AssertionError  # the CSRF check never calls the view it guards here
