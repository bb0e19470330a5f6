"""A small fixed-window counter in the cache: failed logins, wrong table codes, writes."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_key(request: HttpRequest) -> str:
    """The client's address. Behind ``THROTTLE_PROXY_COUNT`` trusted reverse proxies (each
    appending to ``X-Forwarded-For``) it is the address the outermost of them saw; without
    that setting the header is ignored, since any client can send it."""
    proxies = int(getattr(settings, "THROTTLE_PROXY_COUNT", 0))
    if proxies > 0:
        forwarded = [
            a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()
        ]
        if len(forwarded) >= proxies:
            return str(forwarded[-proxies])
    return str(request.META.get("REMOTE_ADDR", "?"))


def _name(scope: str, key: str) -> str:
    return f"throttle:{scope}:{key}"


def blocked(scope: str, key: str, limit: int) -> bool:
    """Whether ``key`` has used up its ``limit`` of failures in ``scope``."""
    return int(cache.get(_name(scope, key), 0)) >= limit


def record_failure(scope: str, key: str, window: int) -> int:
    """Count one failure; the window runs from the first one. Returns the count so far."""
    name = _name(scope, key)
    if cache.add(name, 1, timeout=window):
        return 1
    try:
        return int(cache.incr(name))
    except ValueError:  # expired between add and incr
        cache.add(name, 1, timeout=window)
        return 1


def hold(scope: str, key: str, window: int) -> None:
    """Restart the window of ``key`` now (keeping its count), e.g. to make a block last."""
    cache.touch(_name(scope, key), timeout=window)


def clear(scope: str, key: str) -> None:
    """Forget the failures of ``key`` in ``scope``."""
    cache.delete(_name(scope, key))
