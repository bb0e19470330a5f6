"""``manage.py publish --tournament ID --to URL [--token TOKEN]``: on the venue laptop, the
tournament to the federation's site (league/federation/sending.py). Exit 0 printing the
site's address of it; 1 when the site refused (its message printed); 3 when the site cannot
be reached (nothing changed there: run it again later — trying twice doubles nothing)."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.federation.answers import SiteRefused, SiteUnreachable
from league.federation.sending import publication_send
from league.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Publish a tournament to the federation's site (by its uid: once, replaced later)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tournament", type=int, required=True, metavar="ID")
        parser.add_argument("--to", required=True, metavar="URL", help="the site's address")
        parser.add_argument(
            "--token",
            default=os.environ.get("FEDERATION_TOKEN", ""),
            help="an API token of your account on the site (default $FEDERATION_TOKEN)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(pk=options["tournament"]).first()
        if tournament is None:
            raise CommandError(f"Turnier {options['tournament']} gibt es nicht.", returncode=2)
        if tournament.rehearsal:
            raise CommandError(
                "Ein Probelauf wird nicht an die Verbandsseite übertragen.", returncode=1
            )
        try:
            answer = publication_send(
                tournament=tournament, base=options["to"], token=options["token"]
            )
        except SiteUnreachable as err:
            raise CommandError(
                f"Die Verbandsseite ist nicht erreichbar ({err}); dort ist nichts geändert. "
                "Später noch einmal senden.",
                returncode=3,
            ) from None
        except SiteRefused as err:
            raise CommandError(
                f"Die Verbandsseite lehnt ab ({err.status}): {err.message}", returncode=1
            ) from None
        if answer.unchanged:
            self.stdout.write(f"Unverändert: {answer.url}")
        elif answer.status == 201:
            self.stdout.write(f"Veröffentlicht: {answer.url}")
        else:
            self.stdout.write(f"Ersetzt: {answer.url}")
        if answer.people_open:
            self.stdout.write(
                f"{answer.people_open} Teilnehmer ohne DDV-Nummer ähneln Spielern der "
                "Verbandsseite: dort unter „Offene Zuordnungen“ entscheiden "
                f"({options['to'].rstrip('/')}/verband/zuordnungen/); bis dahin zählt das "
                "Turnier nicht in der Rangliste."
            )
