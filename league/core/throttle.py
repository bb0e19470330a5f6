"""A small fixed-window counter in the cache: failed logins, wrong table codes, writes."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest


def client_key(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", "?"))


def blocked(scope: str, key: str, limit: int) -> bool:
    """Whether ``key`` has used up its ``limit`` of failures in ``scope``."""
    return int(cache.get(f"throttle:{scope}:{key}", 0)) >= limit


def record_failure(scope: str, key: str, window: int) -> None:
    name = f"throttle:{scope}:{key}"
    if not cache.add(name, 1, timeout=window):
        try:
            cache.incr(name)
        except ValueError:  # expired between add and incr
            cache.add(name, 1, timeout=window)
