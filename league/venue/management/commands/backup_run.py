"""``manage.py backup_run [--dir DIR]``: one Sicherung of everything into the backup folder
(``VENUE_BACKUP_DIR``, default ./backups), checked as the import checks it, then the
folder's rotation (league/venue/backups.py) — for the federation's site, where a timer
starts it (deploy/systemd/doko-backup.timer, e.g. hourly) on every instance and one of them
runs it (league/core/jobs.py). The venue laptop makes its own (``manage.py venue``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.backup.services import BackupError
from league.core.jobs import exclusive
from league.venue.backups import backup_rotate, backup_write
from league.venue.selectors import backup_dir


class Command(BaseCommand):
    help = "Write one backup into the backup folder and rotate the folder (one runner at a time)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", default="", help="the backup folder (default: the setting)")

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["dir"]) if options["dir"] else backup_dir()
        with exclusive("backup_run", lease=dt.timedelta(hours=1)) as mine:
            if not mine:
                self.stdout.write("Läuft schon (eine andere Instanz sichert gerade).")
                return
            try:
                made = backup_write(directory=directory)
            except BackupError as err:
                raise CommandError("; ".join(err.messages)) from None
            except OSError as err:
                raise CommandError(f"{directory}: {err.strerror or err}") from None
            removed = backup_rotate(directory=directory)
        self.stdout.write(
            f"Sicherung {made.path} ({made.size} Bytes); {len(removed)} alte entfernt."
        )
