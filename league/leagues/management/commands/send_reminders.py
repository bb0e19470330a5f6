"""``manage.py send_reminders [--tage N] [--adresse URL]``: the league reminder mails that
are due (availability asked N days before, line-up due, result to confirm, a request to
move a Spieltag to answer or to approve), each sent once
(league.leagues.services.reminders) — for a cron job or a systemd timer, e.g. hourly. In development
the mails are printed on the console (settings.EMAIL_BACKEND)."""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.core.jobs import exclusive
from league.leagues.selectors import AVAILABILITY_DAYS
from league.leagues.services import reminders_send


class Command(BaseCommand):
    help = "Send the league reminder mails that are due (each only once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--tage",
            type=int,
            default=AVAILABILITY_DAYS,
            choices=range(0, 61),
            metavar="N",
            help="ask for availability N days before a Spieltag (0-60, default 7)",
        )
        parser.add_argument(
            "--adresse",
            default=os.environ.get("DJANGO_SITE_URL", "http://localhost:8000"),
            help="the site's address for the links in the mails (default $DJANGO_SITE_URL)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # Every instance's timer starts it: one runs, the others find the lease taken.
        with exclusive("send_reminders", lease=dt.timedelta(minutes=30)) as mine:
            if not mine:
                self.stdout.write("Läuft schon (eine andere Instanz verschickt gerade).")
                return
            sent = reminders_send(base_url=options["adresse"], availability_days=options["tage"])
        self.stdout.write(f"{sent} Erinnerung(en) verschickt.")
