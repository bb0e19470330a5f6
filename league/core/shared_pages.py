"""Public pages rendered once per version and served to every stranger from the shared cache.

On the federation's site a thousand followers read the same standings, player pages, league
tables and round boards; each used to render its own copy whenever the page changed. A page
with a version (``league.core.live.live``, ``league.core.conditional.conditional``) asked
for by a *stranger* — no session, no message waiting — is now rendered once per version,
language, address and minute, kept in the shared cache (Redis across instances,
settings.CACHES) and served from there to every other stranger on every instance
(federation.md "More than one machine": rendered once per version).

- **Decision**: only strangers share a copy. Whoever has a session (an account, a table code,
  a language chosen in the session) may see buttons, forms or hidden rows of his own and
  gets his own rendering, as before; so does a visit with a message waiting.
- **Decision**: the two things of the reader's own in a stranger's page — the CSRF token
  (``base.html`` puts it on <body>; forms carry it too) and the live tag (``data-live-tag``,
  a digest of the reader's CSRF cookie) — are stored as placeholders and filled in for each
  reader. A page without the token on <body> (not from base.html) is not shared.
- **Decision**: the minute is part of the key, so what a page says relative to now (a round's
  minutes left, "vor 5 Minuten") is never more than a minute old for a new reader; the page's
  scripts count on from there as they do after a 304.
- Only 200 answers with HTML and no cookie of their own are kept. A page with no CSRF token
  at all (the projector: no form, not from base.html) is kept as it is; one with the token
  anywhere but <body>'s attribute is not kept.
- **Decision** (timeless pages): a page that says nothing relative to now (standings, a
  player's page: ``served(..., timeless=True)``) leaves the minute out of its key. A hall
  of followers reads 170 player pages, a few times a minute each: with the minute in the
  key most of their visits rendered the page again although nothing had changed.
- Each process also keeps the newest copy of each address it served or rendered, so a page
  whose version moves on every second (the standings at 42 tables) is handed out from
  memory within ``EVERY`` without asking the shared cache.
- Each process keeps the last ``LOCAL`` copies it served in memory as well: the key names
  the version and the minute, so a copy never changes, and the next reader of the same page
  on this process costs no round trip to Redis (most readers of a hall ask for a handful of
  pages).
- The reader's text size (a cookie, league/core/preferences.py: the class on <html>) is
  part of the key: a stranger with the larger text gets the copy with it, never the other.
- **Decision** (single flight): when a page's version moves on (or its minute does), one
  reader renders the new version (a lock in the shared cache, so one per page across every
  instance) while the others get the newest copy kept for that address, if it is at most
  ``STALE`` seconds old, with that copy's own tag — so their next poll asks again and gets
  the new one. Without it
  every phone whose poll arrived during the rendering rendered too: under load a rendering
  takes longer, more polls arrive meanwhile, and the hall's standings were rendered once per
  reader (bench/cluster.py at 10x the DEM's pace). A reader waits for nobody: with no copy
  young enough he renders his own.
- **Decision** (at most every ``EVERY`` seconds): a copy younger than that is handed out
  even when the version moved on, so a page is rendered for strangers at most once per
  1.5 s however fast 42 tables save (the standings, board and projector changed with every
  save). A phone learns of a save at most 1.5 s later than it would have (polls every 3 s;
  the goal is under 5 s from save to page).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from league.core.kept import Kept
from league.core.preferences import text_size_key

TIMEOUT = 120  # seconds: a copy outlives its minute only to bridge the minute's turn
STALE = 20  # seconds: how old the newest copy may be that others get while one renders
EVERY = 1.5  # seconds: a page is rendered for strangers at most this often
RENDERING = 15  # seconds: the single-flight lock's lifetime (a rendering that died)
SERVED = "shared_version"  # the request's attribute: the version its answer shows
LOCAL = 256  # copies kept in this process's memory besides the shared cache

# A copy (content, content type) by its key; the newest copy of an address (version, time,
# content, content type) by the address's key.
_local: Kept[tuple[Any, ...]] = Kept(LOCAL)
_local_get = _local.get
_local_put = _local.put


def forget() -> None:
    """Drop this process's copies (tests start again at the same versions)."""
    _local.clear()


_TOKEN = re.compile(rb'"X-CSRFToken": "([A-Za-z0-9]{32,64})"')
CSRF_HOLE = b"\x00csrf\x00"
TAG_HOLE = b"\x00live-tag\x00"


