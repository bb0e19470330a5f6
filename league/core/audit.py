"""The one way to write an audit entry; called by every service inside its transaction."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models

from league.core.models import AuditEntry

User = AbstractBaseUser | AnonymousUser | None
ANONYMOUS_ACTOR = "anonym"


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
    real_user = user if user is not None and user.is_authenticated else None
    actor = real_user.get_username() if real_user is not None else ANONYMOUS_ACTOR
    assert target.pk is not None, "audit entries name a stored object"
    return AuditEntry.objects.create(
        user=real_user if isinstance(real_user, get_user_model()) else None,
        actor=actor,
        action=action,
        target=target_label(target),
        target_id=target.pk,
        item=item,
        before=before,
        after=after,
    )
