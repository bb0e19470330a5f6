"""The admin lists no account's API token (issue 21): the page is gone, staff included."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client
from rest_framework.authtoken.models import Token, TokenProxy

pytestmark = pytest.mark.django_db


def test_the_admin_has_no_token_page(django_user_model):
    staff = django_user_model.objects.create_superuser("chef", "", "Karo-Bube-2026")
    token = Token.objects.create(user=staff)
    assert not admin.site.is_registered(TokenProxy)
    client = Client()
    client.force_login(staff)
    index = client.get("/admin/").content.decode()
    assert "authtoken" not in index
    assert client.get("/admin/authtoken/tokenproxy/").status_code == 404
    assert token.key not in index
