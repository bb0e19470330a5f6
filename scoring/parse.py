"""Untrusted JSON to ``GameRecord``: type and vocabulary checks with stable error codes.

The semantic checks (party sizes, Augen, Sonderpunkte) live in ``GameRecord`` itself so
that a record built in Python is held to the same rules as one read from JSON.
"""

from __future__ import annotations

from typing import Any

from scoring.errors import GameRecordError
from scoring.records import (
    KINDS,
    LEVEL_CODES,
    NO_ANNOUNCEMENTS,
    NO_SPECIALS,
    PARTIES,
    SOLO_TYPES,
    Announcements,
    GameRecord,
    Kind,
    Level,
    Party,
    SoloType,
    Specials,
)

_KIND = {k.value: k for k in Kind}
_SOLO = {s.value: s for s in SoloType}
_PARTY = {p.value: p for p in Party}
# All 36 announcement pairs exist up front: parsing a record then costs one lookup.
_ANNOUNCEMENTS = {
    (re, kontra): Announcements(Level.from_code(re), Level.from_code(kontra))
    for re in LEVEL_CODES
    for kontra in LEVEL_CODES
}
_FIELDS = frozenset(
    {"kind", "solo", "pflicht", "players", "re", "re_augen", "schwarz", "announcements", "specials"}
)
_REQUIRED = ("kind", "players", "re", "re_augen")
_STR = {str}


def parse_game_record(data: Any) -> GameRecord:
    if not isinstance(data, dict):
        raise GameRecordError("not_an_object", "", "Ein Spiel ist ein JSON-Objekt.")
    if not data.keys() <= _FIELDS:
        unknown = sorted(str(k) for k in data.keys() - _FIELDS)[0]
        raise GameRecordError("unknown_field", unknown, f"Unbekanntes Feld „{unknown}“.")
    for name in _REQUIRED:
        if name not in data:
            raise GameRecordError("missing_field", name, f"Das Feld „{name}“ fehlt.")

    kind = data["kind"]
    if type(kind) is not str or kind not in KINDS:
        raise GameRecordError(
            "invalid_kind", "kind", f"Unbekannte Spielart {kind!r}; erlaubt: {_choices(KINDS)}."
        )
    solo = data.get("solo")
    if solo is not None and (type(solo) is not str or solo not in SOLO_TYPES):
        raise GameRecordError(
            "invalid_solo", "solo", f"Unbekannte Soloart {solo!r}; erlaubt: {_choices(SOLO_TYPES)}."
        )
    pflicht = data.get("pflicht", False)
    if pflicht is None:
        pflicht = False
    if type(pflicht) is not bool:
        raise GameRecordError("invalid_type", "pflicht", "pflicht muss true oder false sein.")

    players = data["players"]
    if type(players) is not list or not set(map(type, players)) <= _STR:
        raise GameRecordError("invalid_type", "players", "players ist eine Liste von Namen.")
    re = data["re"]
    if type(re) is not list or not set(map(type, re)) <= _STR:
        raise GameRecordError("invalid_type", "re", "re ist eine Liste von Namen.")
    augen = data["re_augen"]
    if type(augen) is not int:
        raise GameRecordError(
            "augen_out_of_range", "re_augen", "Re-Augen müssen eine ganze Zahl 0–240 sein."
        )
    schwarz = data.get("schwarz")
    if schwarz is not None and (type(schwarz) is not str or schwarz not in PARTIES):
        raise GameRecordError("invalid_schwarz", "schwarz", 'schwarz ist null, "re" oder "kontra".')

    return GameRecord(
        kind=_KIND[kind],
        players=tuple(players),
        re=tuple(re),
        re_augen=augen,
        solo=None if solo is None else _SOLO[solo],
        pflicht=pflicht,
        schwarz=None if schwarz is None else _PARTY[schwarz],
        announcements=_parse_announcements(data.get("announcements")),
        specials=_parse_specials(data.get("specials")),
    )


def _choices(values: frozenset[str]) -> str:
    return ", ".join(sorted(values))


def _parse_announcements(data: Any) -> Announcements:
    if data is None:
        return NO_ANNOUNCEMENTS
    if type(data) is dict and len(data) == 2:
        re, kontra = data.get("re"), data.get("kontra")
        if type(re) is str and type(kontra) is str:
            fast = _ANNOUNCEMENTS.get((re, kontra))
            if fast is not None:
                return fast
    if not isinstance(data, dict):
        raise GameRecordError(
            "invalid_type", "announcements", "announcements ist ein Objekt mit re und kontra."
        )
    for key in data:
        if key not in PARTIES:
            raise GameRecordError(
                "unknown_field", f"announcements.{key}", f"Unbekannte Partei „{key}“."
            )
    levels = []
    for party in ("re", "kontra"):
        code = data.get(party, "none")
        if code is None:
            code = "none"
        if not isinstance(code, str) or code not in LEVEL_CODES:
            raise GameRecordError(
                "invalid_level",
                f"announcements.{party}",
                f"Unbekannte Ansage {code!r}; erlaubt: {', '.join(LEVEL_CODES)}.",
            )
        levels.append(Level.from_code(code))
    return Announcements(re=levels[0], kontra=levels[1])


def _parse_specials(data: Any) -> Specials:
    if data is None:
        return NO_SPECIALS
    if type(data) is not dict:
        raise GameRecordError("invalid_type", "specials", "specials ist ein Objekt.")
    if not data.keys() <= _SPECIAL_KEYS:
        key = sorted(str(k) for k in data.keys() - _SPECIAL_KEYS)[0]
        raise GameRecordError(
            "unknown_field", f"specials.{key}", f"Unbekannter Sonderpunkt „{key}“."
        )
    dk_re, dk_kontra = _party_counts(data.get("doppelkopf"), "doppelkopf")
    fuchs_re, fuchs_kontra = _party_counts(data.get("fuchs"), "fuchs")
    karlchen = data.get("karlchen")
    if karlchen is not None and (type(karlchen) is not str or karlchen not in PARTIES):
        raise GameRecordError(
            "invalid_karlchen", "specials.karlchen", 'karlchen ist null, "re" oder "kontra".'
        )
    return Specials(
        doppelkopf_re=dk_re,
        doppelkopf_kontra=dk_kontra,
        fuchs_re=fuchs_re,
        fuchs_kontra=fuchs_kontra,
        karlchen=None if karlchen is None else _PARTY[karlchen],
    )


_SPECIAL_KEYS = frozenset({"doppelkopf", "fuchs", "karlchen"})


def _party_counts(per_party: Any, name: str) -> tuple[int, int]:
    """``{"re": n, "kontra": m}`` (either may be missing: 0) as ``(n, m)``."""
    if per_party is None:
        return 0, 0
    if type(per_party) is not dict:
        raise GameRecordError(
            "invalid_type", f"specials.{name}", f"specials.{name} ist ein Objekt mit re/kontra."
        )
    if not per_party.keys() <= PARTIES:
        key = sorted(str(k) for k in per_party.keys() - PARTIES)[0]
        raise GameRecordError(
            "unknown_field", f"specials.{name}.{key}", f"Unbekannte Partei „{key}“."
        )
    re = per_party.get("re", 0)
    kontra = per_party.get("kontra", 0)
    for party, value in (("re", re), ("kontra", kontra)):
        if type(value) is not int:
            raise GameRecordError(
                "invalid_count", f"specials.{name}.{party}", "Anzahl muss eine ganze Zahl sein."
            )
        if value < 0:
            raise GameRecordError(
                "negative_count", f"specials.{name}.{party}", "Anzahl darf nicht negativ sein."
            )
    return re, kontra
