"""Errors with stable codes: callers (UI, API, CLI) key on ``code`` and ``field``.

An error holds no text, only what the text is made of: ``code``, ``params`` (names,
numbers, interchange codes), ``field`` (the input's JSON path, "" for none), ``game``
(the game concerned, None for none) and ``context`` (a frame such as "Spiel 3: …", a
``wrap.*`` key of ``scoring.messages``). Text is made when the error is shown:

    err.message                   German (the source language)
    err.render(translate)         any language, e.g. ``translator("en")`` or Django's gettext

The CLIs' error object is ``scoring.interchange.error_to_dict(err, translator("en"))``: JSON
shapes live above the engine, never in its errors.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.messages import Translate, identity, render_error

Param = str | int
"""A parameter value: a name, a number or an interchange code — never German text."""


class ScoringError(ValueError):
    """Base of every rule violation this package reports.

    ``params`` fill the placeholders of ``code``'s template; ``params["variant"]`` picks
    the template of a situation within one code (``scoring.messages``). ``game``, when
    given, is also a parameter, for templates that name the game.
    """

    code: str
    params: Mapping[str, Param]
    field: str
    game: int | None
    context: str

    def __init__(
        self,
        code: str,
        params: Mapping[str, Param] | None = None,
        *,
        field: str = "",
        game: int | None = None,
        context: str = "",
    ) -> None:
        super().__init__(code)
        merged = dict(params) if params else {}
        if game is not None:
            merged.setdefault("game", game)
        self.code = code
        self.params = merged
        self.field = field
        self.game = game
        self.context = context

    @property
    def message(self) -> str:
        """The German text (rendered on each access; errors are rare)."""
        return render_error(self)

    def render(self, translate: Translate = identity) -> str:
        """The text in the language of ``translate`` (a gettext function)."""
        return render_error(self, translate)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {dict(self.params)!r}, field={self.field!r})"


class GameRecordError(ScoringError):
    """A game record that cannot have been played (scoring.md §5).

    ``field`` is the record's JSON path, for example ``re_augen`` or
    ``specials.doppelkopf.kontra``; an empty string means the record as a whole.
    """


class PenaltyError(ScoringError):
    """A penalty row that cannot stand (``field``: its JSON key, "" for the whole row)."""


class RoundError(ScoringError):
    """A game or penalty row that breaks the round's procedure (``scoring.round``).

    ``game`` is the number of the game concerned (None for the round's set-up).
    """


class DrawError(ScoringError):
    """A tournament round that cannot be drawn (``scoring.draw``)."""


class RanglisteError(ScoringError):
    """A Rangliste input that cannot stand, or a tournament that cannot be rated
    (``scoring.rangliste``)."""


class RatingError(ScoringError):
    """A Spielstärke input that cannot stand (``scoring.rating``, the ``rating`` CLI;
    ``field``: ``lists[i].<name>``, the list framed by its number and key)."""


class SeasonError(ScoringError):
    """A club season's settings that cannot stand (``scoring.season``)."""


class TotalsError(ScoringError):
    """A table's final totals typed from the paper list that cannot stand
    (``scoring.totals``; ``field``: ``totals.<name>``, ``deduction.<name>``, ``totals``)."""


class RulesError(ScoringError):
    """A rule profile that cannot stand (``scoring.rules``; ``field``: the option), or a
    record that uses an option its profile does not enable."""
