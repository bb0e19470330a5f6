"""Site-wide roles staff grants (api.md "Who may do what"): the **Ranglistenwart** approves
tournaments for the Rangliste, merges player records and decides claims on records with
history. Nobody gives it to himself: it is the Django group of that name, which staff
assigns on the account's page in the admin (a data migration creates the group)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

RANGLISTENWART = "Ranglistenwart"


def is_ranglistenwart(user: User | AnonymousUser) -> bool:
    """Staff, or an account in the Ranglistenwart group (one query)."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return user.groups.filter(name=RANGLISTENWART).exists()
