"""Rule profiles: the house rules a club evening or a friendly round plays (house-rules.md).

A ``RuleProfile`` is a frozen value passed explicitly to scoring (``scoring.game``) and to
the round machine (``scoring.round``). ``TSR`` — every option at its first value — is the
default everywhere and scores exactly as scoring.md and round.md say. A list keeps a copy
of the profile it was started with (its JSON form, ``scoring.interchange.rules_to_dict``).

Glossary (German domain words kept as they are):
    Hausregel        a house rule: one option of a profile.
    Bockrunde        one full round of deals (every player deals once) in which each game
                     counts double (or more); triggered by a lost Re/Kontra, a game worth 0
                     for everybody or 120 : 120 Augen (seed 002, seed 003).
    Doppelbock       a Bockrunde counting × 4 (two triggers in one game, ``append``);
                     Dreifachbock × 8 (three).
    Armut            a player with at most three trumps passes them to a partner who takes
                     them: the two are Re, scored as a normal game.
    Schmeißen        a redeal before play (five nines, seven full cards …): "geschmissen",
                     no points, not a game of the list, the same dealer deals again.
    Herzstich        a heart trick in which every player followed suit: +1 (seed 003).
    Karlchen gefangen  the other party's Kreuz-Bube caught in the last trick: +1.
    Solo-Zuschlag    ``solo_bonus``: points added to a solo's value before any doubling.
    Schnelleingabe   quick entry: winners and the value as the table counted it.

**Decision** (house-rules.md "Contracts"): unknown or contradictory options are refused
with a ``RulesError`` naming the option (``field``). Contradictory: ``games: open`` with
``pflichtsolo: required`` (a Pflichtsolo round needs a fixed length), and a ``bock`` object
without triggers. ``repeat_deal_after: pflichtsolo`` with ``pflichtsolo: none`` is allowed
and simply never repeats (it is the TSR value that a profile leaving it out inherits).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scoring.errors import RulesError


class AnnouncementMode(StrEnum):
    ADDITIVE = "additive"  # TSR 7.2.2 b: +2 each
    DOUBLING = "doubling"  # each announced Re and Kontra doubles the value


class Pflichtsolo(StrEnum):
    REQUIRED = "required"
    NONE = "none"


class RepeatDeal(StrEnum):
    PFLICHTSOLO = "pflichtsolo"  # TSR 3.3.1, 4.2.5
    EVERY_SOLO = "every_solo"  # seed 002: after every game of kind solo
    NEVER = "never"


class BockTrigger(StrEnum):
    LOST_ANNOUNCEMENT = "lost_announcement"
    ZERO_GAME = "zero_game"
    SPLIT = "split"


class Stacking(StrEnum):
    APPEND = "append"  # seed 002: queued, never overlapping; 2/3 triggers = ×4/×8
    MULTIPLY = "multiply"  # seed 003: each trigger its own Bockrunde, overlapping


GAMES_OPEN = "open"
GAMES_FIXED = 24  # the TSR's list (30 at a five-player table: 8.5.1, 10.1.5)
_TRIGGER_ORDER = tuple(BockTrigger)


@dataclass(frozen=True, slots=True)
class BockRule:
    """Bockrunden: which games trigger one and how running ones combine."""

    triggers: frozenset[BockTrigger]
    stacking: Stacking = Stacking.APPEND

    def __post_init__(self) -> None:
        if not self.triggers:
            raise RulesError("rules_bock_without_triggers", field="bock.triggers")


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """Every option of house-rules.md; the defaults are the TSR."""

    announcements: AnnouncementMode = AnnouncementMode.ADDITIVE
    solo_bonus: int = 0
    specials_in_solo: bool = False
    karlchen_gefangen: bool = False
    herzstich: bool = False
    no_winner_specials: bool = True
    pflichtsolo: Pflichtsolo = Pflichtsolo.REQUIRED
    repeat_deal_after: RepeatDeal = RepeatDeal.PFLICHTSOLO
    games_open: bool = False
    bock: BockRule | None = None
    armut: bool = False
    schmeissen: bool = False
    ohne_neunen: bool = False
    name: str = field(default="", compare=False)  # the preset it came from, for display

    def __post_init__(self) -> None:
        # Built in Python with plain strings: the enums, or a RulesError naming the option.
        for option, enum in (
            ("announcements", AnnouncementMode),
            ("pflichtsolo", Pflichtsolo),
            ("repeat_deal_after", RepeatDeal),
        ):
            value = getattr(self, option)
            try:
                object.__setattr__(self, option, enum(value))
            except ValueError:
                raise RulesError(
                    "rules_invalid_value",
                    {
                        "name": option,
                        "value": repr(value),
                        "allowed": ", ".join(m.value for m in enum),
                    },
                    field=option,
                ) from None
        if type(self.solo_bonus) is not int or self.solo_bonus not in SOLO_BONUS_VALUES:
            raise RulesError(
                "rules_invalid_value",
                {"name": "solo_bonus", "value": repr(self.solo_bonus), "allowed": "0, 1"},
                field="solo_bonus",
            )
        if self.games_open and self.pflichtsolo is Pflichtsolo.REQUIRED:
            raise RulesError(
                "rules_contradiction", {"name": "games", "other": "pflichtsolo"}, field="games"
            )

    @property
    def is_tsr(self) -> bool:
        """Scores and deals exactly as the TSR (``ohne_neunen`` changes nothing)."""
        return self in (_TSR_CORE, _TSR_OHNE_NEUNEN)

    @property
    def pflicht(self) -> bool:
        return self.pflichtsolo is Pflichtsolo.REQUIRED

    @property
    def doubling(self) -> bool:
        return self.announcements is AnnouncementMode.DOUBLING


SOLO_BONUS_VALUES = (0, 1)
TSR = RuleProfile(name="tsr")
_TSR_CORE = TSR
_TSR_OHNE_NEUNEN = RuleProfile(ohne_neunen=True)

PRESETS: Mapping[str, RuleProfile] = {
    "tsr": TSR,
    "verein-002": RuleProfile(
        announcements=AnnouncementMode.DOUBLING,
        solo_bonus=1,
        specials_in_solo=True,
        karlchen_gefangen=True,
        pflichtsolo=Pflichtsolo.NONE,
        repeat_deal_after=RepeatDeal.EVERY_SOLO,
        games_open=True,
        bock=BockRule(frozenset(BockTrigger), Stacking.APPEND),
        armut=True,
        schmeissen=True,
        name="verein-002",
    ),
    "palast-003": RuleProfile(
        karlchen_gefangen=True,
        herzstich=True,
        bock=BockRule(frozenset({BockTrigger.ZERO_GAME}), Stacking.MULTIPLY),
        armut=True,
        schmeissen=True,
        no_winner_specials=False,
        name="palast-003",
    ),
}


def preset(name: str) -> RuleProfile:
    """A named profile; ``RulesError("rules_unknown_preset")`` for any other name."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(
            "rules_unknown_preset",
            {"value": repr(name), "allowed": ", ".join(PRESETS)},
            field="rules",
        ) from None


