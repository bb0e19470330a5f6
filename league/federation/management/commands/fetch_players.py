"""``manage.py fetch_players --from URL [--token TOKEN]``: before the event, the federation
site's player register into this database (league/federation/register.py). Exit 0 with what was
copied; 1 when the site refused (its message printed); 3 when it cannot be reached (nothing
changed: run it again once there is a network)."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.federation.answers import SiteRefused, SiteUnreachable
from league.federation.register import register_fetch


class Command(BaseCommand):
    help = (
        "Copy the federation site's player register (DDV number, name, club, Landesverband) "
        "into this database."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from", dest="source", required=True, help="the site's address")
        parser.add_argument(
            "--token",
            default=os.environ.get("FEDERATION_TOKEN", ""),
            help="an API token of an account on the site (default $FEDERATION_TOKEN)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            copy = register_fetch(base=options["source"], token=options["token"])
        except SiteUnreachable as err:
            raise CommandError(
                f"Die Verbandsseite ist nicht erreichbar ({err}); nichts geändert, "
                "später noch einmal versuchen.",
                returncode=3,
            ) from None
        except SiteRefused as err:
            raise CommandError(
                f"Die Verbandsseite lehnt ab: {err.message} ({err.status}); nichts geändert.",
                returncode=1,
            ) from None
        self.stdout.write(
            f"Register: {copy.read} Spieler gelesen, {copy.created} neu, "
            f"{copy.updated} geändert, {copy.unchanged} unverändert; "
            f"{copy.clubs_created} Verein(e) neu."
        )
