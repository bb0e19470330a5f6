"""The venue command's set-up: the organiser's account on first start (environment or
standard input), never a demo password, the printout with QR code and the poster."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings
from pypdf import PdfReader

from league.accounts.published import DEMO_ACCOUNTS, PUBLISHED_PASSWORDS
from league.core.models import AuditEntry
from league.venue.terminal import qr_matrix, qr_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue(tmp_path, monkeypatch):
    for key in ("VENUE_ADMIN_USER", "VENUE_ADMIN_EMAIL", "VENUE_ADMIN_PASSWORD"):
        monkeypatch.delenv(key, raising=False)
    with override_settings(
        VENUE=True, STATIC_ROOT=tmp_path / "static", VENUE_BACKUP_DIR=tmp_path / "backups"
    ):
        yield tmp_path


def _start(tmp_path: Path, stdin: str = "") -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(
        "venue",
        "--no-serve",
        "--poster",
        str(tmp_path / "aushang.pdf"),
        stdin=StringIO(stdin),
        stdout=out,
        stderr=err,
    )
    return out.getvalue(), err.getvalue()


def test_unattended_start_takes_the_account_from_the_environment(venue, monkeypatch):
    monkeypatch.setenv("VENUE_ADMIN_USER", "orga")
    monkeypatch.setenv("VENUE_ADMIN_EMAIL", "orga@example.org")
    monkeypatch.setenv("VENUE_ADMIN_PASSWORD", "Karo-Bube-2026")
    out, _ = _start(venue)
    user = get_user_model().objects.get()
    assert (user.username, user.email, user.is_superuser) == ("orga", "orga@example.org", True)
    assert user.check_password("Karo-Bube-2026")
    assert AuditEntry.objects.filter(action="venue_organiser", target_id=user.pk).exists()
    assert "Konto der Turnierleitung angelegt: orga" in out
    assert "/turniere/" in out
    assert "/veranstaltung/" in out
    assert "Beamer" in out
    assert "▀" in out  # the QR code
    reader = PdfReader(str(venue / "aushang.pdf"))
    assert len(reader.pages) == 1
    assert "Wo sitze ich?" in reader.pages[0].extract_text()
    # The second start asks nothing and creates nothing.
    monkeypatch.delenv("VENUE_ADMIN_USER")
    _start(venue)
    assert get_user_model().objects.count() == 1


def test_a_demo_password_or_a_weak_one_is_refused_and_nothing_written(venue, monkeypatch):
    monkeypatch.setenv("VENUE_ADMIN_USER", "orga")
    for password in ("doko-admin", "doko-demo", "12345678", "orga"):
        monkeypatch.setenv("VENUE_ADMIN_PASSWORD", password)
        with pytest.raises(CommandError, match="VENUE_ADMIN_"):
            _start(venue)
    assert not get_user_model().objects.exists()
    assert not AuditEntry.objects.exists()


def test_interactive_start_asks_until_the_account_is_good(venue):
    answers = "\n".join(
        [
            "orga", "", "Karo-Bube-2026", "Karo-Bube-2027",  # repeated wrong
            "orga", "x@", "Karo-Bube-2026", "Karo-Bube-2026",  # bad e-mail
            "orga", "orga@example.org", "Karo-Bube-2026", "Karo-Bube-2026",
        ]
    )  # fmt: skip
    out, err = _start(venue, answers + "\n")
    assert "stimmen nicht überein" in err
    assert "E-Mail-Adresse ist ungültig" in err
    assert "Benutzername: " in out
    user = get_user_model().objects.get()
    assert user.username == "orga"
    assert user.is_superuser


def test_without_environment_or_answers_nothing_starts(venue):
    with pytest.raises(CommandError, match="VENUE_ADMIN_USER"):
        _start(venue, "")
    assert not get_user_model().objects.exists()


def test_a_demo_account_with_its_published_password_stops_the_start(venue, django_user_model):
    django_user_model.objects.create_superuser("orga", "", "Karo-Bube-2026")
    demo = django_user_model.objects.create_user("listenfuehrer", password="doko-demo")
    with pytest.raises(CommandError, match="listenfuehrer"):
        _start(venue)
    demo.set_password("Kreuz-Dame-77")
    demo.save()
    _start(venue)


def test_only_in_venue_mode(tmp_path):
    with pytest.raises(CommandError, match="DJANGO_ENV=venue"):
        call_command("venue", "--no-serve", stdout=StringIO())


def test_terminal_qr_code_is_a_qr_matrix():
    matrix = qr_matrix("http://192.168.1.20:8000/turniere/")
    size = len(matrix) - 4  # two modules of quiet zone each side
    assert (size - 21) % 4 == 0
    assert all(len(row) == len(matrix) for row in matrix)
    # the three finder patterns: dark 7x7 frames in three corners
    for r, c in ((2, 2), (2, 2 + size - 7), (2 + size - 7, 2)):
        assert all(matrix[r][c + i] and matrix[r + 6][c + i] for i in range(7))
    plain = qr_text("http://x/", ansi=False).splitlines()
    assert len(plain) == (len(qr_matrix("http://x/")) + 1) // 2
    assert "\x1b[" in qr_text("http://x/")


@pytest.mark.parametrize(("name", "password"), sorted(DEMO_ACCOUNTS.items()))
def test_every_published_password_stops_the_start(venue, django_user_model, name, password):
    """One source (league.accounts.published): every demo account the README names, the
    captain's and the Ranglistenwart's too; and a demo account that took another demo's
    password."""
    django_user_model.objects.create_superuser("orga", "", "Karo-Bube-2026")
    demo = django_user_model.objects.filter(username=name).first()
    if demo is None:
        demo = django_user_model.objects.create_user(name, password=password)
    demo.set_password(password)
    demo.save()
    with pytest.raises(CommandError, match=name):
        _start(venue)
    other = next(p for n, p in sorted(DEMO_ACCOUNTS.items()) if n != name)
    demo.set_password(other)
    demo.save()
    with pytest.raises(CommandError, match=name):
        _start(venue)


@pytest.mark.parametrize("password", sorted(PUBLISHED_PASSWORDS))
def test_the_organisers_account_refuses_every_published_password(venue, monkeypatch, password):
    monkeypatch.setenv("VENUE_ADMIN_USER", "orga")
    monkeypatch.setenv("VENUE_ADMIN_PASSWORD", password)
    with pytest.raises(CommandError, match="VENUE_ADMIN_"):
        _start(venue)
    assert not get_user_model().objects.exists()
