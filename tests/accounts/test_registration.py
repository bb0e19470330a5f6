"""Registration without an administrator: an inactive account until the mailed link is
opened; throttled; off by a setting."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from league.accounts import registration
from league.core.models import AuditEntry

PASSWORD = "Karo-Bube-2026!"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _register(client, name="neu", email="neu@example.org", addr="127.0.0.1"):
    return client.post(
        reverse("register"),
        {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=addr,
    )


def _link(mail) -> str:
    return re.search(r"http://testserver(/konto/bestaetigen/\S+/)", mail.body).group(1)


@pytest.mark.django_db
def test_register_confirm_login(client, mailoutbox):
    response = _register(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("register-sent")
    account = User.objects.get(username="neu")
    assert not account.is_active
    # Before the link: no login, so nothing written by this account.
    login = client.post(reverse("login"), {"username": "neu", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert login.status_code == 200
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["neu@example.org"]
    link = _link(mailoutbox[0])
    page = client.get(link)  # a mail scanner's GET confirms nothing
    assert page.status_code == 200
    assert not User.objects.get(pk=account.pk).is_active
    response = client.post(link)
    assert response.status_code == 302
    assert response["Location"] == reverse("my-tasks")
    assert User.objects.get(pk=account.pk).is_active
    assert client.session["_auth_user_id"] == str(account.pk)
    assert AuditEntry.objects.filter(action="confirm", target_id=account.pk).exists()
    # The link is used up.
    client.logout()
    again = client.post(link)
    assert again.status_code == 400
    assert "gilt nicht" in again.content.decode()


@pytest.mark.django_db
def test_bad_link_refused(client, mailoutbox):
    _register(client)
    account = User.objects.get(username="neu")
    uid, _token = registration.confirmation_path(account)
    response = client.post(reverse("register-confirm", args=[uid, "wrong-token"]))
    assert response.status_code == 400
    assert not User.objects.get(pk=account.pk).is_active
    response = client.post(reverse("register-confirm", args=["!!", "x"]))
    assert response.status_code == 400


@pytest.mark.django_db
def test_taken_name_and_bad_input_write_nothing(client, django_user_model, mailoutbox):
    django_user_model.objects.create_user("anna", "anna@example.org", PASSWORD)
    response = _register(client, name="Anna", email="x@example.org")
    assert response.status_code == 422
    response = _register(client, name="bert", email="kein-mail")
    assert response.status_code == 422
    assert User.objects.count() == 1
    assert mailoutbox == []


@pytest.mark.django_db
def test_known_address_gets_a_note_not_an_account(client, django_user_model, mailoutbox):
    django_user_model.objects.create_user("anna", "anna@example.org", PASSWORD)
    response = _register(client, name="anna2", email="ANNA@example.org")
    assert response["Location"] == reverse("register-sent")  # answers the same
    assert not User.objects.filter(username="anna2").exists()
    assert "schon ein Konto" in mailoutbox[0].body


@pytest.mark.django_db
def test_throttled_per_client_and_email(client, mailoutbox):
    for i in range(registration.EMAIL_LIMIT):
        _register(client, name=f"n{i}", email="same@example.org", addr=f"10.0.0.{i}")
    response = _register(client, name="late", email="same@example.org", addr="10.0.1.1")
    assert response.status_code == 429
    assert not User.objects.filter(username="late").exists()
    for i in range(registration.CLIENT_LIMIT):
        _register(client, name=f"c{i}", email=f"c{i}@example.org", addr="10.9.9.9")
    response = _register(client, name="later", email="later@example.org", addr="10.9.9.9")
    assert response.status_code == 429
    assert not User.objects.filter(username="later").exists()


@pytest.mark.django_db
@override_settings(REGISTRATION_OPEN=False)
def test_setting_turns_registration_off(client):
    assert client.get(reverse("register")).status_code == 404
    assert _register(client).status_code == 404
    assert not User.objects.exists()
    page = client.get(reverse("login")).content.decode()
    assert reverse("register") not in page
    assert "per Einladung" in page


@pytest.mark.django_db
def test_login_page_offers_registration(client):
    assert reverse("register") in client.get(reverse("login")).content.decode()
