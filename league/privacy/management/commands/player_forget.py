"""``manage.py player_forget ID --yes``: pseudonymise one player everywhere."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.clubs.models import Player
from league.privacy.services import player_forget


class Command(BaseCommand):
    help = "Pseudonymise a player in lists, standings and history (DSGVO Art. 17)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("player_id", type=int)
        parser.add_argument("--yes", action="store_true", help="really do it")

    def handle(self, *args: Any, **options: Any) -> None:
        player = Player.objects.filter(pk=options["player_id"]).first()
        if player is None:
            raise CommandError(f"no player {options['player_id']}")
        if not options["yes"]:
            raise CommandError("this cannot be undone: repeat with --yes")
        forgotten = player_forget(player=player)
        self.stdout.write(f"player {forgotten.pk} is now {forgotten.name!r}")
