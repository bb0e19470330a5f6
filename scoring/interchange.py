"""Every JSON shape the engine reads or writes (scoring.md §1, round.md, the CLI contracts).

Reading untrusted JSON checks types and vocabulary here, with stable error codes; the
semantic checks (party sizes, Augen, Sonderpunkte, penalty rules, the round's procedure)
live in the model classes, so that an object built in Python is held to the same rules.
Writing turns results and round states into plain dicts (and, for the CLI's hot path, a
game result straight into JSON text). The CLIs and the web API call only these functions.

    record_from_dict / record_to_dict      a game record (scoring.md §1)
    result_to_dict / result_to_json        a scored game: winner, points, breakdown
    penalty_from_dict / penalty_to_dict    a penalty row (round.md)
    round_from_dict                        a round input: seats, games, penalties, time up
    state_to_dict / row_to_dict            a replayed round, as ``python -m scoring round``
    check_totals_from_dict                 a table's final totals checked (the site API's input)
    rules_from_dict / rules_to_dict        a rule profile's options (house-rules.md)
    totals_check_to_dict                   a checked entry with its warnings
    error_to_dict                          an error object, its message in any language
    schedule_to_dict                       a league schedule (``python -m scoring schedule``)
    liga_from_dict / league_table_to_dict  Spieltage in, the league table out (``liga``)
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoring.errors import GameRecordError, RoundError, RulesError, ScoringError, TotalsError
from scoring.game import check_record
from scoring.messages import Translate, identity
from scoring.penalties import Penalty, PenaltyError, PenaltyKind
from scoring.quick import QuickGame
from scoring.records import (
    NO_ANNOUNCEMENTS,
    NO_SPECIALS,
    REDEAL,
    Announcements,
    GameRecord,
    Kind,
    Level,
    Party,
    Redeal,
    SoloType,
    Specials,
)
from scoring.results import BreakdownLine, GameResult
from scoring.rules import (
    GAMES_OPEN,
    SOLO_BONUS_VALUES,
    TSR,
    AnnouncementMode,
    BockRule,
    BockTrigger,
    Pflichtsolo,
    RepeatDeal,
    RuleProfile,
    Stacking,
    bock_triggers_of,
)

if TYPE_CHECKING:  # the round machine loads on first use: the score CLI never needs it
    from scoring.liga import TableRow
    from scoring.rangliste import Rangliste, RatedResult
    from scoring.round import RoundState, Row
    from scoring.schedule import Schedule
    from scoring.totals import TableTotals, TotalsCheck

# --- vocabularies: the codes the JSON uses ----------------------------------------------

KINDS: frozenset[str] = frozenset(k.value for k in Kind if k is not Kind.ARMUT)  # TSR kinds
HOUSE_KINDS: frozenset[str] = KINDS | {Kind.ARMUT.value}
REDEAL_KIND, QUICK_KIND = "geschmissen", "quick"
SOLO_TYPES: frozenset[str] = frozenset(s.value for s in SoloType)
LEVEL_CODES: tuple[str, ...] = tuple(level.code for level in Level)
PARTIES: frozenset[str] = frozenset(p.value for p in Party)
PENALTY_KINDS: tuple[str, ...] = tuple(k.value for k in PenaltyKind)

_KIND = {k.value: k for k in Kind}
_SOLO = {s.value: s for s in SoloType}
_PARTY = {p.value: p for p in Party}
_PENALTY_KIND = {k.value: k for k in PenaltyKind}
# All 36 announcement pairs exist up front: parsing a record then costs one lookup.
_ANNOUNCEMENTS = {
    (re, kontra): Announcements(Level.from_code(re), Level.from_code(kontra))
    for re in LEVEL_CODES
    for kontra in LEVEL_CODES
}
_RECORD_FIELDS = frozenset(
    {
        "kind",
        "solo",
        "pflicht",
        "players",
        "re",
        "re_augen",
        "schwarz",
        "announcements",
        "specials",
        "bock",
    }
)
_RECORD_REQUIRED = ("kind", "players", "re", "re_augen")
_SPECIAL_KEYS = frozenset({"doppelkopf", "fuchs", "karlchen", "karlchen_gefangen", "herzstich"})
_STR = {str}


# --- game records -------------------------------------------------------------------------


def record_from_dict(data: Any, rules: RuleProfile = TSR) -> GameRecord:
    """Parse untrusted JSON (scoring.md §1); raise GameRecordError on anything off,
    also for an option ``rules`` does not enable (house-rules.md)."""
    if not isinstance(data, dict):
        raise GameRecordError("not_an_object")
    if not data.keys() <= _RECORD_FIELDS:
        unknown = sorted(str(k) for k in data.keys() - _RECORD_FIELDS)[0]
        raise GameRecordError("unknown_field", {"name": unknown}, field=unknown)
    for name in _RECORD_REQUIRED:
        if name not in data:
            raise GameRecordError("missing_field", {"name": name}, field=name)

    kind = data["kind"]
    if type(kind) is not str or kind not in KINDS:
        if kind == Kind.ARMUT.value:
            if not rules.armut:
                raise GameRecordError("option_not_enabled", {"name": "armut"}, field="kind")
        else:
            allowed = HOUSE_KINDS if rules.armut else KINDS
            raise GameRecordError(
                "invalid_kind", {"value": repr(kind), "allowed": _choices(allowed)}, field="kind"
            )
    solo = data.get("solo")
    if solo is not None and (type(solo) is not str or solo not in SOLO_TYPES):
        raise GameRecordError(
            "invalid_solo", {"value": repr(solo), "allowed": _choices(SOLO_TYPES)}, field="solo"
        )
    pflicht = data.get("pflicht", False)
    if pflicht is None:
        pflicht = False
    if type(pflicht) is not bool:
        raise _invalid_type("pflicht", "bool")

    players = data["players"]
    if type(players) is not list or not set(map(type, players)) <= _STR:
        raise _invalid_type("players", "names")
    re = data["re"]
    if type(re) is not list or not set(map(type, re)) <= _STR:
        raise _invalid_type("re", "names")
    augen = data["re_augen"]
    if type(augen) is not int:
        raise GameRecordError("augen_out_of_range", field="re_augen")
    schwarz = data.get("schwarz")
    if schwarz is not None and (type(schwarz) is not str or schwarz not in PARTIES):
        raise GameRecordError("invalid_schwarz", field="schwarz")

    bock = data.get("bock")
    if bock is not None and type(bock) is not int:
        raise GameRecordError("invalid_bock", field="bock")
    record = GameRecord(
        kind=_KIND[kind],
        players=tuple(players),
        re=tuple(re),
        re_augen=augen,
        solo=None if solo is None else _SOLO[solo],
        pflicht=pflicht,
        schwarz=None if schwarz is None else _PARTY[schwarz],
        announcements=_announcements_from_dict(data.get("announcements")),
        specials=_specials_from_dict(data.get("specials")),
        bock=bock,
    )
    if not record.specials.is_empty or record.kind is Kind.ARMUT or bock is not None:
        check_record(record, rules)
    return record


def _invalid_type(name: str, expected: str) -> GameRecordError:
    return GameRecordError("invalid_type", {"variant": expected, "name": name}, field=name)


def _choices(values: frozenset[str]) -> str:
    return ", ".join(sorted(values))


def _announcements_from_dict(data: Any) -> Announcements:
    if data is None:
        return NO_ANNOUNCEMENTS
    if type(data) is dict and len(data) == 2:
        re, kontra = data.get("re"), data.get("kontra")
        if type(re) is str and type(kontra) is str:
            fast = _ANNOUNCEMENTS.get((re, kontra))
            if fast is not None:
                return fast
    if not isinstance(data, dict):
        raise _invalid_type("announcements", "parties")
    for key in data:
        if key not in PARTIES:
            raise GameRecordError(
                "unknown_field",
                {"variant": "party", "name": str(key)},
                field=f"announcements.{key}",
            )
    levels = []
    for party in ("re", "kontra"):
        code = data.get(party, "none")
        if code is None:
            code = "none"
        if not isinstance(code, str) or code not in LEVEL_CODES:
            raise GameRecordError(
                "invalid_level",
                {"value": repr(code), "allowed": ", ".join(LEVEL_CODES)},
                field=f"announcements.{party}",
            )
        levels.append(Level.from_code(code))
    return Announcements(re=levels[0], kontra=levels[1])


def _specials_from_dict(data: Any) -> Specials:
    if data is None:
        return NO_SPECIALS
    if type(data) is not dict:
        raise _invalid_type("specials", "object")
    if not data.keys() <= _SPECIAL_KEYS:
        key = sorted(str(k) for k in data.keys() - _SPECIAL_KEYS)[0]
        raise GameRecordError(
            "unknown_field", {"variant": "special", "name": key}, field=f"specials.{key}"
        )
    dk_re, dk_kontra = _party_counts(data.get("doppelkopf"), "doppelkopf")
    fuchs_re, fuchs_kontra = _party_counts(data.get("fuchs"), "fuchs")
    karlchen = data.get("karlchen")
    if karlchen is not None and (type(karlchen) is not str or karlchen not in PARTIES):
        raise GameRecordError("invalid_karlchen", field="specials.karlchen")
    caught = data.get("karlchen_gefangen")
    if caught is not None and (type(caught) is not str or caught not in PARTIES):
        raise GameRecordError("invalid_karlchen_gefangen", field="specials.karlchen_gefangen")
    herz_re, herz_kontra = _party_counts(data.get("herzstich"), "herzstich")
    return Specials(
        doppelkopf_re=dk_re,
        doppelkopf_kontra=dk_kontra,
        fuchs_re=fuchs_re,
        fuchs_kontra=fuchs_kontra,
        karlchen=None if karlchen is None else _PARTY[karlchen],
        karlchen_gefangen=None if caught is None else _PARTY[caught],
        herzstich_re=herz_re,
        herzstich_kontra=herz_kontra,
    )


def _party_counts(per_party: Any, name: str) -> tuple[int, int]:
    """``{"re": n, "kontra": m}`` (either may be missing: 0) as ``(n, m)``."""
    if per_party is None:
        return 0, 0
    if type(per_party) is not dict:
        raise _invalid_type(f"specials.{name}", "parties")
    if not per_party.keys() <= PARTIES:
        key = sorted(str(k) for k in per_party.keys() - PARTIES)[0]
        raise GameRecordError(
            "unknown_field", {"variant": "party", "name": key}, field=f"specials.{name}.{key}"
        )
    re = per_party.get("re", 0)
    kontra = per_party.get("kontra", 0)
    for party, value in (("re", re), ("kontra", kontra)):
        if type(value) is not int:
            raise GameRecordError("invalid_count", field=f"specials.{name}.{party}")
        if value < 0:
            raise GameRecordError("negative_count", field=f"specials.{name}.{party}")
    return re, kontra


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """The record as scoring.md §1 JSON; ``specials`` only when there are any."""
    out: dict[str, Any] = {
        "kind": record.kind.value,
        "solo": None if record.solo is None else record.solo.value,
        "pflicht": record.pflicht,
        "players": list(record.players),
        "re": list(record.re),
        "re_augen": record.re_augen,
        "schwarz": None if record.schwarz is None else record.schwarz.value,
        "announcements": {
            "re": record.announcements.re.code,
            "kontra": record.announcements.kontra.code,
        },
    }
    if not record.specials.is_empty:
        out["specials"] = specials_to_dict(record.specials)
    if record.bock is not None:
        out["bock"] = record.bock
    return out


def specials_to_dict(specials: Specials) -> dict[str, Any]:
    """The ``specials`` object; the house-rule keys only when they hold something."""
    out: dict[str, Any] = {
        "doppelkopf": {"re": specials.doppelkopf_re, "kontra": specials.doppelkopf_kontra},
        "fuchs": {"re": specials.fuchs_re, "kontra": specials.fuchs_kontra},
        "karlchen": None if specials.karlchen is None else specials.karlchen.value,
    }
    if specials.has_house_specials:
        caught = specials.karlchen_gefangen
        out["karlchen_gefangen"] = None if caught is None else caught.value
        out["herzstich"] = {"re": specials.herzstich_re, "kontra": specials.herzstich_kontra}
    return out


# --- results ------------------------------------------------------------------------------


def breakdown_line_to_dict(line: BreakdownLine) -> dict[str, Any]:
    """One itemised line; labels are for display (``scoring.messages``) and left out."""
    return {"item": line.item, "key": line.key, "party": line.party.value, "points": line.points}


def breakdown_to_json(lines: Sequence[BreakdownLine]) -> str:
    return json.dumps([breakdown_line_to_dict(line) for line in lines])


def result_to_dict(
    result: GameResult, *, house: bool = False, triggers: Sequence[str] = ()
) -> dict[str, Any]:
    """The CLI's result object (issue contract): winner, points, breakdown; ``house``
    (a ``--rules`` profile) adds the net ``value`` before the factors, the ``doubling``
    and ``bock`` factors and the Bock ``bock_triggers`` the game fires."""
    out: dict[str, Any] = {
        "winner": None if result.winner is None else result.winner.value,
        "points": dict(result.points),
        "breakdown": [breakdown_line_to_dict(line) for line in result.breakdown],
    }
    if house:
        out["value"] = result.evaluation.value
        out["doubling"] = result.doubling
        out["bock"] = result.bock
        out["bock_triggers"] = list(triggers)
    return out


_WINNER_JSON = {None: "null", Party.RE: '"re"', Party.KONTRA: '"kontra"'}


def result_to_json(result: GameResult, name_json: Mapping[str, str]) -> str:
    """``json.dumps(result_to_dict(result))``, fast: the breakdown's JSON is made once per
    distinct evaluation (``Evaluation.breakdown_json``). ``name_json`` maps each player
    name to its JSON string literal."""
    points = ", ".join(f"{name_json[name]}: {pts}" for name, pts in result.points.items())
    ev = result.evaluation
    return (
        f'{{"winner": {_WINNER_JSON[ev.winner]}, "points": {{{points}}}, '
        f'"breakdown": {ev.breakdown_json}}}'
    )


# --- penalty rows -------------------------------------------------------------------------

_PENALTY_FIELDS = frozenset(
    {"after_game", "kind", "offender", "beneficiary", "absagen", "points", "referee"}
)


def penalty_from_dict(data: object) -> Penalty:
    """Parse an untrusted penalty row; raise PenaltyError on anything off."""
    if not isinstance(data, Mapping):
        raise PenaltyError("penalty_not_an_object")
    unknown = sorted(str(k) for k in data.keys() - _PENALTY_FIELDS)
    if unknown:
        raise PenaltyError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    for name in ("after_game", "kind", "offender"):
        if name not in data:
            raise PenaltyError("missing_field", {"name": name}, field=name)
    kind = data["kind"]
    if type(kind) is not str or kind not in _PENALTY_KIND:
        raise PenaltyError(
            "penalty_unknown_kind",
            {"value": repr(kind), "allowed": ", ".join(PENALTY_KINDS)},
            field="kind",
        )
    beneficiary = data.get("beneficiary")
    if beneficiary is not None and not isinstance(beneficiary, str):
        raise PenaltyError("penalty_invalid_beneficiary", field="beneficiary")
    referee = data.get("referee") or ""
    if not isinstance(referee, str):
        raise PenaltyError("invalid_type", {"variant": "name", "name": "referee"}, field="referee")
    return Penalty(
        after_game=data["after_game"],
        kind=_PENALTY_KIND[kind],
        offender=data["offender"],
        beneficiary=beneficiary,
        absagen=data.get("absagen", 0) or 0,
        points=data.get("points", 0) or 0,
        referee=referee,
    )


def penalty_to_dict(penalty: Penalty) -> dict[str, Any]:
    return {
        "after_game": penalty.after_game,
        "kind": penalty.kind.value,
        "offender": penalty.offender,
        "beneficiary": penalty.beneficiary,
        "absagen": penalty.absagen,
        "points": penalty.points,
    }


# --- rounds -------------------------------------------------------------------------------

_ROUND_FIELDS = frozenset({"seats", "games", "penalties", "time_up_after"})
_OPEN_ROUND_FIELDS = _ROUND_FIELDS | {"closed"}


class RoundInputUnreadable(Exception):
    """A round input that is not a JSON object (the CLI's exit status 2)."""


def round_from_dict(data: Any, rules: RuleProfile = TSR) -> RoundState:
    """Replay a round input ``{"seats", "games", "penalties"?, "time_up_after"?}`` (and
    ``"closed"?`` under ``games: open``) by ``rules``.

    Raises RoundInputUnreadable for a non-object, RoundError for anything else off.
    """
    if not isinstance(data, dict):
        raise RoundInputUnreadable("expected a JSON object with seats and games")
    fields = _OPEN_ROUND_FIELDS if rules.games_open else _ROUND_FIELDS
    unknown = sorted(str(k) for k in data.keys() - fields)
    if unknown:
        raise RoundError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise RoundError("invalid_seats", {"variant": "list"}, field="seats")
    time_up = data.get("time_up_after")
    if time_up is not None and type(time_up) is not int:
        raise RoundError("invalid_time_up", {"variant": "type"}, field="time_up_after")
    closed = data.get("closed", False)
    if type(closed) is not bool:
        raise RoundError("invalid_type", {"variant": "bool", "name": "closed"}, field="closed")
    from scoring.round import replay_round

    return replay_round(
        seats,
        games_from_list(data.get("games", []), rules),
        penalties_from_list(data.get("penalties")),
        time_up,
        rules=rules,
        closed=closed,
    )


def games_from_list(
    games: object, rules: RuleProfile = TSR
) -> list[GameRecord | QuickGame | Redeal]:
    """The game records of a round input; an error names its game (``game``, "Spiel k: …").

    Besides full records the list may hold quick rows (``{"kind": "quick", …}``) and,
    under ``schmeissen``, redeals (``{"kind": "geschmissen"}``); the returned list then
    holds ``QuickGame`` and ``Redeal`` entries too.
    """
    if not isinstance(games, list):
        raise RoundError("invalid_games", field="games")
    records: list[GameRecord | QuickGame | Redeal] = []
    number = 0
    for data in games:
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind != REDEAL_KIND:
            number += 1
        try:
            if kind == REDEAL_KIND:
                records.append(redeal_from_dict(data, rules))
            elif kind == QUICK_KIND:
                records.append(quick_from_dict(data))
            else:
                records.append(record_from_dict(data, rules))
        except GameRecordError as err:
            raise RoundError(
                err.code, err.params, field=err.field, game=number, context="wrap.game"
            ) from None
    return records


def redeal_from_dict(data: dict[str, Any], rules: RuleProfile = TSR) -> Redeal:
    """``{"kind": "geschmissen"}`` (house rule ``schmeissen``)."""
    if not rules.schmeissen:
        raise GameRecordError("option_not_enabled", {"name": "schmeissen"}, field="kind")
    unknown = sorted(str(k) for k in data.keys() - {"kind"})
    if unknown:
        raise GameRecordError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    return REDEAL


_QUICK_FIELDS = frozenset(
    {"kind", "players", "winners", "value", "soloist", "pflicht", "bock_triggers", "bock"}
)


def quick_from_dict(data: dict[str, Any]) -> QuickGame:
    """A quick row ``{"kind": "quick", "players", "winners", "value", "soloist"?,
    "pflicht"?, "bock_triggers"?, "bock"?}`` (``QuickGame``); GameRecordError on anything off."""
    unknown = sorted(str(k) for k in data.keys() - _QUICK_FIELDS)
    if unknown:
        raise GameRecordError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    for name in ("players", "winners", "value"):
        if name not in data:
            raise GameRecordError("missing_field", {"name": name}, field=name)
    for name in ("players", "winners"):
        names = data[name]
        if type(names) is not list or not set(map(type, names)) <= _STR:
            raise _invalid_type(name, "names")
    soloist = data.get("soloist")
    if soloist is not None and type(soloist) is not str:
        raise _invalid_type("soloist", "name")
    pflicht = data.get("pflicht", False)
    if type(pflicht) is not bool:
        raise _invalid_type("pflicht", "bool")
    bock = data.get("bock")
    if bock is not None and type(bock) is not int:
        raise GameRecordError("invalid_bock", field="bock")
    return QuickGame(
        players=tuple(data["players"]),
        winners=tuple(data["winners"]),
        value=data["value"],
        soloist=soloist,
        pflicht=pflicht,
        bock_triggers=data.get("bock_triggers", 0),
        bock=bock,
    )


def quick_to_dict(quick: QuickGame) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": QUICK_KIND,
        "players": list(quick.players),
        "winners": list(quick.winners),
        "value": quick.value,
        "soloist": quick.soloist,
        "pflicht": quick.pflicht,
        "bock_triggers": quick.bock_triggers,
    }
    if quick.bock is not None:
        out["bock"] = quick.bock
    return out


