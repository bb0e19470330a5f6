"""The audit log's part in the sections: every section's objects carry their history.

A backup exports an object's audit entries with it (``history_export``), checks them like
any other row (``history_check``) and restores them onto the new object with their
original time (``history_restore``). Forgetting a person replaces his names in the entries
the sections point at (``history_pseudonymise``); a merge moves a record's entries to the
surviving record (``history_move``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import models
from django.db.models import Case, Q, Value, When
from django.utils import timezone

from league.core.audit import target_label
from league.core.backup_fields import fits, need, text, when
from league.core.models import AuditEntry
from league.core.sections import Fault, Place

History = dict[str, dict[int, list[dict[str, Any]]]]


def history_export(ids: Mapping[str, Iterable[int]]) -> History:
    """The entries of the objects ``ids`` names ({"lists.spielliste": [3, 4]}), oldest first,
    by target and id, without the account (one query)."""
    out: History = {label: defaultdict(list) for label in ids}
    query = Q(pk__in=[])
    for label, pks in ids.items():
        pks = list(pks)
        if pks:
            query |= Q(target=label, target_id__in=pks)
    for entry in AuditEntry.objects.filter(query).order_by("at", "id"):
        out[entry.target][entry.target_id].append(
            {
                "at": entry.at.isoformat(),
                "actor": entry.actor,
                "role": entry.role,
                "role_label": entry.role_label,
                "action": entry.action,
                "item": entry.item,
                "before": entry.before,
                "after": entry.after,
            }
        )
    return out


_OPTIONAL_TEXT = ("actor", "role", "role_label")
# An action as the services write it: a word ("correct", "add_organiser").
_ACTION = re.compile(r"[a-z][a-z0-9_]*")


def history_check(value: Any, place: Place) -> None:
    """An object's exported history: a list of entries, each with its time and action and
    values the audit log's columns hold (older files may lack the actor and role)."""
    if value is None:
        return
    if not isinstance(value, list):
        raise Fault(place, "backup_field_type", {"key": "history"})
    roles = set(AuditEntry.Role.values) | {""}
    now = timezone.now()
    previous: dt.datetime | None = None
    for n, entry in enumerate(value, start=1):
        where: Place = (*place, ("history", n))
        action = need(entry, "action", str, where)
        text(entry, "action", where, AuditEntry)
        if not _ACTION.fullmatch(action):
            raise Fault(where, "backup_history_action", {"action": action[:40]})
        # A history is written as things happen: oldest first, nothing after the export.
        at = when(need(entry, "at", str, where), where, "at")
        assert at is not None
        if timezone.is_naive(at):
            at = timezone.make_aware(at)
        if at > now:
            raise Fault(where, "backup_history_future")
        if previous is not None and at < previous:
            raise Fault(where, "backup_history_order")
        previous = at
        for key in _OPTIONAL_TEXT:
            text(entry, key, where, AuditEntry, optional=True)
        if entry.get("role") and entry["role"] not in roles:
            raise Fault(where, "backup_role_unknown", {"role": entry["role"]})
        item = entry.get("item")
        if item is not None:
            fits(need(entry, "item", int, where), where, "item", AuditEntry, "item")
        for key in ("before", "after"):
            if entry.get(key) is not None:
                need(entry, key, (dict, list), where)


def history_restore(rows: Sequence[tuple[models.Model, Any]]) -> int:
    """The exported history (checked) as audit entries of the new objects, with their
    original time (``at`` is set on creation, so it is written afterwards in one statement
    per batch). Returns the number of entries."""
    entries: list[AuditEntry] = []
    times: list[dt.datetime | None] = []
    for obj, exported in rows:
        for e in exported or ():
            entries.append(
                AuditEntry(
                    actor=e.get("actor") or "",
                    role=e.get("role") or "",
                    role_label=e.get("role_label") or "",
                    action=e["action"],
                    target=target_label(obj),
                    target_id=obj.pk,
                    item=e.get("item"),
                    before=e.get("before"),
                    after=e.get("after"),
                )
            )
            times.append(when(e.get("at"), (), "at"))
    created = AuditEntry.objects.bulk_create(entries, batch_size=500)
    pairs = [(entry.pk, at) for entry, at in zip(created, times, strict=True) if at is not None]
    for start in range(0, len(pairs), 500):
        chunk = pairs[start : start + 500]
        AuditEntry.objects.filter(pk__in=[pk for pk, _ in chunk]).update(
            at=Case(*(When(pk=pk, then=Value(at)) for pk, at in chunk))
        )
    return len(entries)


def _replace(value: Any, old: set[str], new: str) -> Any:
    if isinstance(value, str):
        return new if value in old else value
    if isinstance(value, list):
        return [_replace(v, old, new) for v in value]
    if isinstance(value, dict):
        return {_replace(k, old, new): _replace(v, old, new) for k, v in value.items()}
    return value


def history_pseudonymise(conditions: Sequence[Q], old: set[str], new: str) -> int:
    """Every value equal to one of the ``old`` names in the before/after data of the entries
    ``conditions`` select becomes ``new``. Returns the number of entries changed."""
    if not conditions:
        return 0
    query = Q(pk__in=[])
    for condition in conditions:
        query |= condition
    touched = []
    for entry in AuditEntry.objects.filter(query):
        before, after = _replace(entry.before, old, new), _replace(entry.after, old, new)
        if (before, after) != (entry.before, entry.after):
            entry.before, entry.after = before, after
            touched.append(entry)
    AuditEntry.objects.bulk_update(touched, ["before", "after"])
    return len(touched)


def history_move(label: str, from_id: int, to_id: int) -> int:
    """The entries of object ``from_id`` become ``to_id``'s (a merged record's history)."""
    return AuditEntry.objects.filter(target=label, target_id=from_id).update(target_id=to_id)
