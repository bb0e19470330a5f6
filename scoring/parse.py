"""Moved: untrusted JSON to ``GameRecord`` is ``scoring.interchange.record_from_dict``."""

from __future__ import annotations

from scoring.interchange import record_from_dict

# SHIM(issue7): use scoring.interchange.record_from_dict
parse_game_record = record_from_dict

__all__ = ["parse_game_record"]
