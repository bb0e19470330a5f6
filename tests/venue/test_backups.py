"""Automatic backups: a Sicherung restores to identical standings on a fresh database
(the one documented command), the scheduler's "when", the rotation."""

from __future__ import annotations

import datetime as dt
import json
import os
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from league.backup.services import FORMAT
from league.leagues import services as league_services
from league.tournaments import services as ts
from league.tournaments.models import Tournament
from league.venue.backups import (
    KEEP_LAST,
    BackupScheduler,
    backup_fingerprint,
    backup_latest,
    backup_rotate,
    backup_write,
    backups_list,
)
from tests.backup.test_backup import _leagues, _standings, _tables, _wipe
from tests.leagues.helpers import first_spieltag, make_league, play_paper, set_lineups
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db


def _event_day() -> None:
    """A small day of everything a Sicherung holds: a tournament with two played rounds
    (one closed) and a league Spieltag played on paper. (The demo's whole round trip is
    tests/backup's; here it is the venue's way there and back.)"""
    tournament = make_tournament(8, rounds=2)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    play_round(rnd, seed=2)
    ts.round_close(tournament_round=rnd)
    rnd, _ = ts.round_draw(tournament=tournament, seed=3)
    play_round(rnd, seed=4, stop=5)
    spieltag = first_spieltag(make_league(4, rounds=1))
    set_lineups(spieltag)
    league_services.spieltag_start(spieltag=spieltag)
    play_paper(spieltag)


