"""One call to the federation's site and what its answer means, for both directions (the
register fetched, a tournament sent): an answer in JSON, a refusal with the site's error
object (api.md), or no answer at all.

- ``SiteRefused``: the site answered, but not with what was asked (its status and its
  message, or a code of ours for an answer that is no JSON).
- ``SiteUnreachable``: no answer — no network, a wrong host, or none within the timeout
  (``timed_out``). Nothing was changed by us; trying again later is safe.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from league.core.messages import render

# (request, timeout in seconds) → a response usable as a context manager.
Opener = Callable[[urllib.request.Request, float], Any]


class SiteUnreachable(Exception):
    """No answer from the site (nothing changed there; try again later)."""

    def __init__(self, reason: str, *, timed_out: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.timed_out = timed_out


class SiteRefused(Exception):
    """The site answered with a refusal: its status and its message, or a code of ours
    (league/core/messages.py) for an answer that is not what was asked."""

    def __init__(self, status: int, message: str = "", code: str = "") -> None:
        self.status = status
        self.message = message or render(code)
        super().__init__(f"{status}: {self.message}")


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any  # the decoded JSON


def site_url(base: str, path: str) -> str:
    """``path`` on the site at ``base``; refused unless ``base`` is an http(s) address."""
    if urllib.parse.urlsplit(base.strip()).scheme not in ("http", "https"):
        raise SiteRefused(0, code="register_bad_address")
    return base.strip().rstrip("/") + path


def default_opener(request: urllib.request.Request, timeout: float) -> Any:
    # The address is the organiser's own (http or https, checked by site_url).
    return urllib.request.urlopen(request, timeout=timeout)


def site_call(
    request: urllib.request.Request, *, timeout: float, opener: Opener | None = None
) -> Answer:
    """Send ``request``; its JSON answer. Raises ``SiteRefused`` or ``SiteUnreachable``."""
    try:
        with (opener or default_opener)(request, timeout) as response:
            status = int(response.status)
            raw = response.read()
    except urllib.error.HTTPError as err:
        raise SiteRefused(err.code, _error_message(err)) from None
    except TimeoutError as err:
        raise SiteUnreachable(str(err) or "timeout", timed_out=True) from None
    except (urllib.error.URLError, OSError) as err:
        reason = getattr(err, "reason", err)
        timed_out = isinstance(reason, TimeoutError)
        raise SiteUnreachable(str(reason), timed_out=timed_out) from None
    try:
        body = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise SiteRefused(status, code="register_not_json") from None
    return Answer(status, body)


def _error_message(err: urllib.error.HTTPError) -> str:
    """The message of the site's error object (api.md), else the HTTP reason."""
    try:
        message = json.loads(err.read().decode("utf-8"))["error"]["message"]
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, OSError):
        message = err.reason
    return str(message)
