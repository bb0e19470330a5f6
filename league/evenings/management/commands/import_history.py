"""``manage.py import_history --club ID FILE``: a club's history from its spreadsheets
(history-import.md "Where"). Exit 0 printing what was imported; 1 with every error or
undecided proposal, one a line, nothing written; 2 for a file that cannot be read.
``--dry-run`` checks and prints the same without writing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from league.clubs.models import Club
from league.core.errors import ServiceError
from league.evenings.history import MAYBE, NEW, Preview, history_preview
from league.evenings.history_files import read_sheets
from league.evenings.services import HistoryRefused, club_history_import
from scoring.history import Layout, read_history
from scoring.messages import render_error


def _mapping(pairs: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for pair in pairs:
        name, eq, pid = pair.rpartition("=")
        if not eq or not name.strip() or not pid.strip().isdigit():
            raise CommandError(f"--map erwartet NAME=SPIELER_ID, nicht {pair!r}", returncode=1)
        out[name.strip()] = int(pid)
    return out


class Command(BaseCommand):
    help = "Importiert die Vereinsabende eines Vereins aus einer Tabelle (.xlsx, .ods, .csv)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", type=int, required=True, help="die ID des Vereins")
        parser.add_argument("file", help="die Datei (.xlsx, .ods oder .csv)")
        parser.add_argument("--dry-run", action="store_true", help="nur prüfen, nichts schreiben")
        parser.add_argument(
            "--totals", action="store_true", help="Layout „Abende“ (Summen je Abend und Tisch)"
        )
        parser.add_argument(
            "--map",
            action="append",
            default=[],
            metavar="NAME=PLAYER_ID",
            help="der Name der Datei ist dieser Spieler",
        )
        parser.add_argument(
            "--new",
            action="append",
            default=[],
            metavar="NAME",
            help="der Name der Datei ist ein neuer Spieler",
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="importierte Listen derselben Abende vorher entfernen",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        translation.activate("de")
        club = Club.objects.filter(pk=options["club"]).first()
        if club is None:
            raise CommandError(f"Verein {options['club']} gibt es nicht.", returncode=1)
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as err:
            self.stderr.write(f"{path}: {err.strerror or err}")
            sys.exit(2)
        try:
            sheets = read_sheets(data, path.name)
        except ServiceError as err:
            self.stderr.write(f"{path.name}: {err.message}")
            sys.exit(2)
        history = read_history(sheets, Layout.TOTALS if options["totals"] else Layout.GAMES)
        mapping, new = _mapping(options["map"]), list(options["new"])
        preview = history_preview(
            club=club,
            history=history,
            file_name=path.name,
            mapping=mapping,
            new=new,
            replace=options["replace"],
        )
        self._print(preview)
        if preview.errors:
            self._refuse(path.name, preview.errors)
        if options["dry_run"]:
            self.stdout.write("Probelauf: nichts geschrieben.")
            return
        try:
            done = club_history_import(
                club=club,
                history=history,
                file_name=path.name,
                mapping=mapping,
                new=new,
                replace=options["replace"],
            )
        except HistoryRefused as err:
            self._refuse(path.name, err.problems)
        except ServiceError as err:  # a name the player column cannot hold, and the like
            self.stderr.write(f"{path.name}: {err.message}; nichts übernommen.")
            sys.exit(1)
        self.stdout.write(
            f"Importiert: {done.evenings} Abende, {done.lists} Listen, {done.games} Spiele; "
            f"{done.matched} Spieler zugeordnet, {done.new_players} neu"
            + (f"; {done.replaced} alte Listen ersetzt." if done.replaced else ".")
        )

    def _refuse(self, name: str, problems: Any) -> None:
        self.stderr.write(f"{name}: {len(problems)} Fehler, nichts übernommen:")
        for problem in problems:
            self.stderr.write(render_error(problem))
        sys.exit(1)

    def _print(self, preview: Preview) -> None:
        h = preview.history
        self.stdout.write(
            f"{preview.file_name}: {len(preview.evenings)} Abende, {len(h.lists)} Listen, "
            f"{h.games} Spiele"
        )
        for sheet in h.skipped:
            self.stdout.write(f"  übersprungen: Blatt „{sheet}“")
        for ev in preview.evenings:
            self.stdout.write(f"  {ev.date:%d.%m.%Y}: {ev.lists} Listen, {ev.games} Spiele")
        for c in preview.names:
            if c.status == NEW:
                self.stdout.write(f"  „{c.name}“: neu")
            elif c.status == MAYBE:
                shown = "; ".join(f"{p.name} ({p.id}, {p.club or '—'})" for p in c.proposals)
                self.stdout.write(f"  „{c.name}“: vielleicht {shown}")
            else:
                self.stdout.write(f"  „{c.name}“: {c.player_name} ({c.player_id})")
