"""Table codes (api.md): 8 characters from the 31 letters and digits that cannot be
mistaken for one another (no 0/O, 1/I/L), about 40 bits; case-insensitive on input; and
the address a table's QR code opens."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.http import HttpRequest
from django.urls import reverse

if TYPE_CHECKING:
    from league.lists.models import Spielliste

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(raw: str) -> str | None:
    """The code as stored, or None when ``raw`` cannot be a code (checked before any query)."""
    code = "".join(raw.split()).replace("-", "").upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def code_url(request: HttpRequest, liste: Spielliste) -> str:
    """The address a table's QR code opens."""
    return request.build_absolute_uri(reverse("table-code-open", args=[liste.code]))
