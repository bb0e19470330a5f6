"""Adding and removing accounts of a role held in a many-to-many field (a tournament's
organisers, a club's managers): the same steps for every role, called by the owning
app's service inside its transaction, on the owner's locked row."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import models

from league.accounts.lookup import account_by_identifier
from league.core.audit import User as Writer
from league.core.audit import audit_record
from league.core.errors import ServiceError


def member_add(
    *, holder: models.Model, relation: str, account: str | User, role: str, user: Writer
) -> User:
    """Add ``account`` (or the one with this user name or e-mail) to ``holder.<relation>``.
    ``role`` names the codes: ``already_<role>`` and the audit action ``add_<role>``."""
    members = getattr(holder, relation)
    added = account if isinstance(account, User) else account_by_identifier(account)
    if members.filter(pk=added.pk).exists():
        raise ServiceError(f"already_{role}", {"who": added.get_username()}, field="account")
    members.add(added)
    audit_record(user=user, action=f"add_{role}", target=holder, after={"account": added.pk})
    return added


def member_remove(
    *, holder: models.Model, relation: str, account_id: int, role: str, user: Writer
) -> None:
    """Remove an account; the role always keeps at least one (``last_<role>``)."""
    members = getattr(holder, relation)
    ids = set(members.values_list("pk", flat=True))
    if account_id not in ids:
        raise ServiceError(f"not_{role}")
    if ids == {account_id}:
        raise ServiceError(f"last_{role}")
    members.remove(account_id)
    audit_record(user=user, action=f"remove_{role}", target=holder, before={"account": account_id})
