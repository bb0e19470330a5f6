"""Throttles (api.md: "A throttled request is 429 with Retry-After").

Writes are counted per client: an account by its id, a table-code client by its code (a
venue's phones often share one address), anybody else by address. Reads are not throttled
here. Rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` under the scopes below, read
on every request (so tests can change them). Wrong table codes are counted apart, with
the site's own counter (``league.core.throttle``), so that guessing through the API and
through ``/t/<code>/`` adds up.
"""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from league.core.throttle import client_key
from league.lists.access import HEADER
from league.lists.codes import normalise


class _RateFromSettings(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope or "")
        return None if rate is None else str(rate)

    def identity(self, request: Request) -> str | None:
        raise NotImplementedError

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        ident = self.identity(request)
        if ident is None:
            return None  # another scope counts this request
        return self.cache_format % {"scope": self.scope, "ident": ident}


class _WriteThrottle(_RateFromSettings):
    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class WriteUserThrottle(_WriteThrottle):
    """Writes by an account (token or session)."""

    scope = "write_user"

    def identity(self, request: Request) -> str | None:
        user = request.user
        return str(user.pk) if user is not None and user.is_authenticated else None


class WriteCodeThrottle(_WriteThrottle):
    """Writes by a table-code client without an account: per code."""

    scope = "write_code"

    def identity(self, request: Request) -> str | None:
        if request.user is not None and request.user.is_authenticated:
            return None
        header = request.META.get(HEADER)
        if header is None:
            return None
        return normalise(str(header)) or "invalid"


class WriteAnonThrottle(_WriteThrottle):
    """Writes by anybody else (they are refused, but still counted): per address."""

    scope = "write_anon"

    def identity(self, request: Request) -> str | None:
        if request.user is not None and request.user.is_authenticated:
            return None
        if HEADER in request.META:
            return None
        return client_key(_django(request))


class ScoreThrottle(_RateFromSettings):
    """The stateless calculator (``POST /api/v1/score/``): per address."""

    scope = "score"

    def identity(self, request: Request) -> str | None:
        return client_key(_django(request))


def _django(request: Request) -> HttpRequest:
    return request._request
