"""Live pages: every page a phone keeps open in the hall asks again every few seconds
(static/js/live.js, with the header ``X-Live: 1`` and the ETag it got last) and gets a 304
from one cheap version query while nothing changed, or the new page when something did.

Why polling and not a push channel: DEVELOPING.md "Live pages" (measured with
bench/load.py). Only the poll is conditional: a normal visit always renders (so a message
waiting for the next page is never swallowed by a 304).

A page names what it depends on with a version function ``version_of(request, *args,
**kwargs) -> str | None`` (None: no such object, the view answers or refuses). The
functions here give the two versions most pages use:

- ``site_version()``: the newest entry of the audit log. Every write of the site leaves
  one (services.py), so any change anywhere changes it; one index lookup.
- ``organiser_version()``: the newest audit entry that is not a list's (an organiser's
  change: a round started, a name corrected); a list's page adds its own row to it
  (``league.lists.selectors.list_live_version``), so the other tables' games leave it
  unchanged.

A visit carries the tag it would have had as a poll (``data-live-tag`` on <main>), so the
page's first poll is a 304 as well while nothing changed. A 304 reveals nothing: it needs
the ETag of a page the same account (and CSRF cookie) got, and the tag is a digest.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import gettext

from league.core.conditional import digest, etag, revalidate
from league.core.models import AuditEntry
from league.core.shared_pages import live_tag_set, served, served_version

HEADER = "HTTP_X_LIVE"
LIST_TARGET = "lists.spielliste"

VersionOf = Callable[..., "str | None"]


def is_poll(request: HttpRequest) -> bool:
    """A live page's poll (not a visit)."""
    return request.method in ("GET", "HEAD") and bool(request.META.get(HEADER))


def site_version() -> str:
    """The newest audit entry's id: changes with every write anywhere."""
    newest = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first()
    return str(newest or 0)


def organiser_newest() -> QuerySet[AuditEntry, int]:
    """The newest audit entry's id that is not a list's own (games, penalties, time calls),
    as a query to use as a subquery."""
    return (
        AuditEntry.objects.exclude(target=LIST_TARGET)
        .order_by("-pk")
        .values_list("pk", flat=True)[:1]
    )


def organiser_version() -> str:
    """The newest audit entry that is not a list's own."""
    return str(organiser_newest().first() or 0)


def live(
    version_of: VersionOf, *, timeless: bool = False
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A page kept current by live.js: its poll (``X-Live``) gets a 304 while
    ``version_of(request, *args, **kwargs)`` and the viewer are unchanged, else the page
    with an ETag. Visits are not touched. ``timeless``: the page says nothing relative to
    now (no clock, no "vor 5 Minuten"), so strangers' shared copy is not renewed each
    minute (league/core/shared_pages.py)."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            version = version_of(request, *args, **kwargs)
            if version is None:
                return view(request, *args, **kwargs)

            def render() -> Any:
                return view(request, *args, **kwargs)

            def tag_of(shown: str) -> str:
                return etag(request, shown, "live")

            if not is_poll(request):
                # The page carries its tag (base.html, data-live-tag): its first poll is a
                # 304 too, not a second rendering of the page just rendered.
                live_tag_set(request, tag_of(version))
                # Strangers share one rendering per version (league/core/shared_pages.py).
                return served(request, version, render, tag_of, "live", timeless=timeless)
            tag = f'"{tag_of(version)}"'
            if tag in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", "")):
                return _mark(HttpResponseNotModified(), tag)
            response = served(request, version, render, tag_of, "live", timeless=timeless)
            if isinstance(response, HttpResponse) and response.status_code == 200:
                # Rendering may have set a new CSRF cookie: the tag names the one the next
                # poll carries — and the version the answer shows (an older copy while
                # another reader renders this one: the next poll asks again).
                _mark(response, f'"{tag_of(served_version(request, version))}"')
            return response

        return wrapped

    return decorate


def _mark(response: HttpResponseBase, tag: str) -> HttpResponseBase:
    response["ETag"] = tag
    revalidate(response)
    patch_vary_headers(response, ("X-Live",))
    return response


def by_site(request: HttpRequest, *args: Any, **kwargs: Any) -> str:
    """The version of a page that may show anything of the site (player pages, a league's
    table and match days)."""
    return site_version()


# What the service worker keeps on the phone from the start (the rest as it is used).
SW_ASSETS = (
    "css/site.css",
    "vendor/htmx.min.js",
    "vendor/idiomorph-ext.min.js",
    "js/entry.js",
    "js/clock.js",
    "js/device.js",
    "js/live.js",
    "js/outbox.js",
    "js/prefs.js",
)


def favicon(request: HttpRequest) -> HttpResponseBase:
    """/favicon.ico, which browsers ask for by themselves: the site's icon (static/), not a
    404 in every log. Not permanent: the static address changes with a release."""
    response = redirect(static("favicon.ico"))
    patch_cache_control(response, max_age=86400)
    return response


def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: at the root, so that it may keep every page of the site (static/ would limit
    it to static/). Its cache is named after the assets' addresses (hashed by the static
    storage in production), so a new release replaces it."""
    assets = [static(name) for name in SW_ASSETS]
    response = render(
        request,
        "core/sw.js",
        {
            "assets": assets,
            "version": digest(assets, settings.STATIC_URL)[:12],
            "static_prefix": settings.STATIC_URL
            if settings.STATIC_URL.startswith("/")
            else "/" + settings.STATIC_URL,
            "offline": gettext(
                "Offline: diese Seite wurde auf diesem Gerät noch nicht geöffnet. "
                "Sie lädt, sobald die Verbindung zurück ist."
            ),
        },
        content_type="text/javascript; charset=utf-8",
    )
    patch_cache_control(response, no_cache=True)
    return response


_PONG = b"ok\n"


def ping(request: HttpRequest) -> HttpResponse:
    """The cheapest answer the site gives (constant bytes through the whole middleware, no
    query): bench/load.py's floor, against which a live page's poll is measured."""
    response = HttpResponse(_PONG, content_type="text/plain")
    patch_cache_control(response, no_store=True)
    return response
