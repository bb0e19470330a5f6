"""Answers that are cheap to ask for again: an ETag from what the answer depends on, a 304
when the client has it already, and the computed value cached per that version.

A view names its dependencies in one cheap query (e.g. the sum of the versions of a
tournament's lists); ``etag`` turns them, with who is asking, into a tag; Django's
``condition`` answers ``If-None-Match`` with 304 before the view runs; ``cached`` keeps the
expensive part (the standings) in the shared cache under the same version, so the first
phone after a game pays for it and the other 299 do not.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

from league.core.preferences import text_size_key
from league.core.shared_pages import live_tag_set, served, served_version

T = TypeVar("T")

# The computed value outlives no version change (the key names the version); the timeout
# only bounds how long an unused one takes up space.
TIMEOUT = 15 * 60


def digest(*parts: Any) -> str:
    """A short stable digest of ``parts`` (their repr)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def viewer(request: HttpRequest) -> tuple[Any, ...]:
    """What of the asker a page depends on: the account, the language, the CSRF cookie
    (a page carries a token for it; a new cookie must not get an old page) and the text
    size (the class on <html>: a 304 must not bring back the page of the other size)."""
    user = getattr(request, "user", None)
    account = user.pk if user is not None and user.is_authenticated else None
    # The secret the CSRF middleware read from the cookie, or set while rendering.
    csrf = str(request.META.get("CSRF_COOKIE", ""))
    csrf_digest = hashlib.sha256(csrf.encode()).hexdigest()[:12]
    return account, get_language(), csrf_digest, text_size_key(request)


def etag(request: HttpRequest, version: str, *more: Any) -> str:
    """The ETag of an answer for ``request`` built from data at ``version``."""
    return etag_for(request, version, request.get_full_path(), *more)


def etag_for(request: HttpRequest, version: str, path: str, *more: Any) -> str:
    """The ETag the answer at ``path`` will have for this viewer: a page names the tags of
    its live parts (league.lists.views.parts), so that their first poll is a 304."""
    return digest(version, viewer(request), path, *more)


def cached(key: str, compute: Callable[[], T], timeout: int = TIMEOUT) -> T:
    """``compute()`` once per ``key`` in the shared cache (all workers see it)."""
    found = cache.get(key)
    if found is not None:
        return cast(T, found)  # stored by compute() under this key
    value = compute()
    cache.set(key, value, timeout)
    return value


def revalidate(response: HttpResponseBase) -> HttpResponseBase:
    """Clients keep the answer but ask again each time (with If-None-Match)."""
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


_ATTR = "_doko_version"


def conditional(
    version_of: Callable[[HttpRequest, int], str | None],
    *,
    timeless: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A view ``view(request, pk, ...)`` whose answer depends only on
    ``version_of(request, pk)`` (the request says which view of the object is asked for) and
    on who asks (``timeless``: as ``league.core.live.live``): GET and HEAD get an ETag, a
    matching ``If-None-Match`` gets 304 without the view running. ``version_of`` returning
    None (no such object) leaves it to the view."""

    def etag_func(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> str | None:
        version = version_of(request, pk)
        if version is None:
            return None
        setattr(request, _ATTR, version)
        tag = etag(request, version)
        live_tag_set(request, tag)  # a live page's (core/live.py)
        return f'"{tag}"'

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        def shared_view(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            # Strangers share one rendering per version (league/core/shared_pages.py).
            found = getattr(request, _ATTR, None)
            if found is None:
                return view(request, *args, **kwargs)
            return served(
                request,
                found,
                lambda: view(request, *args, **kwargs),
                lambda shown: etag(request, shown),
                "conditional",
                timeless=timeless,
            )

        conditional_view = condition(etag_func=etag_func)(shared_view)

        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            response = conditional_view(request, *args, **kwargs)
            if response.has_header("ETag"):
                found = getattr(request, _ATTR, None)
                if found and response.status_code == 200:
                    # A page rendered with a new CSRF cookie: the tag names that cookie, so
                    # the next request, which carries it, matches — and the version shown
                    # (an older copy while another reader renders: shared_pages).
                    response["ETag"] = f'"{etag(request, served_version(request, found))}"'
                revalidate(response)
            return response

        return wrapped

    return decorate


def version(request: Any, version_of: Callable[[], str | None]) -> str:
    """The version ``conditional`` read for this request (else read it now)."""
    found = getattr(request, _ATTR, None) or version_of()
    return str(found)
