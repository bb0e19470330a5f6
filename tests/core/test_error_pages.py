"""The error pages: the site's frame, German and English, what happened, a way back, no
detail (DEBUG is off in tests, as in production)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.urls import reverse

from league.core import error_views


def _framed(html: str) -> None:
    assert 'class="topbar"' in html  # the site's navigation
    assert reverse("home") in html  # the way back
    assert "Traceback" not in html


@pytest.mark.django_db
def test_unknown_address_404_in_frame_german_and_english(client):
    response = client.get("/gibt-es-nicht/")
    assert response.status_code == 404
    html = response.content.decode()
    _framed(html)
    assert "Seite nicht gefunden" in html
    assert "gibt-es-nicht" not in html.split("<main>")[1].split("</main>")[0]
    english = client.get("/gibt-es-nicht/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Page not found" in english


@pytest.mark.django_db
def test_missing_object_404(client):
    response = client.get(reverse("liste-detail", args=[987654]))
    assert response.status_code == 404
    assert "Seite nicht gefunden" in response.content.decode()


@pytest.mark.django_db
def test_forbidden_names_who_grants_and_no_detail(client, liste, django_user_model):
    stranger = django_user_model.objects.create_user("fremd", password="pw-secret-123")
    client.force_login(stranger)
    response = client.post(reverse("game-delete-last", args=[liste.pk]))
    assert response.status_code == 403
    html = response.content.decode()
    _framed(html)
    assert "Kein Zugang" in html
    assert "Listenführer" in html
    assert ">lf<" not in html
    assert "Testtisch" not in html
    english = client.post(
        reverse("game-delete-last", args=[liste.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "No access" in english


def test_granter_by_address():
    assert error_views.granter("/turniere/3/runde/1/") == "tournament"
    assert error_views.granter("/vereine/2/abende/neu/") == "club"
    assert error_views.granter("/ligen/1/verwalten/") == "league"
    assert error_views.granter("/listen/5/spiel/") == "list"
    assert error_views.granter("/") == ""


@pytest.mark.django_db
def test_csrf_failure_in_frame(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "a", "password": "b"})
    assert response.status_code == 403
    html = response.content.decode()
    _framed(html)
    assert "Formular abgelaufen" in html
    assert "cookie not set" not in html.lower()


@pytest.mark.django_db
def test_server_error_in_frame_without_detail():
    request = RequestFactory().get("/")
    response = error_views.server_error(request)
    assert response.status_code == 500
    html = response.content.decode()
    _framed(html)
    assert "Ein Fehler auf unserer Seite" in html


@pytest.mark.django_db
def test_bad_request_in_frame():
    request = RequestFactory().get("/")
    request.user = User()
    response = error_views.bad_request(request)
    assert response.status_code == 400
    _framed(response.content.decode())