def entry_to_dict(entry: GameRecord | QuickGame | Redeal) -> dict[str, Any]:
    """Any entry of a list's games as JSON (record, quick row or redeal)."""
    if isinstance(entry, Redeal):
        return {"kind": REDEAL_KIND}
    if isinstance(entry, QuickGame):
        return quick_to_dict(entry)
    return record_to_dict(entry)


def penalties_from_list(penalties: object) -> list[Penalty]:
    """The penalty rows of a round input (None: none); errors say "Strafzeile: …"."""
    if penalties is None:
        return []
    if not isinstance(penalties, list):
        raise RoundError("invalid_penalties", field="penalties")
    out = []
    for data in penalties:
        try:
            out.append(penalty_from_dict(data))
        except PenaltyError as err:
            after = data.get("after_game") if isinstance(data, dict) else None
            raise RoundError(
                err.code,
                err.params,
                field=err.field,
                game=after if isinstance(after, int) else None,
                context="wrap.penalty",
            ) from None
    return out


def row_to_dict(row: Row, house: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": row.game,
        "dealer": row.dealer,
        "sitting_out": row.sitting_out,
        "kind": row.kind,
        "pflicht": row.pflicht,
        "vorfuehrung": row.vorfuehrung,
        "points": dict(row.points),
        "totals": dict(row.totals),
        "zero_sum": row.check.zero_sum,
        "parity": row.check.parity,
    }
    if row.record is not None and row.record.solo is not None:
        out["solo"] = row.record.solo.value
    if row.penalty is not None:
        out["penalty"] = penalty_to_dict(row.penalty)
    if row.voided:
        out["voided"] = True  # 9.4.4: the solo counts as played; its penalty row scores
    if house:
        out["bock"] = row.bock
        out["bock_triggers"] = row.bock_triggers
        if row.quick is not None:
            out["quick"] = True
            out["winners"] = list(row.quick.winners)
            out["value"] = row.quick.value
    return out


