"""``manage.py player_export ID``: everything stored about one player, as JSON."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.clubs.models import Player
from league.privacy.services import player_export


class Command(BaseCommand):
    help = "Print everything stored about one player as JSON (DSGVO Art. 15)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("player_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        player = Player.objects.filter(pk=options["player_id"]).first()
        if player is None:
            raise CommandError(f"no player {options['player_id']}")
        self.stdout.write(json.dumps(player_export(player=player), ensure_ascii=False, indent=2))
