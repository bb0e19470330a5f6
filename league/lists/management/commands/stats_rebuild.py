"""``manage.py stats_rebuild [LIST_ID ...]``: the derived statistics rows (``StatLine``)
of every list, or of the lists named, again from the stored games. ``--missing``: only the
lists that have results but no rows yet (a database from before the rows existed; cheap
when there are none, so ``make run`` and the venue run it at every start). ``--places``:
where every list stands asked of its owner again (``lists.placement``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.core.jobs import exclusive
from league.lists.models import Spielliste
from league.lists.placement import places_rebuild
from league.lists.stats import lists_without_stats, stats_rebuild


class Command(BaseCommand):
    help = "Rebuild the derived per-player statistics of every list (or of the lists named)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("list_ids", type=int, nargs="*")
        parser.add_argument(
            "--missing",
            action="store_true",
            help="only lists with results and no rows",
        )
        parser.add_argument(
            "--places", action="store_true", help="where every list stands, asked again"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # A scheduled rebuild may start on two instances at once: one runs.
        with exclusive("stats_rebuild", lease=dt.timedelta(hours=2)) as mine:
            if not mine:
                self.stdout.write("Läuft schon (eine andere Instanz baut gerade neu).")
                return
            self._rebuild(options)

    def _rebuild(self, options: dict[str, Any]) -> None:
        if options["missing"]:
            missing = lists_without_stats()
            count = stats_rebuild(missing) if missing else 0
        elif options["places"]:
            placed = places_rebuild(Spielliste.objects.values_list("pk", flat=True))
            self.stdout.write(f"{placed} lists placed")
            return
        else:
            count = stats_rebuild(options["list_ids"] or None)
        self.stdout.write(f"{count} lists rebuilt")
