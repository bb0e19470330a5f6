"""The demo's accounts and their passwords, which README prints: one source. ``load_demo``
creates the accounts from here; ``make venue`` and its organiser's account refuse every one
of these passwords (a database with a demo account that still logs in with one of them is
not started at an event)."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth import get_user_model

# user name → published password
DEMO_ACCOUNTS: Mapping[str, str] = {
    "admin": "doko-admin",  # staff, the demo tournament's and league's organiser
    "listenfuehrer": "doko-demo",  # keeps the demo club's lists
    "kapitaen": "doko-kapitaen",  # captains a demo league team
    "ranglistenwart": "doko-rangliste",  # the demo's Ranglistenwart
}
PUBLISHED_PASSWORDS = frozenset(DEMO_ACCOUNTS.values())


def is_published(password: str) -> bool:
    return password in PUBLISHED_PASSWORDS


def accounts_with_published_password() -> list[str]:
    """The active demo-named accounts that log in with any published password (a demo
    account whose password was changed to another demo's is just as open)."""
    found = []
    for user in get_user_model().objects.filter(username__in=DEMO_ACCOUNTS, is_active=True):
        own = DEMO_ACCOUNTS[user.get_username()]
        others = sorted(PUBLISHED_PASSWORDS - {own})
        if any(user.check_password(p) for p in (own, *others)):
            found.append(user.get_username())
    return sorted(found)
