"""Accounts without an administrator: register, confirm by an e-mail link.

Decision: an account registered here is inactive (it cannot log in, so it cannot write
anything) until the link in its e-mail is opened; the link is signed like a password-reset
link (Django's token generator, valid ``PASSWORD_RESET_TIMEOUT``) and dies once used, since
the account's active flag is part of what it signs. An address that already has an account
gets a mail saying so instead, and a user name that is taken a mail asking for another one:
the form answers every well-formed registration alike (the "sent" page), so it tells nobody
which user names or addresses have accounts. Registration is counted per client address
and per e-mail address like the login lockout, and refused forms per client address (429
past the limits). An account whose link expired unconfirmed is deleted
(``accounts_unconfirmed_purge``: on every registration and by ``manage.py
purge_unconfirmed``), so a failed try squats no name. ``settings.REGISTRATION_OPEN`` turns
registration off (the venue install: the organiser invites).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import ProtectedError
from django.http import HttpRequest
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from league.core.audit import Actor, audit_record
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.core.throttle import blocked, client_key, record_failure

CLIENT_LIMIT = 5  # registrations from one client address …
EMAIL_LIMIT = 3  # … or for one e-mail address …
WINDOW = 60 * 60  # … within an hour
INVALID_LIMIT = 10  # … or refused forms (a taken name, a weak password) from one client
CLIENT_SCOPE = "register-client"
EMAIL_SCOPE = "register-email"
INVALID_SCOPE = "register-invalid"


class ConfirmationTokens(PasswordResetTokenGenerator):
    key_salt = "league.accounts.registration.ConfirmationTokens"

    def _make_hash_value(self, user: User, timestamp: int) -> str:
        return f"{super()._make_hash_value(user, timestamp)}{user.is_active}"


tokens = ConfirmationTokens()


def _email_key(email: str) -> str:
    return hashlib.sha256(email.strip().casefold().encode()).hexdigest()


def registration_blocked(request: HttpRequest, email: str) -> bool:
    """Used up: the client's registrations or refused forms, or the address's
    registrations (``email`` may be empty: a form without one)."""
    client = client_key(request)
    return (
        blocked(CLIENT_SCOPE, client, CLIENT_LIMIT)
        or blocked(INVALID_SCOPE, client, INVALID_LIMIT)
        or bool(email and blocked(EMAIL_SCOPE, _email_key(email), EMAIL_LIMIT))
    )


def registration_refused(request: HttpRequest) -> None:
    """Count a refused registration form of this client (like a wrong table code)."""
    record_failure(INVALID_SCOPE, client_key(request), WINDOW)


def registration_counted(request: HttpRequest, email: str) -> None:
    record_failure(CLIENT_SCOPE, client_key(request), WINDOW)
    record_failure(EMAIL_SCOPE, _email_key(email), WINDOW)


def confirmation_path(account: User) -> tuple[str, str]:
    """The two parts of the confirmation link: the account's id and the token."""
    return urlsafe_base64_encode(force_bytes(account.pk)), tokens.make_token(account)


def _expired_unconfirmed(now: dt.datetime) -> list[User]:
    """Accounts made by registration whose link expired unused: inactive, never logged in,
    joined before the link's lifetime, and nothing in the history but their registration
    (an account an administrator switched off is never one of them)."""
    cutoff = now - dt.timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)
    registered = AuditEntry.objects.filter(action="register", target="auth.user")
    other = AuditEntry.objects.exclude(action="register").filter(user__isnull=False)
    return list(
        User.objects.filter(is_active=False, last_login__isnull=True, date_joined__lt=cutoff)
        .filter(pk__in=registered.values("target_id"))
        .exclude(pk__in=other.values("user_id"))
        .order_by("pk")
    )


@transaction.atomic
def accounts_unconfirmed_purge(*, now: dt.datetime | None = None) -> list[str]:
    """Delete every account whose confirmation link expired unused (its user name and
    address are free again); one audit entry each. Returns the user names deleted."""
    deleted = []
    for account in _expired_unconfirmed(now or timezone.now()):
        name = account.get_username()
        audit_record(
            user=None,
            action="register_expired",
            target=account,
            before={"username": name},
        )
        try:
            with transaction.atomic():
                account.delete()
        except ProtectedError:  # something points at it after all: it stays
            continue
        deleted.append(name)
    return deleted


def _mail(subject: str, body: str, address: str) -> None:
    send_mail(subject, body, None, [address])


@transaction.atomic
def account_register(
    *, username: str, email: str, password: str, link: Callable[[User], str]
) -> User | None:
    """A new inactive account and the mail with its confirmation link (``link(account)``
    is its absolute address). An address that has an account already gets a note instead,
    a taken user name a mail asking for another one; then nothing is created (None), and
    the caller answers as for a new account. Accounts whose link expired unused are
    deleted first. The form validated the password."""
    name = username.strip()
    address = email.strip()
    if not name:
        raise ServiceError("username_taken", {"name": name}, field="username")
    accounts_unconfirmed_purge()
    existing = User.objects.filter(email__iexact=address).first()
    try:
        if existing is None and User.objects.filter(username__iexact=name).exists():
            _mail(
                _("Benutzername vergeben"),
                _(
                    "Hallo,\n\nden Benutzernamen „%(name)s“ gibt es bei der Doppelkopf-Liste "
                    "schon; es wurde kein Konto angelegt. Bitte mit einem anderen "
                    "Benutzernamen erneut registrieren.\n\nWer sich nicht angemeldet hat, "
                    "kann diese E-Mail löschen.\n"
                )
                % {"name": name},
                address,
            )
            return None
        if existing is not None:
            send_mail(
                _("Ihr Konto bei der Doppelkopf-Liste"),
                _(
                    "Hallo,\n\nfür diese Adresse gibt es schon ein Konto (%(name)s). Wer das "
                    "Passwort vergessen hat, kann auf der Anmeldeseite ein neues setzen.\n"
                )
                % {"name": existing.get_username()},
                None,
                [address],
            )
            return None
        account = User.objects.create_user(name, email=address, password=password)
        account.is_active = False
        account.save(update_fields=["is_active"])
        send_mail(
            _("Konto bestätigen"),
            _(
                "Hallo %(name)s,\n\nbitte diesen Link öffnen, um Ihr Konto bei der "
                "Doppelkopf-Liste zu bestätigen:\n\n%(link)s\n\nWer sich nicht angemeldet "
                "hat, kann diese E-Mail löschen.\n"
            )
            % {"name": name, "link": link(account)},
            None,
            [address],
        )
    except OSError:  # the mail server is down: nothing is kept, the person may try again
        raise ServiceError("mail_failed") from None
    audit_record(user=Actor(account), action="register", target=account)
    return account


@transaction.atomic
def account_confirm(*, uidb64: str, token: str) -> User:
    """Activate the account the link names; ServiceError ``confirmation_invalid`` for a
    wrong, used or expired link."""
    try:
        pk = int(force_str(urlsafe_base64_decode(uidb64)))
    except (ValueError, TypeError, OverflowError):
        raise ServiceError("confirmation_invalid") from None
    account = User.objects.select_for_update().filter(pk=pk).first()
    if account is None or account.is_active or not tokens.check_token(account, token):
        raise ServiceError("confirmation_invalid")
    account.is_active = True
    account.save(update_fields=["is_active"])
    audit_record(user=Actor(account), action="confirm", target=account)
    return account
