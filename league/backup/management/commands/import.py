"""``manage.py import FILE [--dry-run] [--replace]``: restore a backup made by ``export``;
validates everything first and writes nothing on any error (exit 1; exit 2 for unreadable
JSON). A tournament that is here already (the same uid: imported before) is refused unless
``--replace``, which replaces it — its rounds, lists and results — by the file's."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.backup.services import BackupError, backup_import
from league.core.messages import render


class Command(BaseCommand):
    help = "Import a backup (JSON from 'export'): all or nothing; --dry-run only checks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument(
            "--dry-run", action="store_true", help="check and replay, write nothing"
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace a tournament imported before (the same uid) by the file's",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], encoding="utf-8") as source:
                doc = json.load(source)
        except OSError as err:
            raise CommandError(
                render("backup_unreadable", {"file": options["file"], "error": err.strerror}),
                returncode=2,
            ) from None
        except (ValueError, RecursionError) as err:  # JSONDecodeError, bad UTF-8, too deep
            raise CommandError(
                render("backup_not_json", {"file": options["file"], "error": err}), returncode=2
            ) from None
        try:
            summary = backup_import(doc=doc, dry_run=options["dry_run"], replace=options["replace"])
        except BackupError as err:
            for message in err.messages:
                self.stderr.write(message)
            raise CommandError(
                render("backup_refused", {"count": len(err.messages)}), returncode=1
            ) from None
        for line in summary.lines():
            self.stdout.write(line)
