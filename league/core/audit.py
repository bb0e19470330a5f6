"""The one way to write an audit entry; called by every service inside its transaction.

Who wrote is an account, or a table-code session (api.md): an ``Actor`` names the role it
acted in ("Turnierleitung", "Tisch 7", "Listenführer") so that history can be shown to the
public by role, and to organisers and staff with the account as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models

from league.core.models import AuditEntry

ANONYMOUS_ACTOR = "anonym"


@dataclass(frozen=True)
class Actor:
    """Who makes a write: ``user`` (None for a code session), the ``role`` it acts in (a
    key of ``AuditEntry.Role``), a display ``label`` for that role where it names a table
    ("Tisch 7"), and the opaque id of a table-code session."""

    user: AbstractBaseUser | AnonymousUser | None
    role: str = ""
    label: str = ""
    session: str = ""


User = AbstractBaseUser | AnonymousUser | Actor | None


def target_label(obj: models.Model) -> str:
    return obj._meta.label_lower


def audit_record(
    *,
    user: User,
    action: str,
    target: models.Model,
    item: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEntry:
    actor = user if isinstance(user, Actor) else Actor(user)
    account = actor.user if actor.user is not None and actor.user.is_authenticated else None
    assert target.pk is not None, "audit entries name a stored object"
    return AuditEntry.objects.create(
        user=account if isinstance(account, get_user_model()) else None,
        actor=account.get_username() if account is not None else ANONYMOUS_ACTOR,
        role=actor.role,
        role_label=actor.label,
        session=actor.session,
        action=action,
        target=target_label(target),
        target_id=target.pk,
        item=item,
        before=before,
        after=after,
    )


def audit_field_set(
    locked: models.Model, field: str, value: Any, *, user: User, action: str = "update"
) -> bool:
    """Set one field of a locked row and leave the history entry of the change (before and
    after); nothing when it holds ``value`` already. True if it changed."""
    before = getattr(locked, field)
    if before == value:
        return False
    setattr(locked, field, value)
    locked.save(update_fields=[field])
    audit_record(
        user=user, action=action, target=locked, before={field: before}, after={field: value}
    )
    return True
