"""Automatic backups while the event day runs (issue 11).

Glossary: a **Sicherung** is one file ``sicherung-<UTC time>.json`` in the backup folder
(``settings.VENUE_BACKUP_DIR``, default ``backups/``): the export of everything
(``league.backup.services.backup_export``), the same document ``manage.py export`` writes
and ``manage.py import`` restores.

Decisions:

- **When.** ``BackupScheduler`` (run by ``manage.py venue`` beside gunicorn, in the
  command's own process) looks every ``CHECK_EVERY_S`` seconds: a round closed since the
  last look (a new audit entry with action ``close``, which the tournaments' round-close
  service writes) → a Sicherung at once; otherwise every ``EVERY_S`` (10 minutes) when the
  fingerprint changed (newest audit entry, newest list change, counts of lists, players and
  tournaments). So the round-close service stays untouched and fast; a closed round is
  saved within ``CHECK_EVERY_S``.
- **Checked.** Each document is validated as the import would before it is kept (every list
  replayed); the export reads table after table without one snapshot, so a write landing in
  between could make a document that does not restore — then it is made again (3 tries).
- **Atomic.** Written to a temporary file in the same folder and renamed: a crash never
  leaves half a file under a Sicherung's name.
- **Rotation** (``backup_rotate``): kept are the newest ``KEEP_LAST`` (48: eight hours at
  one per 10 minutes), the newest of every hour of the last ``KEEP_HOURLY_DAYS`` (7) days,
  and the newest of every day before that. Backups are only made when something changed,
  so a quiet laptop keeps its last state forever.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.db.models import Count, Max

from league.backup.services import BackupError, backup_export, backup_validate
from league.clubs.models import Player
from league.core.files import temp_prefix, temps_clean
from league.core.models import AuditEntry
from league.lists.models import Spielliste
from league.tournaments.models import Tournament

PREFIX = "sicherung-"
STALE_TEMP_S = 3600  # a temporary file this old belongs to no writer still running
SUFFIX = ".json"
TEMP_PREFIX = ".sicherung-"  # + the writer's pid, "-", a random part, ".tmp"
STAMP = "%Y%m%dT%H%M%SZ"
KEEP_LAST = 48
KEEP_HOURLY_DAYS = 7
EVERY_S = 600.0
CHECK_EVERY_S = 15.0
TRIES = 3
# The audit action of a closed round (league.tournaments.services.round_close).
CLOSE_ACTION = "close"


@dataclass(frozen=True)
class BackupFile:
    path: Path
    at: dt.datetime  # UTC, from the file name
    size: int


def _parse(path: Path) -> dt.datetime | None:
    name = path.name
    if not (name.startswith(PREFIX) and name.endswith(SUFFIX)):
        return None
    stamp = name[len(PREFIX) : -len(SUFFIX)].split("-", 1)[0]
    try:
        return dt.datetime.strptime(stamp, STAMP).replace(tzinfo=dt.UTC)
    except ValueError:
        return None


def backups_list(directory: Path) -> list[BackupFile]:
    """The Sicherungen in ``directory``, newest first (other files are ignored)."""
    found: list[BackupFile] = []
    try:
        entries = list(directory.iterdir())
    except FileNotFoundError:
        return []
    for path in entries:
        at = _parse(path)
        if at is None:
            continue
        try:
            size = path.stat().st_size
        except FileNotFoundError:  # rotated away meanwhile
            continue
        found.append(BackupFile(path, at, size))
    found.sort(key=lambda b: (b.at, b.path.name), reverse=True)
    return found


def backup_latest(directory: Path) -> BackupFile | None:
    files = backups_list(directory)
    return files[0] if files else None


def backup_fingerprint() -> str:
    """Changes whenever anything a backup holds changed (every write leaves an audit entry;
    list changes and the counts catch writes that might not)."""
    audit = AuditEntry.objects.aggregate(last=Max("id"))["last"]
    lists = Spielliste.objects.aggregate(last=Max("updated_at"), n=Count("id"))
    return "|".join(
        str(v)
        for v in (
            audit,
            lists["last"].isoformat() if lists["last"] else None,
            lists["n"],
            Player.objects.count(),
            Tournament.objects.count(),
        )
    )


def last_close_id(after: int = 0) -> int:
    """The id of the newest audit entry of a closed round (``after`` when there is none
    newer than that; the key range keeps the look cheap on a long history)."""
    last = AuditEntry.objects.filter(id__gt=after, action=CLOSE_ACTION).aggregate(last=Max("id"))[
        "last"
    ]
    return int(last or after)


def backup_write(*, directory: Path, now: dt.datetime | None = None) -> BackupFile:
    """Export everything into a new Sicherung in ``directory`` (made if missing), checked
    as the import would check it. Raises ``BackupError`` when three tries all fail."""
    directory.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    for _ in range(TRIES):
        doc = backup_export()
        try:
            backup_validate(doc=doc)
        except BackupError as err:
            errors = err.messages
            continue
        break
    else:
        raise BackupError(errors)
    at = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    name = f"{PREFIX}{at.strftime(STAMP)}{SUFFIX}"
    target = directory / name
    counter = 1
    while target.exists():  # two in one second
        counter += 1
        target = directory / f"{PREFIX}{at.strftime(STAMP)}-{counter}{SUFFIX}"
    backup_temps_clean(directory=directory)
    fd, temp = tempfile.mkstemp(prefix=temp_prefix(TEMP_PREFIX), suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(doc, out, ensure_ascii=False, indent=1)
            out.write("\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return BackupFile(target, at.replace(microsecond=0), target.stat().st_size)


def backup_rotate(*, directory: Path, now: dt.datetime | None = None) -> list[Path]:
    """Delete the Sicherungen the rotation does not keep (see the module); returns them."""
    now = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    files = backups_list(directory)
    keep = {b.path for b in files[:KEEP_LAST]}
    seen: set[tuple[int, int, int, int]] = set()
    hourly_since = now - dt.timedelta(days=KEEP_HOURLY_DAYS)
    for b in files:  # newest first: the first of each hour/day is its newest
        bucket = (b.at.year, b.at.month, b.at.day, b.at.hour if b.at >= hourly_since else -1)
        if bucket not in seen:
            seen.add(bucket)
            keep.add(b.path)
    removed = [b.path for b in files if b.path not in keep]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed + backup_temps_clean(directory=directory, now=now)


def backup_temps_clean(*, directory: Path, now: dt.datetime | None = None) -> list[Path]:
    """Delete the temporary files of Sicherungen that never finished: a writer process that
    is gone, at once (before every write, every rotation and at the venue's start, so a
    venue killed five times leaves none behind once it runs again), and any older than a
    write could take (``STALE_TEMP_S``). Returns them."""
    return temps_clean(directory=directory, stem=TEMP_PREFIX, now=now, stale_s=STALE_TEMP_S)


@dataclass
class BackupScheduler:
    """The loop's state: when to make the next Sicherung (see the module's "When").

    ``tick(now)`` is called by ``manage.py venue`` every few seconds with a monotonic
    clock; it returns the Sicherung it made, or None.
    """

    directory: Path
    every_s: float = EVERY_S
    check_every_s: float = CHECK_EVERY_S
    fingerprint: str | None = None
    close_id: int = -1
    last_backup: float | None = None
    next_check: float = 0.0

    def tick(self, now: float, *, force: bool = False) -> tuple[BackupFile, str] | None:
        if not force and now < self.next_check:
            return None
        self.next_check = now + self.check_every_s
        closed = last_close_id(max(self.close_id, 0))
        reason = ""
        if self.close_id >= 0 and closed > self.close_id:
            reason = "round_closed"
        self.close_id = closed
        if not reason:
            due = self.last_backup is None or now - self.last_backup >= self.every_s
            if not (due or force):
                return None
            fingerprint = backup_fingerprint()
            if fingerprint == self.fingerprint:
                return None
            reason = "changed"
        fingerprint = backup_fingerprint()
        made = backup_write(directory=self.directory)
        backup_rotate(directory=self.directory)
        self.fingerprint = fingerprint
        self.last_backup = now
        return made, reason