def state_to_dict(state: RoundState, house: bool | None = None) -> dict[str, Any]:
    """The round as ``python -m scoring round`` prints it (round.md, issue contract);
    ``game_in_progress``: time is up but the game dealt before is still to be entered.

    ``house`` (default: the state's profile is not the TSR; the CLI: ``--rules`` given)
    adds per row ``bock`` and ``bock_triggers`` and overall ``bock_queue``, ``closed``
    and ``can_close`` (house-rules.md "Contracts")."""
    if house is None:
        house = not state.rules.is_tsr
    nxt = state.next_game
    out: dict[str, Any] = {
        "rows": [row_to_dict(row, house) for row in state.rows],
        "totals": dict(state.totals),
        "games_left": state.games_left,
        "next_dealer": nxt.dealer if nxt else None,
        "next_sitting_out": nxt.sitting_out if nxt else None,
        "owes_pflichtsolo": list(state.owes_pflichtsolo),
        "next_vorfuehrung": nxt.vorfuehrung if nxt else None,
        "complete": state.complete,
        "game_in_progress": state.game_in_progress,
    }
    if house:
        out["bock_queue"] = list(state.bock_queue)
        out["closed"] = state.closed
        out["can_close"] = state.can_close
    return out


# --- rule profiles (scoring.rules, house-rules.md) ---------------------------------------

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
_GAMES_FIXED = 24
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
        elif type(games) is not int or games != _GAMES_FIXED:
            raise _invalid_option("games", games, [str(_GAMES_FIXED), GAMES_OPEN])
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
        "games": GAMES_OPEN if profile.games_open else _GAMES_FIXED,
        "bock": bock,
        "armut": profile.armut,
        "schmeissen": profile.schmeissen,
        "ohne_neunen": profile.ohne_neunen,
    }


