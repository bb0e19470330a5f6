"""``manage.py purge_unconfirmed``: delete every account registered on the site whose
confirmation link expired unused (``league.accounts.registration``); the site also does
it on each registration. For a cron job; prints how many went."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from league.accounts.registration import accounts_unconfirmed_purge


class Command(BaseCommand):
    help = "Delete registered accounts whose confirmation link expired unused."

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = accounts_unconfirmed_purge()
        self.stdout.write(f"{len(deleted)} unbestätigte Konten gelöscht.")
