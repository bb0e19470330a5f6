"""A list's history as sentences ("Spiel 5 berichtigt: Re-Augen 85 → 95"), by role.

The public sees who acted by role and table ("Tisch 7", "Turnierleitung"); organisers and
staff also see the account (api.md). Raw before/after data stays in the audit log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from league.core import messages
from league.core.actions import action_sentence, actor_label
from league.core.models import AuditEntry
from scoring.interchange import QUICK_KIND

Role = AuditEntry.Role


@dataclass(frozen=True)
class ChangeLine:
    at: datetime
    who: str  # the role, e.g. "Tisch 7"
    account: str  # the account's name, "" for a code session
    text: str


def _who(entry: AuditEntry) -> str:
    if entry.role == Role.TABLE:
        # "Tisch 3" as written (in the writer's language), read in the reader's
        return actor_label(entry.role_label) if entry.role_label else str(Role.TABLE.label)
    if entry.role:
        return str(Role(entry.role).label)
    return _("System") if entry.user_id is None else _("Verwaltung")


def _level(code: Any) -> str:
    return "—" if code in (None, "none") else messages.label("level", str(code))


def _value(field: str, value: Any, shown: Mapping[str, str]) -> str:
    if value is None or value == "":
        return "—"
    if field == "kind":
        if value == QUICK_KIND:  # a quick row
            return messages.render("row_quick")
        return messages.label("kind", str(value))
    if field == "solo":
        return messages.label("solo", str(value))
    if field in ("schwarz",):
        return messages.label("party", str(value))
    if field == "pflicht":
        return _("ja") if value else _("nein")
    if isinstance(value, list):
        return ", ".join(shown.get(str(v), str(v)) for v in value)
    return str(value)


FIELD_LABELS: Mapping[str, str] = {
    "kind": "Spielart",
    "solo": "Soloart",
    "pflicht": "Pflichtsolo",
    "players": "Mitspieler",
    "re": "Re-Partei",
    "re_augen": "Re-Augen",
    "schwarz": "Schwarz",
    # quick rows
    "winners": "Gewinner",
    "value": "Spielwert",
    "soloist": "Solo von",
    "bock_triggers": "Bock-Auslöser",
}


def record_changes(
    before: Mapping[str, Any], after: Mapping[str, Any], shown: Mapping[str, str]
) -> list[str]:
    """What a correction changed, one phrase per field, in the active language."""
    out = []
    for field, label in FIELD_LABELS.items():
        if before.get(field) != after.get(field):
            old = _value(field, before.get(field), shown)
            new = _value(field, after.get(field), shown)
            out.append(f"{_(label)} {old} → {new}")
    for party in ("re", "kontra"):
        was = (before.get("announcements") or {}).get(party)
        now = (after.get("announcements") or {}).get(party)
        if was != now:
            label = _("Ansage Re") if party == "re" else _("Ansage Kontra")
            out.append(f"{label} {_level(was)} → {_level(now)}")
    if (before.get("specials") or {}) != (after.get("specials") or {}):
        out.append(_("Sonderpunkte geändert"))
    return out


def _text(entry: AuditEntry, shown: Mapping[str, str]) -> str:
    n = entry.item
    before, after = entry.before or {}, entry.after or {}
    action = entry.action
    if action == "correct":
        changes = record_changes(before, after, shown)
        detail = "; ".join(changes) if changes else _("keine Änderung")
        return _("Spiel %(n)s berichtigt: %(what)s") % {"n": n, "what": detail}
    if action in ("penalty", "penalty_delete"):
        data = after if action == "penalty" else before
        kind = messages.label("penalty_short", str(data.get("kind", "")))
        text = _("Strafzeile nach Spiel %(n)s: %(kind)s (%(who)s)") % {
            "n": n,
            "kind": kind,
            "who": shown.get(str(data.get("offender", "")), data.get("offender", "")),
        }
        return text if action == "penalty" else _("gelöscht: %(what)s") % {"what": text}
    if action == "substitute":
        name = str(after.get("name", ""))
        values = dict(after, name=shown.get(name, name))
        return action_sentence(action, target=entry.target, item=n, after=values)
    if action == "kasse":
        cent = after.get("kasse_cent")
        if not cent:
            return _("Kasse aufgehoben")
        return _("Kasse: %(cent)s Cent je Punkt") % {"cent": cent}
    return action_sentence(action, target=entry.target, item=n, before=before, after=after)


def change_lines(
    entries: Iterable[AuditEntry], shown: Mapping[str, str] | None = None
) -> list[ChangeLine]:
    """``shown`` maps names at the table to what this reader may see (aliases)."""
    shown = shown or {}
    return [
        ChangeLine(
            at=entry.at,
            who=_who(entry),
            account=entry.actor if entry.user_id is not None else "",
            text=_text(entry, shown),
        )
        for entry in entries
    ]
