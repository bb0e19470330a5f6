"""Rule profiles in and out: a profile's options (scoring.rules, house-rules.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RulesError
from scoring.rules import (
    GAMES_FIXED,
    GAMES_OPEN,
    SOLO_BONUS_VALUES,
    AnnouncementMode,
    BockRule,
    BockTrigger,
    Pflichtsolo,
    RepeatDeal,
    RuleProfile,
    Stacking,
    bock_triggers_of,
)

_RULE_ENUMS: Mapping[str, tuple[str, ...]] = {
    "announcements": tuple(m.value for m in AnnouncementMode),
    "pflichtsolo": tuple(m.value for m in Pflichtsolo),
    "repeat_deal_after": tuple(m.value for m in RepeatDeal),
}
_RULE_BOOLS = (
    "specials_in_solo",
    "karlchen_gefangen",
    "herzstich",
    "no_winner_specials",
    "armut",
    "schmeissen",
    "ohne_neunen",
)
RULE_OPTIONS: tuple[str, ...] = (
    "announcements",
    "solo_bonus",
    "specials_in_solo",
    "karlchen_gefangen",
    "herzstich",
    "no_winner_specials",
    "pflichtsolo",
    "repeat_deal_after",
    "games",
    "bock",
    "armut",
    "schmeissen",
    "ohne_neunen",
)
_BOCK_FIELDS = frozenset({"triggers", "stacking"})


def _invalid_option(name: str, value: Any, allowed: Sequence[str]) -> RulesError:
    return RulesError(
        "rules_invalid_value",
        {
            "name": name,
            "value": json.dumps(value, ensure_ascii=False),
            "allowed": ", ".join(allowed),
        },
        field=name,
    )


def rules_from_dict(data: Any) -> RuleProfile:
    """A profile from its options (house-rules.md); options left out take the TSR value.
    Raises RulesError naming the first unknown, ill-typed or contradictory option."""
    if not isinstance(data, dict):
        raise RulesError("rules_not_an_object", field="rules")
    unknown = sorted(str(k) for k in data.keys() - set(RULE_OPTIONS))
    if unknown:
        raise RulesError("rules_unknown_option", {"name": unknown[0]}, field=unknown[0])
    kwargs: dict[str, Any] = {}
    for name, allowed in _RULE_ENUMS.items():
        if name in data:
            value = data[name]
            if type(value) is not str or value not in allowed:
                raise _invalid_option(name, value, allowed)
            kwargs[name] = value
    if "announcements" in kwargs:
        kwargs["announcements"] = AnnouncementMode(kwargs["announcements"])
    if "pflichtsolo" in kwargs:
        kwargs["pflichtsolo"] = Pflichtsolo(kwargs["pflichtsolo"])
    if "repeat_deal_after" in kwargs:
        kwargs["repeat_deal_after"] = RepeatDeal(kwargs["repeat_deal_after"])
    for name in _RULE_BOOLS:
        if name in data:
            if type(data[name]) is not bool:
                raise _invalid_option(name, data[name], ("true", "false"))
            kwargs[name] = data[name]
    if "solo_bonus" in data:
        bonus = data["solo_bonus"]
        if type(bonus) is not int or bonus not in SOLO_BONUS_VALUES:
            raise _invalid_option("solo_bonus", bonus, [str(v) for v in SOLO_BONUS_VALUES])
        kwargs["solo_bonus"] = bonus
    if "games" in data:
        games = data["games"]
        if games == GAMES_OPEN:
            kwargs["games_open"] = True
        elif type(games) is not int or games != GAMES_FIXED:
            raise _invalid_option("games", games, [str(GAMES_FIXED), GAMES_OPEN])
    if "bock" in data:
        kwargs["bock"] = _bock_from_dict(data["bock"])
    return RuleProfile(**kwargs)


def _bock_from_dict(data: Any) -> BockRule | None:
    if data is None or data == "none":
        return None
    if not isinstance(data, dict):
        raise _invalid_option("bock", data, ("none", '{"triggers": [...], "stacking": ...}'))
    unknown = sorted(str(k) for k in data.keys() - _BOCK_FIELDS)
    if unknown:
        raise RulesError(
            "rules_unknown_option", {"name": f"bock.{unknown[0]}"}, field=f"bock.{unknown[0]}"
        )
    allowed_triggers = [t.value for t in BockTrigger]
    triggers = data.get("triggers")
    if (
        type(triggers) is not list
        or not triggers
        or any(type(t) is not str or t not in allowed_triggers for t in triggers)
        or len(set(triggers)) != len(triggers)
    ):
        raise _invalid_option("bock.triggers", triggers, allowed_triggers)
    stacking = data.get("stacking", Stacking.APPEND.value)
    allowed_stacking = [m.value for m in Stacking]
    if type(stacking) is not str or stacking not in allowed_stacking:
        raise _invalid_option("bock.stacking", stacking, allowed_stacking)
    return BockRule(frozenset(BockTrigger(t) for t in triggers), Stacking(stacking))


def rules_to_dict(profile: RuleProfile) -> dict[str, Any]:
    """Every option of ``profile`` (house-rules.md order); ``rules_from_dict`` reads it back."""
    bock: Any = "none"
    if profile.bock is not None:
        bock = {
            "triggers": bock_triggers_of(profile.bock.triggers),
            "stacking": profile.bock.stacking.value,
        }
    return {
        "announcements": profile.announcements.value,
        "solo_bonus": profile.solo_bonus,
        "specials_in_solo": profile.specials_in_solo,
        "karlchen_gefangen": profile.karlchen_gefangen,
        "herzstich": profile.herzstich,
        "no_winner_specials": profile.no_winner_specials,
        "pflichtsolo": profile.pflichtsolo.value,
        "repeat_deal_after": profile.repeat_deal_after.value,
        "games": GAMES_OPEN if profile.games_open else GAMES_FIXED,
        "bock": bock,
        "armut": profile.armut,
        "schmeissen": profile.schmeissen,
        "ohne_neunen": profile.ohne_neunen,
    }