# --- final totals of a table (scoring.totals) --------------------------------------------

_TOTALS_FIELDS = frozenset({"table", "totals", "deduction"})


def check_totals_from_dict(data: Any, seats: Sequence[str]) -> TotalsCheck:
    """Check ``{"table": t, "totals": {name: points}, "deduction": {name: points}?}``
    against the table's ``seats``; raise TotalsError (the first problem) on anything off.
    ``table`` may be left out (None)."""
    from scoring.totals import check_totals

    if not isinstance(data, dict):
        raise TotalsError("totals_not_an_object")
    unknown = sorted(str(k) for k in data.keys() - _TOTALS_FIELDS)
    if unknown:
        raise TotalsError("unknown_field", {"name": unknown[0]}, field=unknown[0])
    table = data.get("table")
    if table is not None and (type(table) is not int or table < 1):
        raise TotalsError("totals_invalid_table", field="table")
    if "totals" not in data:
        raise TotalsError("missing_field", {"name": "totals"}, field="totals")
    totals = data["totals"]
    if not isinstance(totals, dict):
        raise TotalsError("totals_invalid", field="totals")
    deduction = data.get("deduction")
    if deduction is not None and not isinstance(deduction, dict):
        raise TotalsError("totals_invalid", {"variant": "deduction"}, field="deduction")
    return check_totals(seats, totals, deduction, table=table)


