"""``manage.py export [--tournament ID | --league ID | --club ID [--season YYYY]] [-o FILE]``:
a backup as JSON (league.backup.services)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.backup.services import ScopeNotFound, backup_export
from league.core.files import write_atomically
from league.core.messages import render
from league.core.sections import place_text


class Command(BaseCommand):
    help = (
        "Export everything, one tournament, one league season or one club (season) as one "
        "JSON document."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        scope = parser.add_mutually_exclusive_group()
        scope.add_argument("--tournament", type=int, metavar="ID")
        scope.add_argument("--league", type=int, metavar="ID", help="one league season")
        scope.add_argument("--club", type=int, metavar="ID")
        parser.add_argument("--season", type=int, metavar="YYYY", help="with --club only")
        parser.add_argument("-o", "--output", metavar="FILE", help="default: standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["season"] is not None and options["club"] is None:
            raise CommandError(render("backup_season_needs_club"))
        try:
            doc = backup_export(
                tournament_id=options["tournament"],
                club_id=options["club"],
                season=options["season"],
                league_id=options["league"],
            )
        except ScopeNotFound as missing:
            where = place_text(((missing.kind, missing.pk),))
            raise CommandError(render("backup_scope_missing", {"place": where})) from None
        text = json.dumps(doc, ensure_ascii=False, indent=1)
        if options["output"]:
            write_atomically(Path(options["output"]), text + "\n")
            self.stderr.write(
                f"{len(doc['tournaments'])} tournament(s), {len(doc['leagues'])} league(s), "
                f"{len(doc['lists'])} list(s), "
                f"{len(doc['players'])} player(s) → {options['output']}"
            )
        else:
            self.stdout.write(text)
