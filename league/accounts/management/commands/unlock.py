"""``manage.py unlock NAME [--adresse IP] [--passwort]``: a locked-out account gets back in
from the laptop's console, without mail (the venue has none): the user name's lockout is
lifted, with ``--adresse`` also a client address's, and with ``--passwort`` a new password
is asked twice (the site's validators; never a published demo password). Exit 1 for an
unknown account or a refused password."""

from __future__ import annotations

import getpass
import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.accounts.services import account_unlock
from league.core.audit import Actor

CONSOLE = Actor(None, label="Konsole")


class Command(BaseCommand):
    help = "Lift an account's login lockout (and set a new password) from the console."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--adresse", default="", help="also lift this client address's")
        parser.add_argument("--passwort", action="store_true", help="set a new password")

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        user = user_model.objects.filter(username__iexact=options["username"]).first()
        if user is None:
            raise CommandError(f"Kein Konto „{options['username']}“.")
        password = None
        if options["passwort"]:
            password = self._ask("Neues Passwort: ")
            if password != self._ask("Passwort wiederholen: "):
                raise CommandError("Die Passwörter stimmen nicht überein.")
        try:
            account_unlock(
                account=user, password=password, address=options["adresse"], user=CONSOLE
            )
        except ValidationError as err:
            raise CommandError(" ".join(err.messages)) from None
        self.stdout.write(f"Entsperrt: {user.get_username()}")

    def _ask(self, prompt: str) -> str:
        if sys.stdin.isatty():
            return getpass.getpass(prompt)
        self.stdout.write(prompt, ending="")
        return sys.stdin.readline().rstrip("\n")
