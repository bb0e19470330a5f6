"""Registration without an administrator: an inactive account until the mailed link is
opened; throttled; off by a setting."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
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
    # A taken name is answered like a new one (issue 29); the mail says so.
    response = _register(client, name="Anna", email="x@example.org")
    assert response.status_code == 302
    assert response["Location"] == reverse("register-sent")
    assert "„Anna“ gibt es" in mailoutbox[0].body
    assert mailoutbox[0].to == ["x@example.org"]
    response = _register(client, name="bert", email="kein-mail")
    assert response.status_code == 422
    assert User.objects.count() == 1
    assert len(mailoutbox) == 1


def _answer(response) -> tuple[int, str]:
    return response.status_code, response.get("Location", "")


@pytest.mark.django_db
def test_known_and_unknown_names_and_addresses_answer_alike(client, django_user_model):
    """The review: the same user name with a known vs an unknown address answered
    302/302 vs 302/422. Now every well-formed registration answers the same, first and
    second time, whatever exists."""
    django_user_model.objects.create_user("anna", "anna@example.org", PASSWORD)
    answers = set()
    for name, email in [
        ("fresh1", "anna@example.org"),  # known address
        ("fresh1", "anna@example.org"),
        ("fresh2", "unknown@example.org"),  # unknown address: an account is made
        ("fresh2", "unknown2@example.org"),  # … its name is taken now
        ("anna", "third@example.org"),  # a taken name
    ]:
        answers.add(_answer(_register(client, name=name, email=email, addr="10.1.1.1")))
    assert answers == {(302, reverse("register-sent"))}
    assert set(User.objects.values_list("username", flat=True)) == {"anna", "fresh2"}


@pytest.mark.django_db
def test_refused_forms_are_counted_per_client(client, django_user_model):
    """A taken name or a weak password, again and again from one client: 429 past the
    limit, and then even a good registration from there waits."""
    for i in range(registration.INVALID_LIMIT):
        response = client.post(
            reverse("register"),
            {"username": f"x{i}", "email": "a@example.org", "password1": "1", "password2": "1"},
            REMOTE_ADDR="10.2.2.2",
        )
        assert response.status_code == 422
    response = client.post(
        reverse("register"),
        {"username": "y", "email": "", "password1": "1", "password2": "1"},
        REMOTE_ADDR="10.2.2.2",
    )
    assert response.status_code == 429
    assert _register(client, name="gut", addr="10.2.2.2").status_code == 429
    assert not User.objects.filter(username="gut").exists()
    assert _register(client, name="gut", addr="10.2.2.3").status_code == 302


@pytest.mark.django_db
def test_expired_unconfirmed_accounts_are_deleted(client, django_user_model, mailoutbox):
    """A failed try squats no name: once its link expired, the account goes (on the next
    registration, or by the command); confirmed and switched-off accounts stay."""
    import datetime as dt

    from django.core.management import call_command
    from django.utils import timezone

    _register(client, name="squat", email="s@example.org", addr="10.3.3.1")
    _register(client, name="recent", email="r@example.org", addr="10.3.3.2")
    old = timezone.now() - dt.timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 60)
    User.objects.filter(username="squat").update(date_joined=old)
    off = django_user_model.objects.create_user("off", "off@example.org", PASSWORD)
    User.objects.filter(pk=off.pk).update(is_active=False, date_joined=old)
    link = _link(mailoutbox[0])
    # The same name again, from elsewhere: the expired account is gone, a new one made.
    response = _register(client, name="squat", email="other@example.org", addr="10.3.3.3")
    assert response.status_code == 302
    account = User.objects.get(username="squat")
    assert account.email == "other@example.org"
    assert client.post(link).status_code == 400  # the old link names nobody now
    assert AuditEntry.objects.filter(action="register_expired").count() == 1
    assert User.objects.filter(username__in=["recent", "off"]).count() == 2
    User.objects.filter(username="recent").update(date_joined=old)
    call_command("purge_unconfirmed")
    assert not User.objects.filter(username="recent").exists()
    assert User.objects.filter(username="off").exists()


@pytest.mark.django_db
def test_an_error_says_each_sentence_once(client):
    """Registration's help and error repeated one sentence; the emptied password fields
    are explained."""
    response = client.post(
        reverse("register"),
        {"username": "a b", "email": "x@example.org", "password1": "kurz", "password2": "kurz"},
    )
    html = response.content.decode()
    assert html.count("Buchstaben, Ziffern und @/./+/-/_.") == 1
    assert html.count("mindestens 8 Zeichen") == 1
    assert "data-password-again" in html
    assert "data-password-again" not in client.get(reverse("register")).content.decode()


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
