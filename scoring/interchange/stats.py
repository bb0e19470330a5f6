"""The JSON of statistics and the Kasse (statistics.md "Command-line contract").

Belongs with ``scoring.interchange`` (it moves into that package when it becomes one); the
round input itself is read by ``interchange.round_from_dict``.

    list_from_dict              one list: the ``round`` input, optional ``"rules"``, replayed
    stats_input_from_dict       ``{"lists": [<round input>, ...]}``, every list replayed
    statistics_to_dict          ``{"players": [...]}`` (the ``stats`` CLI's output; as text
                                with two-decimal averages: ``statistics_to_json``)
    kasse_to_dict               ``{"balances", "pot", "payments"}`` (the ``kasse`` CLI's)
    list_error_to_dict          the error object of an invalid list: code, field, message

- **Decision** (a list's ``"rules"``, statistics.md "optional rules: a preset name or an
  options object"): ``null`` or absent is the TSR; a string a preset (``tsr``,
  ``verein-002``, ``palast-003``); an object the options of house-rules.md (left-out
  options take the TSR value). A bad one makes the list invalid (exit 1, ``field``
  ``rules`` or ``rules.<option>``) — unlike ``--rules``, which is an argument (exit 2).
- **Decision** (where the error is, statistics.md "an invalid list is an error naming
  it"): the ``stats`` error's ``field`` is the list, ``lists[i]`` (0-based, the JSON path
  as elsewhere, e.g. ``results[3]``); its message says "Liste i+1: …" and carries the
  round's text (which names the game), and ``game`` is there when the round's error names
  one. A ``kasse`` error's ``field`` is the round error's field, else ``games`` for an error
  of a game's procedure (e.g. a Vorführung due), ``penalties`` for a penalty row's.
- **Decision** (what is unreadable): a top-level value that is no object is unreadable
  (exit 2), as for ``round``. Inside ``stats``' object, a missing or non-array ``lists``,
  an unknown key, and a list that is no object are invalid input (exit 1 with the error
  object), as ``rangliste`` treats its ``results``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring import interchange
from scoring.errors import RoundError, RulesError, ScoringError
from scoring.kasse import Kasse
from scoring.messages import Translate, identity, render
from scoring.round import RoundState
from scoring.rules import TSR, RuleProfile, preset
from scoring.stats import PlayerStats, Tally

RULES_KEY = "rules"
_STATS_FIELDS = frozenset({"lists"})


class StatsError(ScoringError):
    """A statistics input that cannot stand; ``field`` names the list (``lists[i]``).

    An invalid list's error wraps the round's (``inner``): its code, parameters and game
    are the round's, its text "Liste i+1: " + the round's text.
    """

    def __init__(
        self,
        code: str,
        params: Mapping[str, str | int] | None = None,
        *,
        field: str = "",
        game: int | None = None,
        inner: ScoringError | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(code, params, field=field, game=game)
        self.inner = inner
        self.index = index

    @classmethod
    def of_list(cls, err: ScoringError, index: int) -> StatsError:
        return cls(
            err.code, err.params, field=f"lists[{index}]", game=err.game, inner=err, index=index
        )

    def render(self, translate: Translate = identity) -> str:
        if self.inner is None:
            return super().render(translate)
        text = self.inner.render(translate)
        number = 1 + (self.index or 0)
        return render("wrap.list", {"list": number, "message": text}, translate)

    @property
    def message(self) -> str:
        return self.render()


def rules_of(value: Any) -> RuleProfile:
    """A list's ``"rules"``: None (TSR), a preset name, or an options object; RulesError
    with ``field`` ``rules`` or ``rules.<option>``."""
    if value is None:
        return TSR
    if isinstance(value, str):
        return preset(value)  # field "rules"
    if not isinstance(value, dict):
        raise RulesError("rules_not_an_object", field=RULES_KEY)
    try:
        return interchange.rules_from_dict(value)
    except RulesError as err:
        where = RULES_KEY if err.field in ("", RULES_KEY) else f"{RULES_KEY}.{err.field}"
        raise RulesError(err.code, err.params, field=where) from None


def list_from_dict(data: Any) -> RoundState:
    """One list — the ``round`` input with an optional ``"rules"`` — replayed.

    Raises ``interchange.RoundInputUnreadable`` for a non-object, ``RoundError`` for a list
    that cannot stand (a bad ``rules`` too, as a RoundError of that field).
    """
    if not isinstance(data, dict):
        raise interchange.RoundInputUnreadable("expected a JSON object with seats and games")
    try:
        rules = rules_of(data.get(RULES_KEY))
    except RulesError as err:
        raise RoundError(err.code, err.params, field=err.field) from None
    rest = {key: value for key, value in data.items() if key != RULES_KEY}
    return interchange.round_from_dict(rest, rules)


def stats_input_from_dict(data: Mapping[str, Any]) -> list[RoundState]:
    """``{"lists": [...]}``: every list replayed; ``StatsError`` naming the first that
    cannot stand (``field`` ``lists[i]``), or a missing or ill-typed ``lists``."""
    unknown = sorted(str(k) for k in data.keys() - _STATS_FIELDS)
    if unknown:
        raise StatsError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    lists = data.get("lists")
    if not isinstance(lists, list):
        raise StatsError("stats_invalid_lists", field="lists")
    states: list[RoundState] = []
    for index, item in enumerate(lists):
        try:
            states.append(list_from_dict(item))
        except interchange.RoundInputUnreadable:
            raise StatsError(
                "stats_invalid_list", {"list": index + 1}, field=f"lists[{index}]"
            ) from None
        except RoundError as err:
            raise StatsError.of_list(err, index) from None
    return states


# --- output ---------------------------------------------------------------------------


def _tally_to_dict(tally: Tally, played: str) -> dict[str, int]:
    return {played: tally.played, "won": tally.won}


def player_stats_to_dict(stats: PlayerStats) -> dict[str, Any]:
    """One player's row of the ``stats`` output (statistics.md's field order)."""
    solos: dict[str, Any] = {key: _tally_to_dict(t, "played") for key, t in stats.solos.items()}
    solos["pflicht"] = stats.pflicht
    average = stats.average
    return {
        "player": stats.player,
        "games": stats.games,
        "won": stats.won,
        "lost": stats.lost,
        "points": stats.points,
        "average": None if average is None else float(average),
        "re": stats.re,
        "re_won": stats.re_won,
        "kontra": stats.kontra,
        "kontra_won": stats.kontra_won,
        "solos": solos,
        "announced": stats.announced,
        "announced_won": stats.announced_won,
        "partners": {name: _tally_to_dict(t, "games") for name, t in stats.partners.items()},
    }


def statistics_to_dict(players: Sequence[PlayerStats]) -> dict[str, Any]:
    """``{"players": [...]}`` in the order given (``player_statistics``: by name)."""
    return {"players": [player_stats_to_dict(ps) for ps in players]}


def statistics_to_json(players: Sequence[PlayerStats]) -> str:
    """``json.dumps(statistics_to_dict(players))``, but ``average`` written with exactly
    two decimals (statistics.md: "a number with two decimals": ``0.50``, ``-2.00``)."""
    rows = []
    for stats in players:
        average = stats.average
        parts = []
        for key, value in player_stats_to_dict(stats).items():
            if key == "average":
                text = "null" if average is None else str(average)
            else:
                text = json.dumps(value, ensure_ascii=False)
            parts.append(f"{json.dumps(key)}: {text}")
        rows.append("{" + ", ".join(parts) + "}")
    return '{"players": [' + ", ".join(rows) + "]}"


def kasse_to_dict(kasse: Kasse) -> dict[str, Any]:
    """``{"balances": [{"player", "points", "cents"}], "pot", "payments": [{"from", "to",
    "cents"}]}``; ``"to": null`` is the pot."""
    return {
        "balances": [
            {"player": b.player, "points": b.points, "cents": b.cents} for b in kasse.balances
        ],
        "pot": kasse.pot,
        "payments": [{"from": p.payer, "to": p.payee, "cents": p.cents} for p in kasse.payments],
    }


def list_error_to_dict(err: ScoringError, translate: Translate = identity) -> dict[str, Any]:
    """The error object of ``stats`` and ``kasse``: ``{"code", "field", "message"}`` plus
    ``"game"`` when the error names one (module docstring: what ``field`` names)."""
    where = err.field
    if not where:
        if err.context == "wrap.penalty":
            where = "penalties"
        elif err.game is not None:
            where = "games"
    out: dict[str, Any] = {"code": err.code, "field": where, "message": err.render(translate)}
    if err.game is not None:
        out["game"] = err.game
    return out
