"""A locked-out organiser at a hall without mail gets back in from the laptop's console
(``manage.py unlock``); the password-change form counts wrong passwords like the login."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from league.accounts import lockout
from league.core.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _lock_out(client: Client, name: str) -> None:
    for _ in range(lockout.USERNAME_LIMIT):
        client.post(reverse("login"), {"username": name, "password": "falsch"})


def _logs_in(name: str, password: str) -> bool:
    response = Client().post(reverse("login"), {"username": name, "password": password})
    return response.status_code == 302


def test_the_console_lifts_the_lockout_and_sets_a_new_password(django_user_model, monkeypatch):
    django_user_model.objects.create_superuser("orga", "", "Karo-Bube-2026")
    _lock_out(Client(), "orga")
    assert not _logs_in("orga", "Karo-Bube-2026")
    out = StringIO()
    call_command("unlock", "ORGA", stdout=out)
    assert "Entsperrt: orga" in out.getvalue()
    assert _logs_in("orga", "Karo-Bube-2026")
    # Forgotten as well: a new password typed twice at the console.
    _lock_out(Client(), "orga")
    monkeypatch.setattr("sys.stdin", StringIO("Pik-Ass-2026-neu\nPik-Ass-2026-neu\n"))
    call_command("unlock", "orga", "--passwort", stdout=StringIO())
    assert _logs_in("orga", "Pik-Ass-2026-neu")
    assert AuditEntry.objects.filter(action="unlock").count() == 2


@pytest.mark.parametrize("password", ["doko-admin", "12345678"])
def test_the_console_refuses_a_published_or_weak_password(django_user_model, monkeypatch, password):
    user = django_user_model.objects.create_superuser("orga", "", "Karo-Bube-2026")
    monkeypatch.setattr("sys.stdin", StringIO(f"{password}\n{password}\n"))
    with pytest.raises(CommandError):
        call_command("unlock", "orga", "--passwort", stdout=StringIO())
    user.refresh_from_db()
    assert user.check_password("Karo-Bube-2026")
    assert not AuditEntry.objects.filter(action="unlock").exists()


def test_an_unknown_account_is_exit_1():
    with pytest.raises(CommandError, match="Kein Konto"):
        call_command("unlock", "niemand", stdout=StringIO())


def test_the_password_change_form_counts_wrong_passwords(django_user_model):
    user = django_user_model.objects.create_user("anna", password="Karo-Bube-2026")
    client = Client()
    client.force_login(user)
    url = reverse("password_change")
    data = {"new_password1": "Herz-Zehn-2026", "new_password2": "Herz-Zehn-2026"}
    for _ in range(lockout.USERNAME_LIMIT):
        response = client.post(url, {"old_password": "falsch", **data})
        assert response.status_code == 200
    # Locked out: the login and this form refuse even the right password.
    assert not _logs_in("anna", "Karo-Bube-2026")
    response = client.post(url, {"old_password": "Karo-Bube-2026", **data})
    assert response.status_code == 429  # like the login (issue 29)
    assert "vorübergehend" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password("Karo-Bube-2026")
