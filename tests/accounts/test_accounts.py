"""Accounts: password reset by e-mail link, login lockout, change password, mail settings."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from league.accounts import lockout
from league.core import throttle

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "pw-secret-123"
NEW_PASSWORD = "Karo-Bube-2026!"


@pytest.fixture(autouse=True)
def _empty_cache():
    """Lockout counters live in the cache: no test sees another's."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def anna(django_user_model):
    return django_user_model.objects.create_user("anna", "anna@example.org", PASSWORD)


def _login(client: Client, username: str, password: str, addr: str = "127.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=addr
    )


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# --- password reset -------------------------------------------------------------------------


def test_login_page_links_to_password_reset(client, db):
    page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in page
    assert "Passwort vergessen?" in page


def test_reset_flow_end_to_end(client, anna, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "ANNA@example.org"})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert "E-Mail unterwegs" in client.get(response["Location"]).content.decode()

    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["anna@example.org"]
    assert mail.subject == "Neues Passwort für die Doppelkopf-Liste"
    assert "Hallo anna," in mail.body
    match = re.search(r"http://testserver(/konto/passwort-neu/\S+/\S+/)", mail.body)
    assert match, mail.body
    link = match.group(1)

    # Django swaps the token for a session entry and redirects to the form.
    response = client.get(link)
    assert response.status_code == 302
    form_url = response["Location"]
    page = client.get(form_url)
    assert page.status_code == 200
    assert page.context["validlink"]
    assert "Neues Passwort für das Konto anna" in page.content.decode()

    response = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_complete")
    assert "Passwort gesetzt" in client.get(response["Location"]).content.decode()

    # The link is spent; the new password logs in, the old one no longer does.
    used = client.get(link, follow=True)
    assert not used.context["validlink"]
    assert "gilt nicht (mehr)" in used.content.decode()
    other = Client()
    assert _login(other, "anna", PASSWORD).status_code == 200
    assert not _logged_in(other)
    response = _login(other, "anna", NEW_PASSWORD)
    assert response.status_code == 302
    assert _logged_in(other)


