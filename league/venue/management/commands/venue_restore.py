"""``manage.py venue_restore [FILE]``: on another laptop, the newest Sicherung of the
backup folder (or FILE) into this database — migrate first, then ``manage.py import``
(checked completely first, all or nothing). Refuses a database that already holds
tournaments or lists unless ``--into-existing`` (imported objects always get new keys, so a
second restore would add everything twice)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.lists.models import Spielliste
from league.tournaments.models import Tournament
from league.venue.backups import backup_latest


class Command(BaseCommand):
    help = "Restore the newest backup of the backup folder (or FILE) into this database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default="")
        parser.add_argument("--into-existing", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["file"]:
            path = Path(options["file"])
        else:
            latest = backup_latest(Path(settings.VENUE_BACKUP_DIR))
            if latest is None:
                raise CommandError(f"Keine Sicherung in {settings.VENUE_BACKUP_DIR}.")
            path = latest.path
        call_command("migrate", interactive=False, verbosity=0)
        if not options["into_existing"] and (
            Tournament.objects.exists() or Spielliste.objects.exists()
        ):
            raise CommandError(
                "Die Datenbank enthält schon Turniere oder Listen; --into-existing fügt "
                "die Sicherung trotzdem hinzu (alles mit neuen Nummern)."
            )
        self.stdout.write(f"Stelle wieder her: {path}")
        call_command("import", str(path), stdout=self.stdout, stderr=self.stderr)
