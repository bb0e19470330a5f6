"""Work that is not a request — reminders, backups, statistics rebuilds — runs as management
commands from a scheduler (deploy/: systemd timers, cron). On the federation's site every
instance has the same timers, so two may start a job at once: it must run once.

- **Decision** (federation.md "More than one machine": a database lock, not a file): a job
  takes a *lease*, a row of ``JobLease`` updated only where it is free
  (``UPDATE … WHERE until IS NULL OR until < now``: one statement, atomic on PostgreSQL and
  SQLite, and behind a transaction pooler, where a session's advisory lock would not hold).
  The lease ends when the job ends; a job killed mid-way leaves it until its time runs out,
  so the next start after that runs again. The lease must outlast the longest run.
"""

from __future__ import annotations

import datetime as dt
import os
import socket
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from league.core.models import JobLease


def _holder() -> str:
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@contextmanager
def exclusive(name: str, *, lease: dt.timedelta) -> Iterator[bool]:
    """Run the block as the only runner of job ``name``: yields True when the lease was
    taken (and gives it back after the block), False when another runner holds it."""
    now = timezone.now()
    if not JobLease.objects.filter(name=name).exists():
        try:
            with transaction.atomic():
                JobLease.objects.create(name=name)
        except IntegrityError:  # another runner made the row meanwhile
            pass
    holder = _holder()
    taken = (
        JobLease.objects.filter(name=name)
        .filter(Q(until__isnull=True) | Q(until__lt=now))
        .update(holder=holder, until=now + lease, started=now)
    )
    if not taken:
        yield False
        return
    try:
        yield True
    finally:
        JobLease.objects.filter(name=name, holder=holder).update(
            until=None, finished=timezone.now()
        )
