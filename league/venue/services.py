"""Writes of the venue set-up: the organiser's own account on first start.

Decision: the first start of a venue install (no superuser yet) creates exactly one
account, a superuser (staff: it organises every tournament and sees the health page).
Its password passes the site's password validators and is never one of the demo's
(README prints those); a database that still holds a demo account with its demo password
is refused by ``demo_accounts_open`` (the venue command stops and says which).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from league.accounts.published import accounts_with_published_password, is_published
from league.core.audit import Actor, audit_record

SETUP_ACTOR = Actor(None, label="Veranstaltung")


def venue_needs_organiser() -> bool:
    return not get_user_model().objects.filter(is_superuser=True, is_active=True).exists()


def demo_accounts_open() -> list[str]:
    """The demo accounts that still log in with a password the README prints."""
    return accounts_with_published_password()


@transaction.atomic
def venue_organiser_create(*, username: str, email: str, password: str) -> User:
    """The organiser's account (a superuser). Raises ``ValidationError`` (all messages)
    for a taken or empty name, a bad e-mail address, a weak or demo password."""
    user_model = get_user_model()
    username = username.strip()
    email = email.strip()
    errors: list[str] = []
    if not username:
        errors.append(_("Der Benutzername fehlt."))
    elif user_model.objects.filter(username__iexact=username).exists():
        errors.append(_("Den Benutzernamen gibt es schon."))
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors.append(_("Die E-Mail-Adresse ist ungültig."))
    if is_published(password):
        errors.append(_("Das Passwort der Demo ist öffentlich: bitte ein eigenes wählen."))
    try:
        validate_password(password, user_model(username=username, email=email))
    except ValidationError as err:
        errors += err.messages
    if errors:
        raise ValidationError(errors)
    user = user_model.objects.create_superuser(username, email, password)
    audit_record(user=SETUP_ACTOR, action="venue_organiser", target=user, after={"user": username})
    assert isinstance(user, User)
    return user