def preset_name(profile: RuleProfile) -> str | None:
    """The preset a profile equals (options compared, not its ``name``), else None."""
    for name, candidate in PRESETS.items():
        if candidate == profile:
            return name
    return None


def bock_triggers_of(triggers: frozenset[BockTrigger]) -> list[str]:
    """Triggers in the order of house-rules.md (stable JSON)."""
    return [t.value for t in _TRIGGER_ORDER if t in triggers]


def options_summary(profile: RuleProfile) -> list[tuple[str, dict[str, Any]]]:
    """The profile in plain words: ``(message key, params)`` per option that differs from
    the TSR, in the order of house-rules.md (``scoring.messages`` has the texts,
    ``rules.<key>``). An empty list means: the TSR."""
    out: list[tuple[str, dict[str, Any]]] = []
    if profile.doubling:
        out.append(("rules.doubling", {}))
    if profile.solo_bonus:
        out.append(("rules.solo_bonus", {"count": profile.solo_bonus}))
    if profile.specials_in_solo:
        out.append(("rules.specials_in_solo", {}))
    if profile.karlchen_gefangen:
        out.append(("rules.karlchen_gefangen", {}))
    if profile.herzstich:
        out.append(("rules.herzstich", {}))
    if not profile.no_winner_specials:
        out.append(("rules.no_winner_zero", {}))
    if not profile.pflicht:
        out.append(("rules.no_pflichtsolo", {}))
    if profile.repeat_deal_after is RepeatDeal.EVERY_SOLO:
        out.append(("rules.repeat_every_solo", {}))
    elif profile.repeat_deal_after is RepeatDeal.NEVER:
        out.append(("rules.repeat_never", {}))
    if profile.games_open:
        out.append(("rules.games_open", {}))
    if profile.bock is not None:
        for trigger in _TRIGGER_ORDER:
            if trigger in profile.bock.triggers:
                out.append((f"rules.bock_{trigger.value}", {}))
        out.append((f"rules.stacking_{profile.bock.stacking.value}", {}))
    if profile.armut:
        out.append(("rules.armut", {}))
    if profile.schmeissen:
        out.append(("rules.schmeissen", {}))
    if profile.ohne_neunen:
        out.append(("rules.ohne_neunen", {}))
    return out
