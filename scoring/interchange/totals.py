"""A table's final totals typed from the paper list, in and checked out (scoring.totals)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.errors import TotalsError
from scoring.messages import Translate, identity, render
from scoring.totals import TableTotals, TotalsCheck, check_totals

_TOTALS_FIELDS = frozenset({"table", "totals", "deduction"})


def check_totals_from_dict(data: Any, seats: Sequence[str]) -> TotalsCheck:
    """Check ``{"table": t, "totals": {name: points}, "deduction": {name: points}?}``
    against the table's ``seats``; raise TotalsError (the first problem) on anything off.
    ``table`` may be left out (None)."""
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
