"""Phones seen in the hall (the health page's count), without a database write per request.

Decision (issue 11 is silent on how to count): a device is its client address together
with its browser's User-Agent, hashed with the secret key (no address is kept). Each
gunicorn worker keeps its sightings in memory and writes them to the shared cache at most
every ``FLUSH_S`` seconds, listing itself in a small registry; the health page unites
every worker's entries younger than ``WINDOW_S`` (5 minutes). So the count can lag by up
to ``FLUSH_S`` for a worker that got no request since, and a worker's list lost to two
registry writes meeting reappears at its next flush.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from league.core.throttle import client_key

FLUSH_S = 30.0
WINDOW_S = 300.0
REGISTRY_KEY = "venue:devices:workers"


def _worker_key(pid: int) -> str:
    return f"venue:devices:{pid}"


class Sightings:
    """This process's devices with the time each was last seen."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seen: dict[str, float] = {}
        self.flushed = 0.0

    def record(self, device: str, now: float) -> None:
        with self.lock:
            self.seen[device] = now
            if now - self.flushed < FLUSH_S:
                return
            self.flushed = now
            self.seen = {d: t for d, t in self.seen.items() if t >= now - WINDOW_S}
            snapshot = dict(self.seen)
        self._flush(snapshot, now)

    def _flush(self, snapshot: dict[str, float], now: float) -> None:
        pid = os.getpid()
        cache.set(_worker_key(pid), snapshot, timeout=int(2 * WINDOW_S))
        registry: dict[int, float] = cache.get(REGISTRY_KEY) or {}
        registry = {p: t for p, t in registry.items() if t >= now - 2 * WINDOW_S}
        registry[pid] = now
        cache.set(REGISTRY_KEY, registry, timeout=int(4 * WINDOW_S))

    def local(self) -> dict[str, float]:
        with self.lock:
            return dict(self.seen)

    def reset(self) -> None:
        with self.lock:
            self.seen = {}
            self.flushed = 0.0


SIGHTINGS = Sightings()


def device_id(request: HttpRequest) -> str:
    raw = f"{client_key(request)}|{request.META.get('HTTP_USER_AGENT', '')}|{settings.SECRET_KEY}"
    return hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:16]


def devices_seen(now: float | None = None) -> int:
    """How many devices asked for a page or the API within the last ``WINDOW_S`` seconds,
    over all workers."""
    now = time.time() if now is None else now
    registry: dict[int, float] = cache.get(REGISTRY_KEY) or {}
    seen: dict[str, float] = {}
    for entries in cache.get_many([_worker_key(pid) for pid in registry]).values():
        for device, at in entries.items():
            seen[device] = max(at, seen.get(device, 0.0))
    for device, at in SIGHTINGS.local().items():
        seen[device] = max(at, seen.get(device, 0.0))
    return sum(1 for at in seen.values() if at >= now - WINDOW_S)


class DeviceSightings:
    """Notes the device of every request that reaches Django (static files do not: the
    whitenoise middleware before this one answers them)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        SIGHTINGS.record(device_id(request), time.time())
        return self.get_response(request)
