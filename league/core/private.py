"""What a phone may keep: ``Cache-Control: private, no-store`` on every answer not everyone
may read, and a per-account tag the pages compare (static/js/live.js, outbox.js).

The rule (issue 29): an answer to a visitor who brings something of his own — an account
(a session's or an API token's), a table code bound to his session or in the API's
``X-Tisch-Code`` header — is ``no-store`` unless the view said that the
anonymous visitor would read the same (``readable_by_anyone``). Forgetting to say so costs
an offline copy, never a leak. An anonymous visitor without a code gets only what anybody
gets, so his answers stay as they are. ``no-store`` keeps the HTTP cache and the service
worker (league/core/templates/core/sw.js) from storing the page; the live pages' polls
are unaffected: live.js keeps the ETag itself and asks with ``cache: "no-store"``.

The account tag (cookie ``doko_account``, readable by the page's scripts): a digest of the
account's id (``-`` for nobody), set on every answer whose request carried another. A
page that finds a tag other than the one its browser stored drops the service worker's
copies and the outbox entries of the previous account — whether he logged out, another
account logged in, or the session simply ended.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac

ACCOUNT_COOKIE = "doko_account"
NOBODY = "-"
_FLAG = "_doko_readable_by_anyone"
TABLE_SESSION_KEY = "tisch"  # league.lists.access.SESSION_KEY (core imports no app)


def readable_by_anyone(request: HttpRequest, yes: bool = True) -> None:
    """The view's answer shows nothing the anonymous visitor would not see: the phone may
    keep it."""
    setattr(request, _FLAG, yes)


def account_tag(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return NOBODY
    return salted_hmac("doko-account", str(user.pk)).hexdigest()[:16]


def _brings_own(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return True
    if request.META.get("HTTP_X_TISCH_CODE"):  # an API client's table code
        return True
    session = getattr(request, "session", None)
    return session is not None and session.get(TABLE_SESSION_KEY) is not None


class PrivatePages:
    """``no-store`` on the answers a visitor got for being who he is; the account tag."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.method in ("GET", "HEAD")
            and _brings_own(request)
            and not getattr(request, _FLAG, False)
        ):
            patch_cache_control(response, private=True, no_store=True)
        tag = account_tag(request)
        if request.COOKIES.get(ACCOUNT_COOKIE) != tag:
            response.set_cookie(ACCOUNT_COOKIE, tag, samesite="Lax")
        return response