def shareable(request: HttpRequest) -> bool:
    """A stranger's GET: no session cookie, no message waiting, sharing switched on."""
    if not getattr(settings, "SHARED_PAGES", True) or request.method not in ("GET", "HEAD"):
        return False
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
        return False
    user = getattr(request, "user", None)
    return user is None or not user.is_authenticated


def _key(request: HttpRequest, version: str | None, *more: Any, timeless: bool = False) -> str:
    """The copy of ``version`` (this minute's, unless ``timeless``); with None, the newest
    copy of any version."""
    minute = int(time.time() // 60) if version is not None and not timeless else None
    # An htmx request for the same address asks for a part, not the page.
    parts = (
        version,
        request.get_full_path(),
        get_language(),
        minute,
        request.headers.get("HX-Request", ""),
        text_size_key(request),  # the class on <html> (league/core/preferences.py)
        *more,
    )
    return "shared-page:" + hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def served_version(request: HttpRequest, asked: str) -> str:
    """The version the answer to ``request`` shows: ``asked``, or an older one while another
    reader renders ``asked`` (its tag, so the next poll asks again)."""
    return str(getattr(request, SERVED, None) or asked)


LIVE_TAG = "live_tag"  # the request's attribute base.html writes as data-live-tag


def live_tag_set(request: HttpRequest, tag: str) -> None:
    """The live tag of the page rendered for ``request`` (its first poll is a 304 then)."""
    setattr(request, LIVE_TAG, tag)


def live_tag_of(request: HttpRequest) -> str:
    return str(getattr(request, LIVE_TAG, "") or "")


def served(
    request: HttpRequest,
    version: str,
    render: Callable[[], Any],
    live_tag: Callable[[str], str] | None = None,
    *more: Any,
    timeless: bool = False,
) -> Any:
    """The page for ``request`` at ``version``: from the shared copy when a stranger asks
    and one is there, else ``render()`` (kept for the next stranger when it can be) — or,
    while another reader renders it, the newest copy kept (``served_version`` says which).
    ``live_tag(version)`` gives this reader's live tag (after his CSRF cookie is known);
    ``timeless``: the page says nothing relative to now (its copy is not per minute)."""
    if not shareable(request):
        return render()
    key = _key(request, version, *more, timeless=timeless)
    newest = _key(request, None, *more)
    found = _local_get(key)
    if found is None:
        # This process's newest copy of the address, if young enough to serve any version.
        mine = _local_get(newest)
        if mine is not None and time.time() - float(mine[1]) < EVERY:
            if mine[0] != version:
                version = str(mine[0])
                setattr(request, SERVED, version)
            found = mine[2:]
    if found is None:
        found = cache.get(key)
        if found is not None:
            _local_put(key, found)
    if found is None:
        older = cache.get(newest)
        if older is not None:
            _local_put(newest, older)
        age = time.time() - older[1] if older is not None else STALE
        # A copy younger than EVERY serves every version (one rendering per page and
        # EVERY at most, however fast the hall saves); an older one only while somebody
        # renders this one — a new version, or the same at a minute's turn.
        if older is not None and (
            (older[0] != version and age < EVERY)
            or (age < STALE and not cache.add(f"{key}:rendering", 1, RENDERING))
        ):
            version, found = older[0], older[2:]
            setattr(request, SERVED, version)
    if found is not None:
        content, content_type = found
        token = get_token(request).encode()  # sets the CSRF cookie for a new reader
        tag = live_tag(version).encode() if live_tag else b""
        live_tag_set(request, tag.decode())  # for the ETag
        body = bytes(content).replace(CSRF_HOLE, token).replace(TAG_HOLE, tag)
        return HttpResponse(body, content_type=content_type)
    response = render()
    kept = _keep(request, key, response)
    if kept is not None:
        copy = (version, time.time(), *kept)
        cache.set(newest, copy, TIMEOUT)
        _local_put(newest, copy)
    return response


def _keep(request: HttpRequest, key: str, response: Any) -> tuple[bytes, str] | None:
    if (
        not isinstance(response, HttpResponse)
        or response.status_code != 200
        or response.streaming
        or response.cookies
        or not str(response.get("Content-Type", "")).startswith("text/html")
    ):
        return None
    content = bytes(response.content)
    token = _TOKEN.search(content)
    if token is not None:
        content = content.replace(token.group(1), CSRF_HOLE)
    elif b"csrfmiddlewaretoken" in content:
        return None  # a form with the reader's token outside <body>'s attribute
    tag = live_tag_of(request)
    if tag:
        content = content.replace(tag.encode(), TAG_HOLE)
    kept = (content, str(response["Content-Type"]))
    cache.set(key, kept, TIMEOUT)
    _local_put(key, kept)
    return kept
