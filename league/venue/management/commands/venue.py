"""``manage.py venue``: the event day's server on this laptop for the phones in the hall
(``make venue``; issue 11). Needs ``DJANGO_ENV=venue`` (the Makefile sets it).

In order: migrate; collect the static files (served by whitenoise); on first start the
organiser's account (from ``VENUE_ADMIN_USER``/``VENUE_ADMIN_EMAIL``/``VENUE_ADMIN_PASSWORD``,
else asked on standard input); refuse while a demo account keeps its published password;
print the hall's addresses with a QR code, the projector and health page links, and write
the poster (``aushang.pdf``); then run gunicorn on all interfaces and, in this process
beside it, the backup scheduler (league.venue.backups) until Ctrl-C / SIGTERM, when it
stops gunicorn and makes a last Sicherung if anything changed since the one before.

``--no-serve`` stops after the set-up and the printout (tests, a check before the day).
"""

from __future__ import annotations

import getpass
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections
from django.urls import reverse
from django.utils import translation

from league.backup.services import BackupError
from league.venue.backups import BackupScheduler, backup_temps_clean
from league.venue.network import LOOPBACK_HOSTS, hall_urls, lan_addresses
from league.venue.poster import poster_pdf
from league.venue.selectors import current_tournaments
from league.venue.services import demo_accounts_open, venue_needs_organiser, venue_organiser_create
from league.venue.terminal import qr_text

TICK_S = 2.0


