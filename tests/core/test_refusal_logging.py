"""A 403 is logged as one line without a traceback; a 500 keeps its traceback."""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club

pytestmark = pytest.mark.django_db


def test_a_403_is_logged_without_a_traceback(django_user_model):
    logger = logging.getLogger("django.request")
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            # The logger's own filters ran first: what every handler gets.
            records.append(record)

    handler = Keep()
    logger.addHandler(handler)
    try:
        club = Club.objects.create(name="Geschlossen", members_only=True)
        client = Client()
        client.force_login(django_user_model.objects.create_user("x", password="pw-1234-x"))
        assert client.get(reverse("club-detail", args=[club.pk])).status_code == 403
    finally:
        logger.removeHandler(handler)
    forbidden = [r for r in records if getattr(r, "status_code", None) == 403]
    assert forbidden
    assert all(r.exc_info is None for r in forbidden)
    assert "Forbidden" in forbidden[0].getMessage()


def test_a_server_error_keeps_its_traceback():
    from league.core.logfilters import RefusalWithoutTraceback

    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        record = logging.LogRecord("django.request", 40, "", 0, "Error", (), sys.exc_info())
    record.status_code = 500
    assert RefusalWithoutTraceback().filter(record)
    assert record.exc_info is not None
