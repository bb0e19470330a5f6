"""Request hygiene before any view runs, and the login page for a refused reader.

``PageParams``: the site's pages read ``?page=``/``?per_page=`` (django-tables2) and
``?seite=`` (the projector). A garbled value ("²", "-5", 25 digits) reaches no paginator: it
is dropped, so the page shows its default, the same as ``league.core.params.int_param`` does
for values a view reads itself. The API checks its own (league.api.pagination: 400).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from csp.middleware import CSPMiddleware
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.views.defaults import bad_request

from league.core.error_views import method_not_allowed
from league.core.params import int_param

# Names a page takes a number from, and the largest sensible value of each.
PAGE_PARAMS = {"page": 99_999, "seite": 99_999, "per_page": 500}


def _sane(name: str, value: str) -> bool:
    key = name.rsplit("-", 1)[-1]  # django-tables2 prefixes: "t1-page"
    limit = PAGE_PARAMS.get(key)
    return limit is None or 1 <= int_param(value, 0, digits=6) <= limit


class PageParams:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.GET and not request.path.startswith("/api/"):
            bad = [k for k, values in request.GET.lists() if not all(_sane(k, v) for v in values)]
            if bad:
                kept = request.GET.copy()
                for key in bad:
                    del kept[key]
                request.GET = QueryDict(kept.urlencode(), encoding=request.GET.encoding)
        return self.get_response(request)


class LoginRequired(Exception):
    """Raised by a page nobody may read without logging in (a members-only tournament's or
    club's): ``LoginOnRefusal`` answers with the login page, as api.md says for the site."""


class LoginOnRefusal:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, LoginRequired):
            return redirect_to_login(request.get_full_path())
        return None


class FormCharset:
    """A form body (``application/x-www-form-urlencoded``) is UTF-8 or nothing: Django refuses
    another declared charset only when a view first reads ``request.POST`` — in the CSRF check,
    whose 400 page reads it again and ends in a 500. Refused here, before anything reads it,
    with the plain 400 page (the API reads its own bodies: league.api.parsers)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.content_type == "application/x-www-form-urlencoded" and not (
            request.path.startswith("/api/")
        ):
            charset = (request.content_params or {}).get("charset")
            if charset is not None and charset.strip().lower() != "utf-8":
                # The page without the CSRF decorator: it would read the body again.
                page: Callable[[HttpRequest, Exception], HttpResponse] = inspect.unwrap(bad_request)
                return page(request, ValueError("charset"))
        return self.get_response(request)


class FramedNotAllowed:
    """A page address asked with a method it does not take (a form's POST-only address
    opened as a page) answers 405 in the site's frame, like 403 and 404, not the browser's
    bare "HTTP ERROR 405" (``require_POST`` answers with an empty body). The API keeps its
    own JSON answer (league.api.errors)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 405
            and not request.path.startswith("/api/")
            and not response.streaming
            and not response.content
        ):
            return method_not_allowed(request, response.get("Allow", ""))
        return response


class ContentSecurityPolicy(CSPMiddleware):
    """django-csp's header on every answer but a 304: a 304 has no body to protect, and the
    page it confirms keeps the header it came with. A live page's poll is a 304 while
    nothing changed, so the hall's phones mostly get one; building the policy for each was
    a measurable part of its cost (bench/cluster.py)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.status_code == 304:
            return response
        return super().process_response(request, response)