def test_reset_for_unknown_address_looks_the_same_and_sends_nothing(client, anna, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert mailoutbox == []


def test_reset_link_with_a_forged_token_is_refused(client, anna):
    url = reverse("password_reset_confirm", kwargs={"uidb64": "MQ", "token": "abc-123"})
    page = client.get(url, follow=True)
    assert page.status_code == 200
    assert not page.context["validlink"]
    assert reverse("password_reset") in page.content.decode()


def test_reset_mail_in_english(client, anna, mailoutbox):
    client.post(reverse("set_language"), {"language": "en"})
    client.post(reverse("password_reset"), {"email": "anna@example.org"})
    assert mailoutbox[0].subject == "A new password for Doppelkopf-Liste"
    assert "Hello anna," in mailoutbox[0].body


# --- login lockout --------------------------------------------------------------------------


def test_wrong_password_is_an_ordinary_form_error(client, anna):
    response = _login(client, "anna", "wrong")
    assert response.status_code == 200
    assert "Benutzername oder Passwort stimmt nicht." in response.content.decode()


def test_lockout_after_repeated_wrong_passwords(client, anna):
    for _ in range(lockout.USERNAME_LIMIT):
        assert _login(client, "anna", "wrong").status_code == 200
    # Now even the right password is refused, with 429 and a clear message.
    response = _login(client, "anna", PASSWORD)
    assert response.status_code == 429
    assert response["Retry-After"] == str(lockout.WINDOW)
    text = response.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldeversuche" in text
    assert "15 Minuten" in text
    assert "Benutzername oder Passwort stimmt nicht." not in text
    assert not _logged_in(client)
    # Case does not get round it, and neither does another client address.
    assert _login(Client(), "ANNA", PASSWORD, addr="10.0.0.9").status_code == 429
    # Other user names are not affected.
    assert _login(client, "bernd", "wrong").status_code == 200


def test_lockout_does_not_tell_whether_the_account_exists(client, anna):
    for name in ("anna", "niemand"):
        for _ in range(lockout.USERNAME_LIMIT):
            _login(client, name, "wrong", addr=f"10.1.0.{len(name)}")
    locked_real = _login(client, "anna", "wrong", addr="10.2.0.1")
    locked_none = _login(client, "niemand", "wrong", addr="10.2.0.2")
    assert locked_real.status_code == locked_none.status_code == 429
    assert locked_real.context["form"].errors == locked_none.context["form"].errors


def test_a_successful_login_clears_the_user_name_counter(client, anna):
    for _ in range(lockout.USERNAME_LIMIT - 1):
        _login(client, "anna", "wrong")
    assert _login(client, "anna", PASSWORD).status_code == 302
    client.logout()
    # Had the counter stayed, this would make 2 × (limit - 1) failures: a lockout.
    for _ in range(lockout.USERNAME_LIMIT - 1):
        assert _login(client, "anna", "wrong").status_code == 200
    assert _login(client, "anna", PASSWORD).status_code == 302


def test_lockout_ends_when_its_window_has_passed(client, anna):
    for _ in range(lockout.USERNAME_LIMIT):
        _login(client, "anna", "wrong")
    assert _login(client, "anna", PASSWORD).status_code == 429
    cache.clear()  # what the counter's timeout does after lockout.WINDOW seconds
    assert _login(client, "anna", PASSWORD).status_code == 302


def test_lockout_per_client_address(client, anna):
    for i in range(lockout.CLIENT_LIMIT):
        _login(client, f"name{i}", "wrong", addr="10.3.0.1")
    assert _login(client, "anna", PASSWORD, addr="10.3.0.1").status_code == 429
    assert not _logged_in(client)
    assert _login(Client(), "anna", PASSWORD, addr="10.3.0.2").status_code == 302


def test_admin_login_shares_the_lockout(client, django_user_model):
    django_user_model.objects.create_user("chef", password=PASSWORD, is_staff=True)
    url = reverse("admin:login")
    for _ in range(lockout.USERNAME_LIMIT):
        client.post(url, {"username": "chef", "password": "wrong"})
    response = client.post(url, {"username": "chef", "password": PASSWORD})
    assert not _logged_in(client)
    assert "Zu viele fehlgeschlagene Anmeldeversuche" in response.content.decode()


def test_a_password_set_by_reset_link_ends_the_lockout(client, anna, mailoutbox):
    for i in range(lockout.USERNAME_LIMIT):
        _login(client, "anna", "wrong", addr=f"10.4.0.{i}")
    assert _login(client, "anna", PASSWORD).status_code == 429
    client.post(reverse("password_reset"), {"email": "anna@example.org"})
    link = re.search(r"http://testserver(\S+)", mailoutbox[0].body).group(1)
    form_url = client.get(link)["Location"]
    client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert _login(client, "anna", NEW_PASSWORD).status_code == 302


def test_lockout_message_in_english(client, anna):
    client.post(reverse("set_language"), {"language": "en"})
    for _ in range(lockout.USERNAME_LIMIT):
        _login(client, "anna", "wrong")
    text = _login(client, "anna", PASSWORD).content.decode()
    assert "Too many failed login attempts" in text
    assert "15 minutes" in text


def test_throttle_counter_counts_holds_and_clears():
    assert throttle.record_failure("t", "k", 60) == 1
    assert throttle.record_failure("t", "k", 60) == 2
    assert throttle.blocked("t", "k", 2)
    throttle.hold("t", "k", 60)
    assert throttle.blocked("t", "k", 2)
    throttle.clear("t", "k")
    assert not throttle.blocked("t", "k", 1)


def test_client_key_trusts_forwarded_for_only_behind_configured_proxies(rf, settings):
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7")
    settings.THROTTLE_PROXY_COUNT = 0
    assert throttle.client_key(request) == "127.0.0.1"
    settings.THROTTLE_PROXY_COUNT = 1
    assert throttle.client_key(request) == "203.0.113.7"
    settings.THROTTLE_PROXY_COUNT = 3  # fewer entries than proxies: fall back
    assert throttle.client_key(request) == "127.0.0.1"


# --- change password ------------------------------------------------------------------------


def test_change_password_needs_a_login(client, db):
    for name in ("password_change", "password_change_done"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_top_bar_links_the_account_to_change_password(client, anna):
    client.force_login(anna)
    page = client.get(reverse("calculator")).content.decode()
    assert f'href="{reverse("password_change")}"' in page
    assert reverse("password_change") in client.get(reverse("login")).content.decode()


def test_change_password(client, anna):
    client.force_login(anna)
    page = client.get(reverse("password_change"))
    assert page.status_code == 200
    assert "Passwort ändern" in page.content.decode()

    wrong = client.post(
        reverse("password_change"),
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200
    assert wrong.context["form"].errors["old_password"]

    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("password_change_done")
    assert "Passwort geändert" in client.get(response["Location"]).content.decode()
    assert _logged_in(client)  # this session stays
    anna.refresh_from_db()
    assert anna.check_password(NEW_PASSWORD)


def test_change_password_is_locked_out_like_the_login(client, anna):
    """Issue 29: a session (a phone left logged in) must not guess the old password
    without bound. Wrong old passwords count as failed logins of the name; then even the
    right one is refused with 429, and the login is locked too."""
    client.force_login(anna)
    url = reverse("password_change")
    for _ in range(lockout.USERNAME_LIMIT):
        wrong = client.post(
            url,
            {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )
        assert wrong.status_code == 200
    right = client.post(
        url,
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert right.status_code == 429
    assert right["Retry-After"] == str(lockout.WINDOW)
    assert "vorübergehend" in right.content.decode()
    anna.refresh_from_db()
    assert anna.check_password(PASSWORD)
    assert lockout.login_blocked(right.wsgi_request, anna.get_username())


def test_reset_pages_are_public(client, db):
    for name in ("password_reset", "password_reset_done", "password_reset_complete"):
        assert client.get(reverse(name)).status_code == 200


# --- mail settings --------------------------------------------------------------------------

_PRINT_MAIL_SETTINGS = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({k: getattr(s, k) for k in ('EMAIL_BACKEND', 'EMAIL_HOST', "
    "'EMAIL_PORT', 'EMAIL_HOST_USER', 'EMAIL_HOST_PASSWORD', 'EMAIL_USE_TLS', "
    "'DEFAULT_FROM_EMAIL', 'SERVER_EMAIL', 'THROTTLE_PROXY_COUNT')}))"
)


def _mail_settings(extra: dict[str, str]) -> dict[str, object]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") or k == "DJANGO_SETTINGS_MODULE"
    }
    env.update({"DJANGO_SETTINGS_MODULE": "league.settings", **extra})
    proc = subprocess.run(
        [sys.executable, "-c", _PRINT_MAIL_SETTINGS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout)


def test_production_mail_settings_from_environment():
    values = _mail_settings(
        {
            "DJANGO_ENV": "production",
            "DJANGO_SECRET_KEY": "x" * 60,
            "DJANGO_ALLOWED_HOSTS": "doko.example.org",
            "DJANGO_EMAIL_HOST": "smtp.example.org",
            "DJANGO_EMAIL_PORT": "2525",
            "DJANGO_EMAIL_HOST_USER": "liga",
            "DJANGO_EMAIL_HOST_PASSWORD": "geheim",
            "DJANGO_EMAIL_USE_TLS": "1",
            "DJANGO_DEFAULT_FROM_EMAIL": "Doppelkopf-Liste <liga@example.org>",
            "DJANGO_PROXY_COUNT": "1",
        }
    )
    assert values == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "liga",
        "EMAIL_HOST_PASSWORD": "geheim",
        "EMAIL_USE_TLS": True,
        "DEFAULT_FROM_EMAIL": "Doppelkopf-Liste <liga@example.org>",
        "SERVER_EMAIL": "Doppelkopf-Liste <liga@example.org>",
        "THROTTLE_PROXY_COUNT": 1,
    }


def test_production_mail_defaults_to_smtp_on_localhost():
    values = _mail_settings(
        {
            "DJANGO_ENV": "production",
            "DJANGO_SECRET_KEY": "x" * 60,
            "DJANGO_ALLOWED_HOSTS": "doko.example.org",
            "DJANGO_EMAIL_USE_TLS": "1",
        }
    )
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert values["EMAIL_HOST"] == "localhost"
    assert values["EMAIL_PORT"] == 587
    assert values["EMAIL_USE_TLS"] is True


def test_development_mail_goes_to_the_console():
    values = _mail_settings({})
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert values["EMAIL_USE_TLS"] is False
    assert values["EMAIL_PORT"] == 25
    assert values["THROTTLE_PROXY_COUNT"] == 0
