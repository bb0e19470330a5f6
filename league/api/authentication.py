"""Who is asking (api.md): an account by token (``Authorization: Token <key>``) or by session
(with CSRF), or a table code in the header ``X-Tisch-Code``.

A code names no account: it is resolved against the list written to by
``league.lists.access`` (the one helper pages and the API share). ``TableCodeAuthentication``
only documents the header in the schema and lets a code holder pass the "credentials
present" check; it authenticates nobody.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from league.lists.access import HEADER


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's session authentication; a failed CSRF check carries the code ``csrf_failed``."""

    def enforce_csrf(self, request: Request) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied:
            raise exceptions.PermissionDenied(code="csrf_failed") from None


class TableCodeAuthentication(authentication.BaseAuthentication):
    """The header ``X-Tisch-Code``: checked per list, never an account."""

    def authenticate(self, request: Request) -> None:
        return None

    @staticmethod
    def presented(request: Request) -> bool:
        return HEADER in request.META


class SessionScheme(OpenApiAuthenticationExtension):
    target_class = "league.api.authentication.SessionAuthentication"
    name = "cookieAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": "A logged-in session; writes need the CSRF token (header X-CSRFToken).",
        }


class TableCodeScheme(OpenApiAuthenticationExtension):
    target_class = "league.api.authentication.TableCodeAuthentication"
    name = "tischCode"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "X-Tisch-Code",
            "description": "The table code of the list written to (case-insensitive): its "
            "holder keeps that list while its round is open.",
        }
