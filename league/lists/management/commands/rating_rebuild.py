"""``manage.py rating_rebuild``: the Spielstärke (rating.md) of every player again from every
rated list. ``--pending``: only what a correction far back left for the scheduler
(``lists.strength``; cheap when nothing is pending, so a timer may run it every minute)."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.core.jobs import exclusive
from league.lists.strength import rating_pending, rating_rebuild


class Command(BaseCommand):
    help = "Rebuild the Spielstärke of every player from the rated lists (or what is pending)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--pending", action="store_true", help="only a rebuild a correction left pending"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # A scheduled rebuild may start on two instances at once: one runs.
        with exclusive("rating_rebuild", lease=dt.timedelta(hours=2)) as mine:
            if not mine:
                self.stdout.write("Läuft schon (eine andere Instanz baut gerade neu).")
                return
            started = time.monotonic()
            count = rating_pending() if options["pending"] else rating_rebuild()
            if count is None:
                self.stdout.write("nothing pending")
                return
            self.stdout.write(f"{count} rated lists in {time.monotonic() - started:.1f} s")
