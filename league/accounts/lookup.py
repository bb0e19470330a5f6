"""Finding an existing account by what people know of it: user name or e-mail address."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Q

from league.core.errors import ServiceError


def account_by_identifier(identifier: str) -> User:
    """The one active account with this user name or e-mail (case-insensitive)."""
    key = identifier.strip()
    found = list(
        User.objects.filter(Q(username__iexact=key) | Q(email__iexact=key), is_active=True)[:2]
    )
    if not key or len(found) != 1:
        raise ServiceError("account_unknown", {"who": key}, field="account")
    return found[0]