class Command(BaseCommand):
    help = "Serve the hall from this laptop: gunicorn on all interfaces, automatic backups."
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--port",
            type=int,
            default=int(os.environ.get("VENUE_PORT") or os.environ.get("PORT") or 8000),
        )
        parser.add_argument("--bind", default=os.environ.get("VENUE_BIND", "0.0.0.0"))
        parser.add_argument(
            "--workers", type=int, default=int(os.environ.get("VENUE_WORKERS", "3"))
        )
        parser.add_argument(
            "--threads", type=int, default=int(os.environ.get("VENUE_THREADS", "4"))
        )
        parser.add_argument("--poster", default=str(settings.BASE_DIR / "aushang.pdf"))
        parser.add_argument("--no-serve", action="store_true", help="set up, print, stop")
        parser.add_argument("--no-backups", action="store_true", help="no backup scheduler")

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.VENUE:
            raise CommandError("manage.py venue needs DJANGO_ENV=venue (make venue sets it).")
        translation.activate(settings.LANGUAGE_CODE)
        port: int = options["port"]
        call_command("migrate", interactive=False, verbosity=0)
        # A database from before the statistics rows: build them once (nothing when none miss).
        call_command("stats_rebuild", missing=True, stdout=io.StringIO())
        call_command("collectstatic", interactive=False, verbosity=0)
        self._organiser(options.get("stdin") or sys.stdin)
        open_demo = demo_accounts_open()
        if open_demo:
            raise CommandError(
                "Demo-Konten mit öffentlichem Passwort: "
                + ", ".join(open_demo)
                + ". Erst ändern (manage.py changepassword NAME) oder löschen."
            )
        # The detected addresses, as far as the hosts allow them (DJANGO_ALLOWED_HOSTS may
        # name others, e.g. a fixed name): those first, loopback only as the last resort.
        allowed = [h for h in settings.ALLOWED_HOSTS if h not in LOOPBACK_HOSTS]
        addresses = [a for a in lan_addresses() if a in allowed] or allowed[:1]
        urls = hall_urls(addresses, port) or [f"http://127.0.0.1:{port}/"]
        self._banner(urls, port, Path(options["poster"]))
        if options["no_serve"]:
            return
        env = {
            **os.environ,
            "DJANGO_ENV": "venue",
            "DJANGO_ALLOWED_HOSTS": ",".join(settings.ALLOWED_HOSTS),
            "VENUE_HALL_URLS": ",".join(urls),
            "VENUE_PORT": str(port),
        }
        sys.exit(self._serve(options, env))

    # --- the organiser's account -----------------------------------------------------------

    def _organiser(self, stdin: IO[str]) -> None:
        if not venue_needs_organiser():
            return
        given = [os.environ.get(f"VENUE_ADMIN_{k}", "") for k in ("USER", "EMAIL", "PASSWORD")]
        if given[0] and given[2]:
            try:
                venue_organiser_create(username=given[0], email=given[1], password=given[2])
            except ValidationError as err:
                raise CommandError("VENUE_ADMIN_*: " + " ".join(err.messages)) from None
            self.stdout.write(f"Konto der Turnierleitung angelegt: {given[0]}")
            return
        self.stdout.write("Erster Start: das Konto der Turnierleitung anlegen.")
        for _ in range(3):
            username = self._ask(stdin, "Benutzername: ")
            email = self._ask(stdin, "E-Mail (leer lassen möglich): ")
            password = self._ask(stdin, "Passwort: ", secret=True)
            again = self._ask(stdin, "Passwort wiederholen: ", secret=True)
            if password != again:
                self.stderr.write("Die Passwörter stimmen nicht überein.")
                continue
            try:
                venue_organiser_create(username=username, email=email, password=password)
            except ValidationError as err:
                for message in err.messages:
                    self.stderr.write(message)
                continue
            self.stdout.write(f"Konto der Turnierleitung angelegt: {username}")
            return
        raise CommandError("Kein Konto angelegt.")

    def _ask(self, stdin: IO[str], prompt: str, *, secret: bool = False) -> str:
        if stdin is sys.stdin and stdin.isatty():
            return getpass.getpass(prompt) if secret else input(prompt)
        self.stdout.write(prompt, ending="")
        self.stdout.flush()
        line = stdin.readline()
        if not line:
            raise CommandError(
                "Kein Konto der Turnierleitung: VENUE_ADMIN_USER, VENUE_ADMIN_EMAIL und "
                "VENUE_ADMIN_PASSWORD setzen oder interaktiv starten."
            )
        if secret:
            self.stdout.write("")
        return line.rstrip("\r\n")

    # --- what the organiser reads on start ---------------------------------------------------

    def _banner(self, urls: list[str], port: int, poster: Path) -> None:
        base = urls[0].rstrip("/")
        running = list(current_tournaments()[:3])
        target = (
            base + reverse("standings", args=[running[0].pk])
            if len(running) == 1
            else base + reverse("tournament-index")
        )
        out = self.stdout
        out.write("")
        out.write("Doppelkopf-Liste am Veranstaltungsort")
        out.write("Handys im WLAN der Halle öffnen:")
        for url in urls:
            out.write(f"  {url}")
        out.write("")
        out.write(qr_text(target, ansi=out.isatty()))
        out.write(f"  {target}")
        out.write("")
        local = f"http://127.0.0.1:{port}"
        for tournament in running:
            out.write(
                f"Beamer ({tournament.name}): {local}{reverse('projector', args=[tournament.pk])}"
            )
        if not running:
            out.write(f"Beamer: {local}/turniere/<Nr>/beamer/ (sobald eine Runde ausgelost ist)")
        out.write(f"Zustand (Tische, Sicherungen, Handys): {local}{reverse('venue-health')}")
        title = f"{running[0].name} · {running[0].date:%d.%m.%Y}" if len(running) == 1 else ""
        poster.write_bytes(poster_pdf(url=target, tournament=title, wlan=settings.VENUE_WLAN))
        out.write(f"Aushang zum Ausdrucken: {poster} (auch unter {local}{reverse('venue-poster')})")
        out.write(f"Sicherungen: {settings.VENUE_BACKUP_DIR}")
        out.write("")

    # --- gunicorn and the backups ------------------------------------------------------------

    def _serve(self, options: dict[str, Any], env: dict[str, str]) -> int:
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "league.wsgi",
            "--bind",
            f"{options['bind']}:{options['port']}",
            "--workers",
            str(options["workers"]),
            # Threads: a phone on a slow WLAN holds a thread, not a whole worker.
            "--worker-class",
            "gthread",
            "--threads",
            str(options["threads"]),
            "--timeout",
            "60",
            "--graceful-timeout",
            "10",
            "--log-level",
            "warning",
        ]
        stopping = False

        def stop(signum: int, _frame: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        self.stdout.flush()
        server = subprocess.Popen(command, env=env, cwd=settings.BASE_DIR)
        scheduler = None if options["no_backups"] else BackupScheduler(settings.VENUE_BACKUP_DIR)
        if scheduler is not None and scheduler.directory.is_dir():
            # A venue killed mid-Sicherung left its temporary file: gone at the next start.
            backup_temps_clean(directory=scheduler.directory)
        try:
            while not stopping and server.poll() is None:
                if scheduler is not None:
                    self._backup(scheduler, force=False)
                time.sleep(TICK_S)
        finally:
            if server.poll() is None:
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
            if scheduler is not None:
                self._backup(scheduler, force=True)
        code = server.returncode
        return 0 if stopping else (code or 1)

    def _backup(self, scheduler: BackupScheduler, *, force: bool) -> None:
        # A long-running process: drop a connection the database closed or that is too old.
        close_old_connections()
        try:
            made = scheduler.tick(time.monotonic(), force=force)
        except (BackupError, OSError) as err:
            self.stderr.write(f"Sicherung fehlgeschlagen: {err}")
            return
        except Exception as err:  # the server keeps running; the next tick tries again
            self.stderr.write(f"Sicherung fehlgeschlagen: {type(err).__name__}: {err}")
            return
        if made is not None:
            backup, reason = made
            why = "Runde abgeschlossen" if reason == "round_closed" else "Änderungen"
            self.stdout.write(
                f"{time.strftime('%H:%M')} Sicherung ({why}): {backup.path.name}, "
                f"{backup.size // 1024} KB"
            )
