"""The competitions' CLI shapes (competitions.md "Command-line contracts"): the Rangliste's
input and output, a league's schedule, Spieltage in and the league table out."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any

from scoring.errors import RanglisteError
from scoring.liga import LigaError, TableRow, number
from scoring.rangliste import Rangliste, RatedResult, round_half_away
from scoring.schedule import Schedule

# --- the Rangliste (competitions.md "Command-line contracts") ------------------------------

_RANGLISTE_FIELDS = frozenset({"as_of", "results"})
_RESULT_FIELDS = ("player", "tournament", "date", "bundesland", "rounds")


MAX_RATED_ROUNDS = 99
MAX_ROUND_POINTS = 99_999
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _rangliste_date(value: object, field: str) -> dt.date:
    """Exactly ``YYYY-MM-DD`` (Python also reads week dates like ``2024-W24-6``), from year
    100 on (the window reaches 24 months back)."""
    if isinstance(value, str) and _ISO_DAY.fullmatch(value) and value >= "0100":
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise RanglisteError("rangliste_invalid_date", {"name": field}, field=field)


def rangliste_input_from_dict(data: Any) -> tuple[dt.date, list[RatedResult]]:
    """The ``rangliste`` CLI's input: the reference date and every rated result.

    Raises ``RanglisteError`` (exit 1) for a field that cannot stand; the caller turns a
    top-level value that is no object into "unreadable" (exit 2).
    """
    for name in data:
        if name not in _RANGLISTE_FIELDS:
            raise RanglisteError("rangliste_unknown_field", {"name": name}, field=name)
    for name in sorted(_RANGLISTE_FIELDS):
        if name not in data:
            raise RanglisteError("rangliste_missing_field", {"name": name}, field=name)
    as_of = _rangliste_date(data["as_of"], "as_of")
    raw = data["results"]
    if not isinstance(raw, list):
        raise RanglisteError("rangliste_invalid_results", field="results")
    results: list[RatedResult] = []
    tournaments: dict[str, tuple[dt.date, str]] = {}
    for i, item in enumerate(raw):
        where = f"results[{i}]"
        if not isinstance(item, dict):
            raise RanglisteError("rangliste_invalid_result", field=where)
        for name in item:
            if name not in _RESULT_FIELDS:
                raise RanglisteError(
                    "rangliste_unknown_field", {"name": name}, field=f"{where}.{name}"
                )
        for name in _RESULT_FIELDS:
            if name not in item:
                raise RanglisteError(
                    "rangliste_missing_field", {"name": name}, field=f"{where}.{name}"
                )
        texts = {}
        for name in ("player", "tournament", "bundesland"):
            value = item[name]
            if not isinstance(value, str) or not value.strip():
                raise RanglisteError(
                    "rangliste_invalid_name", {"name": name}, field=f"{where}.{name}"
                )
            texts[name] = value
        day = _rangliste_date(item["date"], f"{where}.date")
        rounds = item["rounds"]
        # Bounded: a 24-game list scores a few hundred points at most, a tournament has a
        # handful of rounds; absurd numbers are bad input, not a reason for a traceback.
        if (
            not isinstance(rounds, list)
            or not 0 < len(rounds) <= MAX_RATED_ROUNDS
            or not all(
                isinstance(p, int) and not isinstance(p, bool) and abs(p) <= MAX_ROUND_POINTS
                for p in rounds
            )
        ):
            raise RanglisteError("rangliste_invalid_rounds", field=f"{where}.rounds")
        known = tournaments.setdefault(texts["tournament"], (day, texts["bundesland"]))
        if known != (day, texts["bundesland"]):
            raise RanglisteError(
                "rangliste_inconsistent_tournament",
                {"tournament": texts["tournament"]},
                field=where,
            )
        results.append(
            RatedResult(
                player=texts["player"],
                tournament=texts["tournament"],
                date=day,
                bundesland=texts["bundesland"],
                rounds=tuple(rounds),
            )
        )
    return as_of, results


def rangliste_to_dict(result: Rangliste) -> dict[str, Any]:
    """The ``rangliste`` CLI's output (``average`` rounded half away from zero, 2 places)."""
    return {
        "rangliste": [
            {
                "rank": row.rank,
                "player": row.player,
                "rounds": row.rounds,
                "points": row.points,
                "average": float(round_half_away(row.average)),
            }
            for row in result.rangliste
        ],
        "unter_36": [
            {"player": row.player, "rounds": row.rounds, "points": row.points}
            for row in result.unter_36
        ],
        "bundeslaender": [
            {
                "rank": row.rank,
                "player": row.player,
                "points": row.points,
                "counted": [c.tournament for c in row.counted],
            }
            for row in result.bundeslaender
        ],
    }


# --- leagues (competitions.md "Command-line contracts") ----------------------------------


def schedule_to_dict(schedule: Schedule) -> dict[str, Any]:
    """``{"rounds": [[[team numbers of a group], ...], ...]}``."""
    return {"rounds": [[list(group) for group in rnd] for rnd in schedule.rounds]}


def liga_from_dict(data: Any) -> list[dict[str, int]]:
    """``{"spieltage": [{"team": spielpunkte, ...}, ...]}``, checked; raises LigaError."""
    if not isinstance(data, dict) or not isinstance(data.get("spieltage"), list):
        raise LigaError("liga_not_an_object", field="spieltage")
    unknown = sorted(str(k) for k in data if k != "spieltage")
    if unknown:
        raise LigaError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    out: list[dict[str, int]] = []
    for i, day in enumerate(data["spieltage"]):
        where = f"spieltage[{i}]"
        if not isinstance(day, dict):
            raise LigaError("liga_spieltag_not_an_object", field=where)
        if len(day) < 2:
            raise LigaError("liga_group_too_small", field=where)
        for team, points in day.items():
            if not team.strip():
                raise LigaError("liga_team_name", field=where)
            if not isinstance(points, int) or isinstance(points, bool):
                raise LigaError("liga_spielpunkte", {"name": team}, field=f"{where}.{team}")
        out.append(dict(day))
    return out


def league_table_to_dict(rows: Sequence[TableRow]) -> dict[str, Any]:
    """``{"table": [{"rank", "team", "siegpunkte", "spielpunkte", "spieltage"}, ...]}``."""
    return {
        "table": [
            {
                "rank": row.rank,
                "team": row.team,
                "siegpunkte": number(row.siegpunkte),
                "spielpunkte": row.spielpunkte,
                "spieltage": row.spieltage,
            }
            for row in rows
        ]
    }
