"""The ``rating`` CLI's shapes (rating.md "Command-line contract"): rated lists in, every
player's Spielstärke (or one player's history) out.

An invalid list's error names it: ``field`` is its JSON path (``lists[i]`` or
``lists[i].<name>``), the text is framed "Liste i+1 („key“): …" (``wrap.rated_list``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any

from scoring.errors import RatingError
from scoring.rating import OrderKey, RatedList, Ratings, Skill, Step, ranking

_INPUT_FIELDS = frozenset({"lists"})
_LIST_FIELDS = ("key", "date", "totals")
_OPTIONAL = frozenset({"order"})
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_TOTAL = 99_999
"""A list's total is a few hundred points at most: absurd numbers are bad input."""


class Totals(dict[str, Any]):
    """A JSON object read by ``pairs_hook``: ``twice`` holds the keys it held more than once
    (``json`` keeps the last value silently; a name twice at one table is an error)."""

    twice: tuple[str, ...] = ()


def pairs_hook(pairs: list[tuple[str, Any]]) -> Totals:
    """``object_pairs_hook`` for the rating input: remembers repeated keys."""
    out = Totals(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        twice = []
        for key, _ in pairs:
            if key in seen:
                twice.append(key)
            seen.add(key)
        out.twice = tuple(twice)
    return out


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _date(value: object, field: str) -> dt.date:
    if isinstance(value, str) and _ISO_DAY.fullmatch(value):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise RatingError("rating_invalid_date", {"value": str(value)}, field=field)


def _order(value: object, field: str) -> OrderKey:
    if (
        isinstance(value, list)
        and len(value) == 5
        and isinstance(value[0], str)
        and all(_int(item) and item >= 0 for item in value[1:])
    ):
        return (value[0], value[1], value[2], value[3], value[4])
    raise RatingError("rating_invalid_order", field=field)


def _totals(value: object, field: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict):
        raise RatingError("rating_invalid_totals", field=field)
    twice = getattr(value, "twice", ())
    if twice:
        raise RatingError("rating_player_twice", {"name": twice[0]}, field=field)
    out = []
    for name, total in value.items():
        if not name.strip():
            raise RatingError("rating_invalid_name", field=field)
        if not _int(total) or abs(total) > MAX_TOTAL:
            raise RatingError(
                "rating_invalid_total", {"name": name, "bound": MAX_TOTAL}, field=f"{field}.{name}"
            )
        out.append((name, total))
    return tuple(out)


def _one(item: object, index: int) -> RatedList[str]:
    where = f"lists[{index}]"
    if not isinstance(item, dict):
        raise RatingError("rating_invalid_list", field=where)
    for name in item:
        if name not in _LIST_FIELDS and name not in _OPTIONAL:
            raise RatingError("rating_unknown_field", {"name": name}, field=f"{where}.{name}")
    for name in _LIST_FIELDS:
        if name not in item:
            raise RatingError("rating_missing_field", {"name": name}, field=f"{where}.{name}")
    key = item["key"]
    if not isinstance(key, str) or not key.strip():
        raise RatingError("rating_invalid_key", field=f"{where}.key")
    day = _date(item["date"], f"{where}.date")
    order = _order(item["order"], f"{where}.order") if "order" in item else None
    totals = _totals(item["totals"], f"{where}.totals")
    try:
        return RatedList(key=key, date=day, totals=totals, order=order)
    except RatingError as err:
        raise RatingError(err.code, err.params, field=f"{where}.{err.field}") from None


def rating_input_from_dict(data: Any) -> list[RatedList[str]]:
    """The ``rating`` CLI's input: every rated list, checked. ``RatingError`` (exit 1)
    frames a list's error with its number and key; the caller turns input that is no
    object into "unreadable" (exit 2)."""
    for name in data:
        if name not in _INPUT_FIELDS:
            raise RatingError("rating_unknown_field", {"name": name}, field=name)
    raw = data.get("lists")
    if not isinstance(raw, list):
        raise RatingError("rating_invalid_input", field="lists")
    lists: list[RatedList[str]] = []
    keys: set[str] = set()
    for index, item in enumerate(raw):
        try:
            rated = _one(item, index)
        except RatingError as err:
            key = item.get("key") if isinstance(item, dict) else None
            params = {**err.params, "list": index + 1, "key": key if isinstance(key, str) else "?"}
            raise RatingError(
                err.code, params, field=err.field, context="wrap.rated_list"
            ) from None
        if rated.key in keys:
            raise RatingError(
                "rating_duplicate_key", {"key": rated.key}, field=f"lists[{index}].key"
            )
        keys.add(rated.key)
        lists.append(rated)
    return lists


def _skill(player: str, skill: Skill) -> dict[str, Any]:
    return {
        "player": player,
        "mu": round(skill.mu, 6),
        "sigma": round(skill.sigma, 6),
        "rating": skill.rating,
        "lists": skill.lists,
        "provisional": skill.provisional,
    }


def rating_to_dict(ratings: Ratings[str]) -> dict[str, Any]:
    """``{"players": [...]}`` by figure, then μ, then name (rating.md)."""
    names = {player: player for player in ratings.skills}
    return {"players": [_skill(player, skill) for player, skill in ranking(ratings, names)]}


def rating_history_to_dict(player: str, steps: Sequence[Step[str]]) -> dict[str, Any]:
    """``--history NAME``: his state after each of his lists."""
    return {
        "player": player,
        "history": [
            {
                "key": step.key,
                "date": step.date.isoformat(),
                "mu": round(step.after.mu, 6),
                "sigma": round(step.after.sigma, 6),
                "rating": step.after.rating,
            }
            for step in steps
            if step.player == player
        ],
    }
