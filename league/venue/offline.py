"""Fully offline (issue 11): the one request the API docs still made to the internet.

drf-spectacular-sidecar ships Redoc locally, but Redoc's bundle shows its vendor's logo
from ``cdn.redoc.ly`` (the CSP refused it, yet the page asked). The bundle is served
here with that address replaced by an empty inline image (``img-src`` allows ``data:``),
read once from the sidecar package and kept in memory; browsers cache it for a day.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import drf_spectacular_sidecar
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

BUNDLE = (
    Path(drf_spectacular_sidecar.__file__).parent
    / "static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
)
LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"
EMPTY_IMAGE = b"data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27/%3E"


@cache
def redoc_bundle() -> bytes:
    return BUNDLE.read_bytes().replace(LOGO, EMPTY_IMAGE)


@require_GET
def redoc_standalone(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(redoc_bundle(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=86400"
    return response
