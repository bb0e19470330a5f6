"""Invitations: create (and send the link), accept. Keyword-only, in a transaction, audited."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth.models import Group, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.accounts import lockout
from league.accounts.invitations import kind_of
from league.accounts.models import Invitation
from league.accounts.published import is_published
from league.accounts.roles import RANGLISTENWART
from league.core.audit import Actor, audit_record
from league.core.errors import ServiceError

VALID_FOR = timedelta(days=14)


@transaction.atomic
def invitation_create(
    *,
    kind: str,
    target_id: int,
    email: str,
    link: Callable[[str], str],
    player_id: int | None = None,
    user: Actor,
) -> Invitation:
    """Invite ``email``; ``link(token)`` is the absolute address of the accept page."""
    address = email.strip()
    try:
        validate_email(address)
    except Exception:
        raise ServiceError("invalid_email", {"email": address}, field="email") from None
    invitation = Invitation.objects.create(
        kind=kind,
        target_id=target_id,
        player_id=player_id,
        email=address,
        token=secrets.token_urlsafe(32),
        invited_by=user.user if isinstance(user.user, User) else None,
    )
    what = kind_of(kind).describe(target_id, player_id)
    try:
        _send(what, invitation, address, link)
    except OSError:  # SMTP down or refusing: nothing is kept, the inviter may try again
        raise ServiceError("mail_failed") from None
    audit_record(user=user, action="invite", target=invitation, after={"kind": kind})
    return invitation


def _send(what: str, invitation: Invitation, address: str, link: Callable[[str], str]) -> None:
    send_mail(
        _("Einladung: %(what)s") % {"what": what},
        _(
            "Hallo,\n\nSie sind eingeladen: %(what)s.\nZum Annehmen diesen Link öffnen "
            "(14 Tage gültig):\n\n%(link)s\n"
        )
        % {"what": what, "link": link(invitation.token)},
        None,
        [address],
    )


def invitation_open(*, token: str) -> Invitation:
    """The open invitation for ``token``, or ServiceError ``invitation_invalid``."""
    invitation = Invitation.objects.filter(token=token).first()
    if (
        invitation is None
        or invitation.accepted_at is not None
        or invitation.created_at < timezone.now() - VALID_FOR
    ):
        raise ServiceError("invitation_invalid")
    return invitation


def _claim(token: str) -> Invitation:
    """Take the open invitation for this request alone: one conditional UPDATE, so of two
    requests at once exactly one gets it (the other is refused and writes nothing)."""
    invitation = invitation_open(token=token)
    taken = Invitation.objects.filter(pk=invitation.pk, accepted_at__isnull=True).update(
        accepted_at=timezone.now()
    )
    if taken != 1:
        raise ServiceError("invitation_invalid")
    return Invitation.objects.select_for_update().get(pk=invitation.pk)


def _grant(locked: Invitation, account: User) -> str:
    actor = Actor(account)
    url = kind_of(locked.kind).accept(account, locked.target_id, locked.player_id, actor)
    locked.accepted_by = account
    locked.save(update_fields=["accepted_by"])
    audit_record(user=actor, action="accept", target=locked, after={"account": account.pk})
    return url


@transaction.atomic
def invitation_accept(*, token: str, account: User) -> str:
    """Grant what the invitation offers to ``account``; returns where to go next."""
    return _grant(_claim(token), account)


@transaction.atomic
def invitation_accept_new_account(*, token: str, username: str, password: str) -> tuple[User, str]:
    """A new account accepting the invitation, in one transaction with taking it: the same
    link opened twice at once makes one account, never two (issue 21)."""
    locked = _claim(token)
    account = account_create(username=username, email=locked.email, password=password)
    return account, _grant(locked, account)


@transaction.atomic
def account_create(*, username: str, email: str, password: str) -> User:
    """A new account for someone accepting an invitation (the form validated the password)."""
    name = username.strip()
    if not name or User.objects.filter(username__iexact=name).exists():
        raise ServiceError("username_taken", {"name": name}, field="username")
    account = User.objects.create_user(name, email=email.strip(), password=password)
    audit_record(user=Actor(account), action="create", target=account)
    return account


@transaction.atomic
def ranglistenwart_grant(
    *, account: User, granted: bool = True, user: User | Actor | None = None
) -> User:
    """Give ``account`` the Ranglistenwart role (or take it): staff's act — the admin's
    groups, ``load_demo`` and tests call this."""
    group, _created = Group.objects.get_or_create(name=RANGLISTENWART)
    if granted:
        account.groups.add(group)
    else:
        account.groups.remove(group)
    audit_record(user=user, action="role", target=account, after={RANGLISTENWART: granted})
    return account


@transaction.atomic
def account_unlock(
    *, account: User, password: str | None = None, address: str = "", user: Actor | None = None
) -> User:
    """Lift the account's login lockout (and of ``address``), setting a new ``password``
    when given: the console's way back in without mail (``manage.py unlock``). Raises
    ``ValidationError`` for a weak or published password, and then changes nothing."""
    if password is not None:
        problems = []
        if is_published(password):
            problems.append(_("Das Passwort der Demo ist öffentlich: bitte ein eigenes wählen."))
        try:
            validate_password(password, account)
        except ValidationError as err:
            problems += err.messages
        if problems:
            raise ValidationError(problems)
        account.set_password(password)
        account.save(update_fields=["password"])
    lockout.unlock(account.get_username(), address=address)
    audit_record(
        user=user,
        action="unlock",
        target=account,
        after={"password": password is not None, "address": bool(address)},
    )
    return account
