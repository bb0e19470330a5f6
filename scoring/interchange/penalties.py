"""Penalty rows in and out (round.md "Penalty rows")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.penalties import Penalty, PenaltyError, PenaltyKind

PENALTY_KINDS: tuple[str, ...] = tuple(k.value for k in PenaltyKind)
_PENALTY_KIND = {k.value: k for k in PenaltyKind}
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