def table_totals_to_dict(entry: TableTotals) -> dict[str, Any]:
    return {"table": entry.table, "totals": dict(entry.totals), "deduction": dict(entry.deduction)}


def totals_check_to_dict(check: TotalsCheck, translate: Translate = identity) -> dict[str, Any]:
    """The checked entry and its warnings: ``{"table", "totals", "deduction", "warnings":
    [{"code", "params", "message"}]}`` (messages in the language of ``translate``)."""
    from scoring.messages import render

    out = table_totals_to_dict(check.entry)
    out["warnings"] = [
        {
            "code": w.code,
            "params": dict(w.params),
            "message": render(f"warning.{w.code}", w.params, translate),
        }
        for w in check.warnings
    ]
    return out


# --- errors -------------------------------------------------------------------------------


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


# --- the Rangliste (competitions.md "Command-line contracts") ------------------------------

_RANGLISTE_FIELDS = frozenset({"as_of", "results"})
_RESULT_FIELDS = ("player", "tournament", "date", "bundesland", "rounds")


MAX_RATED_ROUNDS = 99
MAX_ROUND_POINTS = 99_999
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _rangliste_date(value: object, field: str) -> dt.date:
    """Exactly ``YYYY-MM-DD`` (Python also reads week dates like ``2024-W24-6``), from year
    100 on (the window reaches 24 months back)."""
    from scoring.rangliste import RanglisteError

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
    from scoring.rangliste import RanglisteError, RatedResult

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
    from scoring.rangliste import round_half_away

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
    from scoring.liga import LigaError

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
    from scoring.liga import number

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