def test_backup_then_restore_on_a_fresh_database_gives_identical_standings(tmp_path):
    _event_day()
    standings, tables, leagues = _standings(), _tables(), _leagues()
    assert leagues[0]["table"][0][1] == 1  # the Spieltag counts
    made = backup_write(directory=tmp_path)
    assert made.path.parent == tmp_path
    assert made.size == made.path.stat().st_size
    doc = json.loads(made.path.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT
    assert doc["scope"] == {"kind": "all"}
    assert not list(tmp_path.glob(".sicherung-*"))  # no temporary file left
    _wipe()
    out = StringIO()
    with override_settings(VENUE_BACKUP_DIR=tmp_path):
        call_command("venue_restore", stdout=out, stderr=StringIO())
    assert made.path.name in out.getvalue()
    assert "Import abgeschlossen" in out.getvalue()
    assert _standings() == standings
    assert _tables() == tables
    assert _leagues() == leagues
    # A second restore would double everything: refused.
    with override_settings(VENUE_BACKUP_DIR=tmp_path), pytest.raises(CommandError):
        call_command("venue_restore", stdout=StringIO(), stderr=StringIO())


def test_restore_without_a_backup_says_so(tmp_path):
    with (
        override_settings(VENUE_BACKUP_DIR=tmp_path / "nichts"),
        pytest.raises(CommandError, match="Keine Sicherung"),
    ):
        call_command("venue_restore", stdout=StringIO())


def test_scheduler_backs_up_on_change_every_ten_minutes_and_at_once_after_a_round_close(
    tmp_path,
):
    tournament = make_tournament(8, rounds=2)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    scheduler = BackupScheduler(tmp_path)
    made = scheduler.tick(0.0)
    assert made is not None
    assert made[1] == "changed"
    assert scheduler.tick(5.0) is None  # not yet time to look again
    assert scheduler.tick(20.0) is None  # nothing changed
    play_round(rnd, seed=3)
    assert scheduler.tick(40.0) is None  # changed, but the 10 minutes are not over
    made = scheduler.tick(620.0)
    assert made is not None
    assert made[1] == "changed"
    assert scheduler.tick(1300.0) is None  # nothing changed since
    ts.round_close(tournament_round=rnd)
    made = scheduler.tick(1320.0)  # a closed round: at once
    assert made is not None
    assert made[1] == "round_closed"
    assert len(backups_list(tmp_path)) == 3
    fingerprint = backup_fingerprint()
    Tournament.objects.filter(pk=tournament.pk).update(name="Umbenannt")
    assert backup_fingerprint() == fingerprint  # an update outside the services …
    ts.tournament_update(  # … a service write counts (its audit entry)
        tournament=tournament, name="Neu", date=tournament.date, rounds_planned=2, official=False
    )
    assert backup_fingerprint() != fingerprint


def _touch(directory: Path, at: dt.datetime) -> Path:
    path = directory / f"sicherung-{at:%Y%m%dT%H%M%SZ}.json"
    path.write_text("{}")
    return path


def test_rotation_keeps_the_last_48_one_per_hour_for_a_week_and_one_per_day(tmp_path):
    now = dt.datetime(2026, 11, 21, 20, 0, tzinfo=dt.UTC)
    # a day of 10-minute backups (144), and older ones: 3 a day for 20 days
    recent = [_touch(tmp_path, now - dt.timedelta(minutes=10 * i)) for i in range(144)]
    old_times = [now - dt.timedelta(days=d, hours=h) for d in range(2, 22) for h in (1, 2, 3)]
    old = [_touch(tmp_path, at) for at in old_times]
    (tmp_path / "notizen.txt").write_text("bleibt")
    removed = set(backup_rotate(directory=tmp_path, now=now))
    kept = {b.path for b in backups_list(tmp_path)}
    assert set(recent[:KEEP_LAST]) <= kept
    hours_of_the_day = {(p.name[10:21]) for p in recent}  # 20261121T20 … one per hour
    assert {p.name[10:21] for p in kept if p in recent} == hours_of_the_day
    week = [p for p, at in zip(old, old_times, strict=True) if at >= now - dt.timedelta(days=7)]
    assert set(week) <= kept  # each of those is alone in its hour
    older = [p for p in old if p not in week]
    days = {p.name[10:18] for p in older}
    assert len([p for p in older if p in kept]) == len(days)  # one per day
    assert kept.isdisjoint(removed)
    assert (tmp_path / "notizen.txt").exists()
    assert backup_latest(tmp_path).path == recent[0]


def test_rotation_removes_a_killed_writers_temporary_file(tmp_path):
    """A Sicherung killed mid-write leaves ``.sicherung-*.tmp``: the next rotation removes
    it once it is older than any write; a fresh one (a writer at work) stays."""
    import os

    now = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)
    old = tmp_path / ".sicherung-abc.tmp"
    fresh = tmp_path / ".sicherung-def.tmp"
    for path in (old, fresh):
        path.write_text("{")
    stamp = now.timestamp()
    os.utime(old, (stamp - 2 * 3600, stamp - 2 * 3600))
    os.utime(fresh, (stamp - 60, stamp - 60))
    removed = backup_rotate(directory=tmp_path, now=now)
    assert removed == [old]
    assert not old.exists()
    assert fresh.exists()


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.mark.django_db
def test_a_killed_writers_fresh_temporary_file_goes_at_the_next_write(tmp_path):
    """Issue 29: five ``kill -9`` of the venue left five ``.tmp`` files (the rotation took
    only those older than an hour). A temporary file whose writer process is gone goes at
    the next Sicherung at once, however fresh; one of a running writer stays."""
    from league.venue.backups import backup_temps_clean

    dead = tmp_path / f".sicherung-{_dead_pid()}-abc.tmp"
    alive = tmp_path / f".sicherung-{os.getppid()}-def.tmp"  # a process that runs
    for path in (dead, alive):
        path.write_text("{")
    backup_write(directory=tmp_path)
    assert not dead.exists()
    assert alive.exists()
    assert [p.name for p in tmp_path.glob(".sicherung-*")] == [alive.name]
    # At the venue's start (no write yet) the same.
    dead.write_text("{")
    dead = dead.rename(tmp_path / f".sicherung-{_dead_pid()}-ghi.tmp")
    assert backup_temps_clean(directory=tmp_path) == [dead]


@pytest.mark.django_db
def test_export_to_a_file_is_whole_or_nothing(tmp_path, monkeypatch):
    """``manage.py export -o`` writes beside the target and renames: a failure mid-write
    leaves neither a half export nor a temporary file; a dead writer's leftover goes."""
    target = tmp_path / "export.json"
    leftover = tmp_path / f".export.json-{_dead_pid()}-x.tmp"
    leftover.write_text("{")

    def broken(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        call_command("export", "-o", str(target))
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    call_command("export", "-o", str(target))
    assert json.loads(target.read_text())["format"]
    assert [p.name for p in tmp_path.iterdir()] == ["export.json"]
