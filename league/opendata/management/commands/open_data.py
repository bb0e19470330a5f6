"""``manage.py open_data [-o DIR]``: the public results as CSV files and a manifest
(docs/open-data.md) in a new dated folder of DIR (default ``OPEN_DATA_DIR``), written
whole or not at all; one runner at a time across instances (league/core/jobs.py), started
nightly by deploy/systemd/doko-open-data.timer or the crontab."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.core.errors import ServiceError
from league.core.jobs import exclusive
from league.opendata.export import open_data_dir, open_data_write


class Command(BaseCommand):
    help = "Write the public open-data export (CSV files and manifest.json) into DIR."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "-o", "--output", metavar="DIR", default="", help="default: OPEN_DATA_DIR"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["output"]) if options["output"] else open_data_dir()
        with exclusive("open_data", lease=dt.timedelta(hours=2)) as mine:
            if not mine:
                self.stdout.write("Läuft schon (eine andere Instanz exportiert gerade).")
                return
            try:
                export = open_data_write(directory=directory)
            except ServiceError as err:
                raise CommandError(err.message) from None
        rows = sum(f.rows for f in export.files)
        files = len(export.files)
        self.stdout.write(f"Offene Daten {export.path}: {files} Dateien, {rows} Zeilen.")
