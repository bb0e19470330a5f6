"""Errors with stable codes: callers (UI, API, CLI) key on ``code`` and ``field``."""

from __future__ import annotations


class ScoringError(ValueError):
    """Base of every rule violation this package reports."""

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class GameRecordError(ScoringError):
    """A game record that cannot have been played (scoring.md §5).

    ``field`` is the record's JSON path, for example ``re_augen`` or
    ``specials.doppelkopf.kontra``; an empty string means the record as a whole.
    """

    def __init__(self, code: str, field: str, message: str) -> None:
        super().__init__(code, message)
        self.field = field

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "field": self.field, "message": self.message}
