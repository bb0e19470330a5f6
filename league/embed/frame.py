"""What makes a widget a widget: any site may frame it (CSP ``frame-ancestors *`` and no
``X-Frame-Options``: every other address keeps refusing), its language is the one its
address asks for (``?lang=en``; German otherwise, whatever the embedding visitor's browser
says), its colours too (``?theme=dark`` / ``light``; else the visitor's system setting),
and it shows only what anybody may read, so a phone may keep it."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from csp.decorators import csp_replace
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from league.core.params import int_param
from league.core.private import readable_by_anyone

LANGUAGES = ("de", "en")
THEMES = ("light", "dark")
FRAMING = {"frame-ancestors": ["*"]}
MAX_ROWS = 200


def language_of(request: HttpRequest) -> str:
    wanted = request.GET.get("lang", "")
    return wanted if wanted in LANGUAGES else LANGUAGES[0]


def theme_of(request: HttpRequest) -> str:
    """``light``, ``dark`` or "" (the visitor's system setting decides)."""
    wanted = request.GET.get("theme", "")
    return wanted if wanted in THEMES else ""


def rows_of(request: HttpRequest, default: int) -> int:
    """How many rows the widget shows (``?n=``, 1 to ``MAX_ROWS``); 0: all."""
    wanted = int_param(request.GET.get("n"), default, digits=3)
    return min(wanted, MAX_ROWS) if wanted > 0 else default


def embeddable(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A widget view: framed by anybody, in the language its address names. Put it outside
    the version decorator, so that a 304 is framed and its tag names the language."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        language = language_of(request)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            readable_by_anyone(request)
            response = view(request, *args, **kwargs)
        response["Content-Language"] = language
        return response

    framed = csp_replace(FRAMING)(wrapped)
    return require_safe(xframe_options_exempt(framed))
