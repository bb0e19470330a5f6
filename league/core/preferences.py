"""What a browser keeps for its reader without an account (issue 36, "for older players"):
the larger text, and pages' one-time hints seen ("So trägst du ein", league.lists).

- **Decision**: a cookie, not localStorage. The server reads it and writes the class on
  <html> (``base.html``), so the page is painted large from its first frame without any
  inline script (the CSP forbids one), and the switch works without JavaScript: its button
  is a form posting here. With JavaScript (static/js/prefs.js) the button switches at once
  and writes the same cookie, without a reload.
- Pages shared among strangers (league/core/shared_pages.py) keep a copy per text size
  (the cookie is part of the copy's key), and the ETags (league/core/conditional.viewer)
  name it, so a 304 never brings back a page of the other size. The live updates replace
  parts of <main>, never the class on <html>.
- The cookie is not HttpOnly: prefs.js writes it. It says nothing about anybody.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

TEXT_COOKIE = "doko_schrift"
LARGER = "gross"
KEPT = 400 * 24 * 3600  # seconds: a browser's cookies live at most 400 days
LARGER_CLASS = "larger-text"  # on <html>; static/css/site.css scales the root font by it


def larger_text(request: HttpRequest) -> bool:
    """The reader asked for the larger text in this browser."""
    return request.COOKIES.get(TEXT_COOKIE) == LARGER


def text_size_key(request: HttpRequest) -> str:
    """What of the text size a page's copy and ETag depend on."""
    return LARGER if larger_text(request) else ""


def preferences(request: HttpRequest) -> dict[str, Any]:
    """Context processor: the class base.html writes on <html>."""
    return {"larger_text": larger_text(request), "larger_class": LARGER_CLASS}


def back_to(request: HttpRequest, fallback: str = "/") -> str:
    """The page the form was on (``next``), if it is one of this site's."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def keep_cookie(response: HttpResponse, name: str, value: str | None) -> HttpResponse:
    """Set (or, with None, delete) a preference cookie for the whole site."""
    if value is None:
        response.delete_cookie(name, samesite="Lax")
    else:
        response.set_cookie(name, value, max_age=KEPT, samesite="Lax")
    return response


@require_POST
def text_size(request: HttpRequest) -> HttpResponse:
    """The switch's form without JavaScript: ``larger=1`` on, anything else off; back to the
    page it was on."""
    on = request.POST.get("larger") == "1"
    response = HttpResponseRedirect(back_to(request))
    return keep_cookie(response, TEXT_COOKIE, LARGER if on else None)
