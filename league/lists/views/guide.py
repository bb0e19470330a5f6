""" "So trägst du ein" (issue 36, older players): a short guide above a list's entry form,
open by itself on the first visit of a table code in this browser, and again from the
form's "Anleitung" link.

- **Decision**: "seen" is a cookie (league/core/preferences.py), so the guide opens or stays
  closed from the server's page, with and without JavaScript; "Verstanden" is a form posting
  here (static/js/guide.js closes it at once and writes the same cookie).
- It opens by itself only for a table's code (the phone at the table); an organiser or
  Listenführer with an account opens it from the link. ``?anleitung`` opens it too (the
  link without JavaScript).
- The guide sits inside the list's live part of the form; live.js leaves it as the reader
  left it (``data-guide``), whatever the next answer says.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.views.decorators.http import require_POST

from league.core.preferences import back_to, keep_cookie
from league.lists.access import ListAccess, Role

GUIDE_COOKIE = "doko_anleitung"
SEEN = "gesehen"
ASKED = "anleitung"  # the query parameter of the "Anleitung" link


def guide_open(request: HttpRequest, access: ListAccess) -> bool:
    """Whether the page shows the guide open: asked for, or a table code's first visit."""
    if ASKED in request.GET:
        return True
    return access.role == Role.TABLE and request.COOKIES.get(GUIDE_COOKIE) != SEEN


@require_POST
def guide_seen(request: HttpRequest) -> HttpResponse:
    """ "Verstanden" without JavaScript: the guide stays closed in this browser."""
    response = HttpResponseRedirect(back_to(request))
    return keep_cookie(response, GUIDE_COOKIE, SEEN)
