"""One invitation, one account (issue 21): two requests that both read the invitation as
open before either accepts it make one account; the loser writes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from league.accounts import services
from league.core.audit import Actor
from league.core.errors import ServiceError
from league.tournaments import services as ts

pytestmark = pytest.mark.django_db


def test_the_same_link_twice_at_once_makes_one_account(monkeypatch):
    org = get_user_model().objects.create_user("org", password="Karo-Bube-2026")
    tournament = ts.tournament_create(name="T", date=dt.date(2026, 11, 28), user=org)
    invite = services.invitation_create(
        kind="organiser",
        target_id=tournament.pk,
        email="neu@example.org",
        link=lambda token: f"/konto/einladung/{token}/",
        user=Actor(org),
    )
    stale = services.invitation_open(token=invite.token)  # both requests read it open
    services.invitation_accept_new_account(
        token=invite.token, username="erster", password="Herz-Zehn-2026"
    )
    # The second request read the invitation before the first accepted it.
    monkeypatch.setattr(services, "invitation_open", lambda *, token: stale)
    with pytest.raises(ServiceError) as exc:
        services.invitation_accept_new_account(
            token=invite.token, username="zweiter", password="Herz-Zehn-2026"
        )
    assert exc.value.code == "invitation_invalid"
    names = set(get_user_model().objects.values_list("username", flat=True))
    assert names == {"org", "erster"}
    assert set(tournament.organisers.values_list("username", flat=True)) == {"org", "erster"}
