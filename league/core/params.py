"""Reading numbers from requests: a garbled value is a default, never a 500."""

from __future__ import annotations


def int_param(raw: str | None, default: int = 0, *, digits: int = 9) -> int:
    """``raw`` as a non-negative int when it is plain ASCII digits (not "²", not "1e9") of
    at most ``digits`` digits, else ``default``."""
    if raw and raw.isascii() and raw.isdecimal() and len(raw) <= digits:
        return int(raw)
    return default
