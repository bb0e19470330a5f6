"""What every template may need from the settings."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def intervals(request: HttpRequest) -> dict[str, int]:
    """How often a live page asks again (static/js/live.js, ``data-live-every``) and how
    often a list's outbox sends an unsent save again (static/js/outbox.js,
    ``data-retry-every``), in milliseconds. The site's are 3 s and 5 s; the browser tests
    set shorter ones and wait for what happens instead of sleeping through the site's."""
    return {
        "live_every_ms": round(settings.LIVE_POLL_SECONDS * 1000),
        "outbox_retry_ms": round(settings.OUTBOX_RETRY_SECONDS * 1000),
    }
