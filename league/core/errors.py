"""A refused write: a stable code with parameters; the text comes from the message table.

Services raise ``ServiceError``; views show ``message`` (in the active language), the API
returns ``as_dict()``. An error of the rules engine is wrapped with ``from_scoring`` and
keeps its code, field and game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league.core.messages import render_error
from scoring.errors import ScoringError


class ServiceError(Exception):
    def __init__(
        self,
        code: str,
        params: Mapping[str, Any] | None = None,
        *,
        field: str = "",
        game: int | None = None,
        cause: ScoringError | None = None,
        frame: str | None = None,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self.field = field
        self.game = game
        self.cause = cause
        # A message code whose text wraps this one as {reason} ("Die Berichtigung macht
        # Spiel {game} ungültig: {reason}"); the code stays the underlying one.
        self.frame = frame

    @classmethod
    def from_scoring(cls, err: ScoringError) -> ServiceError:
        return cls(
            err.code,
            err.params,
            field=err.field,
            game=err.game,
            cause=err,
        )

    @property
    def message(self) -> str:
        """The text in the active language."""
        return render_error(self)

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field:
            out["field"] = self.field
        if self.game is not None:
            out["game"] = self.game
        return out


class ConflictError(ServiceError):
    """Someone else changed the object since the form was loaded."""
