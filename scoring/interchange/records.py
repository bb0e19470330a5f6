"""Game records in and out (scoring.md §1): the JSON vocabularies, a played game, a quick
row (``{"kind": "quick", …}``), a redeal (``{"kind": "geschmissen"}``), any entry of a list.

Reading untrusted JSON checks types and vocabulary here, with stable error codes; the
semantic checks (party sizes, Augen, Sonderpunkte) live in ``GameRecord`` and ``QuickGame``.
"""

from __future__ import annotations

from typing import Any

from scoring.errors import GameRecordError
from scoring.game import check_record
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
from scoring.rules import TSR, RuleProfile

# --- vocabularies: the codes the JSON uses ----------------------------------------------

KINDS: frozenset[str] = frozenset(k.value for k in Kind if k is not Kind.ARMUT)  # TSR kinds
HOUSE_KINDS: frozenset[str] = KINDS | {Kind.ARMUT.value}
REDEAL_KIND, QUICK_KIND = "geschmissen", "quick"
SOLO_TYPES: frozenset[str] = frozenset(s.value for s in SoloType)
LEVEL_CODES: tuple[str, ...] = tuple(level.code for level in Level)
PARTIES: frozenset[str] = frozenset(p.value for p in Party)

_KIND = {k.value: k for k in Kind}
_SOLO = {s.value: s for s in SoloType}
_PARTY = {p.value: p for p in Party}
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


# --- quick rows, redeals, any entry -------------------------------------------------------


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
