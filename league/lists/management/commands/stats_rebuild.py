"""``manage.py stats_rebuild [LIST_ID ...]``: the derived statistics rows (``StatLine``)
of every list, or of the lists named, again from the stored games."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.lists.stats import stats_rebuild


class Command(BaseCommand):
    help = "Rebuild the derived per-player statistics of every list (or of the lists named)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("list_ids", type=int, nargs="*")

    def handle(self, *args: Any, **options: Any) -> None:
        count = stats_rebuild(options["list_ids"] or None)
        self.stdout.write(f"{count} lists rebuilt")
