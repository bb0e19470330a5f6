"""The CLIs' error object (also the API's for an engine error)."""

from __future__ import annotations

from typing import Any

from scoring.errors import RoundError, ScoringError
from scoring.messages import Translate, identity


def error_to_dict(err: ScoringError, translate: Translate = identity) -> dict[str, Any]:
    """The CLIs' error object, ``message`` in the language of ``translate``.

    A round error: ``{"code", "game", "message"}`` plus ``"field"`` when there is one (the
    round CLI's contract). Any other: ``{"code", "field", "message"}`` (the score CLI's),
    plus ``"game"`` when the error names one.
    """
    message = err.render(translate)
    if isinstance(err, RoundError):
        out: dict[str, Any] = {"code": err.code, "game": err.game, "message": message}
        if err.field:
            out["field"] = err.field
        return out
    out = {"code": err.code, "field": err.field, "message": message}
    if err.game is not None:
        out["game"] = err.game
    return out
