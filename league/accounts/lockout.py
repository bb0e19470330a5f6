"""Login lockout: how many wrong passwords a user name and a client address may try.

Decision: counters, not accounts. A user name is counted whether or not an account of that
name exists, so neither the lockout nor its message tells which names exist; and a right
password during a lockout is refused like a wrong one (otherwise the lockout would answer
the guess). The counters live in the cache (``league.core.throttle``); a lost cache only
forgets failures.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest

from league.core.throttle import blocked, clear, client_key, hold, record_failure

USERNAME_LIMIT = 5  # wrong passwords for one user name …
CLIENT_LIMIT = 20  # … or from one client address …
WINDOW = 15 * 60  # … within this many seconds; a lockout then lasts as long again
USERNAME_SCOPE = "login-user"
CLIENT_SCOPE = "login-client"


def _username_key(username: str) -> str:
    """Case does not matter (``Anna`` and ``anna`` share a counter); hashed, so any text
    makes a valid cache key."""
    return hashlib.sha256(username.casefold().encode()).hexdigest()


def login_blocked(request: HttpRequest, username: str) -> bool:
    return blocked(USERNAME_SCOPE, _username_key(username), USERNAME_LIMIT) or blocked(
        CLIENT_SCOPE, client_key(request), CLIENT_LIMIT
    )


def login_failed(request: HttpRequest, username: str) -> None:
    """Count a wrong password; the attempt that reaches a limit starts a full lockout."""
    for scope, key, limit in (
        (USERNAME_SCOPE, _username_key(username), USERNAME_LIMIT),
        (CLIENT_SCOPE, client_key(request), CLIENT_LIMIT),
    ):
        if record_failure(scope, key, WINDOW) >= limit:
            hold(scope, key, WINDOW)


def clear_username(username: str) -> None:
    """A right password, or a new one set through a reset link, clears the user name's
    counter (not the client's)."""
    clear(USERNAME_SCOPE, _username_key(username))


def unlock(username: str, *, address: str = "") -> None:
    """Lift a lockout from the console (``manage.py unlock``): the user name's counter, and
    a client address's when given."""
    clear(USERNAME_SCOPE, _username_key(username))
    if address:
        clear(CLIENT_SCOPE, address)
