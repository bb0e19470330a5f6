"""Scheduled jobs run once when two instances start them at once (league/core/jobs.py)."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone

from league.core.jobs import exclusive
from league.core.models import JobLease

HOUR = dt.timedelta(hours=1)


@pytest.mark.django_db
def test_a_held_lease_is_not_taken_twice_and_is_free_after():
    with exclusive("job", lease=HOUR) as first:
        assert first
        with exclusive("job", lease=HOUR) as second:
            assert not second
        with exclusive("other", lease=HOUR) as other:
            assert other  # another job has its own lease
    with exclusive("job", lease=HOUR) as again:
        assert again
    row = JobLease.objects.get(name="job")
    assert row.until is None
    assert row.finished is not None


@pytest.mark.django_db
def test_a_lease_left_by_a_killed_runner_is_taken_once_its_time_is_up():
    JobLease.objects.create(
        name="job", holder="killed", until=timezone.now() + dt.timedelta(minutes=5)
    )
    with exclusive("job", lease=HOUR) as mine:
        assert not mine
    JobLease.objects.filter(name="job").update(until=timezone.now() - dt.timedelta(seconds=1))
    with exclusive("job", lease=HOUR) as mine:
        assert mine
        assert JobLease.objects.get(name="job").holder != "killed"


@pytest.mark.django_db
def test_a_failing_job_gives_its_lease_back():
    with pytest.raises(RuntimeError), exclusive("job", lease=HOUR):
        raise RuntimeError
    with exclusive("job", lease=HOUR) as mine:
        assert mine


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("command", "job", "args"),
    [
        ("send_reminders", "send_reminders", []),
        ("stats_rebuild", "stats_rebuild", []),
        ("backup_run", "backup_run", []),
    ],
)
def test_a_scheduled_command_started_twice_runs_once(command, job, args, tmp_path: Path):
    if command == "backup_run":
        args = ["--dir", str(tmp_path)]
    out = io.StringIO()
    with exclusive(job, lease=HOUR) as mine:  # the other instance's run
        assert mine
        call_command(command, *args, stdout=out)
    assert "Läuft schon" in out.getvalue()
    assert not list(tmp_path.iterdir())
    out = io.StringIO()
    call_command(command, *args, stdout=out)
    assert "Läuft schon" not in out.getvalue()
    if command == "backup_run":
        assert [p.name for p in tmp_path.iterdir() if p.suffix == ".json"]
