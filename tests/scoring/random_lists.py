"""Random valid lists of every rule profile, as the ``round`` input (JSON), for property
tests of statistics and the Kasse.

Each entry is chosen by asking the round machine what comes next (``scoring.simulate``'s
games), and kept only if the list still replays: full records, Armut, quick rows (solo
ones too), redeals, and penalty rows — minor, unsporting deductions, and the 9.4.4 penalty
that voids a solo.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.errors import RoundError
from scoring.interchange import record_to_dict
from scoring.interchange.stats import list_from_dict
from scoring.records import Kind
from scoring.round import RoundState
from scoring.rules import PRESETS
from scoring.simulate import next_random_game

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Erika"]
PROFILES = sorted(PRESETS)


def _quick(rng: random.Random, state: RoundState, triggers: int) -> dict[str, Any]:
    nxt = state.next_game
    assert nxt is not None
    players = list(nxt.players)
    value = rng.randint(0, 6)
    row: dict[str, Any] = {"kind": "quick", "players": players, "value": value}
    if nxt.vorfuehrung is not None or (not state.rules.pflicht and rng.random() < 0.25):
        soloist = nxt.vorfuehrung or rng.choice(players)
        row["soloist"] = soloist
        row["pflicht"] = nxt.vorfuehrung is not None
        others = [p for p in players if p != soloist]
        row["winners"] = [soloist] if rng.random() < 0.5 else others
    else:
        row["winners"] = rng.sample(players, 2)
    if value == 0 and rng.random() < 0.5:
        row["winners"] = []
    if triggers:
        row["bock_triggers"] = rng.randint(0, triggers)
    return row


def _penalty(rng: random.Random, state: RoundState, number: int) -> dict[str, Any] | None:
    row = next(r for r in reversed(state.rows) if r.is_game)
    soloist = row.soloist
    roll = rng.random()
    if roll < 0.4:
        return {
            "after_game": number,
            "kind": "unsporting",
            "offender": rng.choice(state.seats),
            "points": rng.randint(1, 12),
        }
    if soloist is not None and roll < 0.7:
        offender = rng.choice([p for p in row.players if p != soloist])
        kind = "serious_solo_opponent" if roll < 0.55 else "minor_solo_harm"
        return {
            "after_game": number,
            "kind": kind,
            "offender": offender,
            "beneficiary": soloist,
            "absagen": rng.randint(0, 4) if kind == "serious_solo_opponent" else 0,
        }
    return {"after_game": number, "kind": "minor", "offender": rng.choice(row.players)}


def random_list(
    rng: random.Random, profile: str = "tsr", size: int = 4, games: int | None = None
) -> dict[str, Any]:
    """A valid list of ``size`` players by ``profile`` (a preset name) with up to ``games``
    game rows (default: random, possibly the whole round)."""
    rules = PRESETS[profile]
    data: dict[str, Any] = {"seats": NAMES[:size], "games": [], "penalties": []}
    if profile != "tsr" or rng.random() < 0.5:
        data["rules"] = profile
    limit = rng.randint(0, 32) if games is None else games
    number = 0
    state = list_from_dict(data)
    triggers = len(rules.bock.triggers) if rules.bock else 0
    while state.next_game is not None and number < limit:
        roll = rng.random()
        entry: dict[str, Any]
        if rules.schmeissen and roll < 0.05:
            entry = {"kind": "geschmissen"}
        elif roll < 0.2:
            entry = _quick(rng, state, triggers)
        else:
            entry = record_to_dict(next_random_game(rng, state))
            if rules.armut and entry["kind"] == Kind.NORMAL.value and rng.random() < 0.1:
                entry["kind"] = Kind.ARMUT.value
        data["games"].append(entry)
        try:
            state = list_from_dict(data)
        except RoundError:  # e.g. a quick solo the procedure does not allow here
            data["games"].pop()
            continue
        if entry["kind"] == "geschmissen":
            continue
        number += 1
        if rng.random() < 0.12:
            penalty = _penalty(rng, state, number)
            if penalty is not None:
                data["penalties"].append(penalty)
                try:
                    state = list_from_dict(data)
                except RoundError:
                    data["penalties"].pop()
    if not data["penalties"]:
        del data["penalties"]
    return data
