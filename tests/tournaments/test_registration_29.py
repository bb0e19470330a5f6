"""Issue 29's registration minors: a second "Anna Schäfer" is not accepted silently, a DDV
number is digits only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.clubs.models import Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.tournaments import services as ts
from league.tournaments.models import Participant

pytestmark = pytest.mark.django_db


def _written() -> tuple[int, int, int]:
    return Participant.objects.count(), Player.objects.count(), AuditEntry.objects.count()


@pytest.fixture
def t():
    import datetime as dt

    return ts.tournament_create(name="Sommerturnier", date=dt.date(2026, 7, 4))


def test_the_same_name_under_another_record_is_refused_with_the_registered_one_named(t):
    ts.participant_add(tournament=t, name="Anna Schäfer", club_name="Herz-Dame Köln")
    before = _written()
    for typed in ("Anna Schäfer", "anna  schäfer"):
        with pytest.raises(ServiceError) as refused:
            ts.participant_add(tournament=t, name=typed)  # no club: another record
        assert refused.value.code == "participant_namesake"
        assert refused.value.params == {
            "name": "Anna Schäfer",
            "number": 1,
            "club": "Herz-Dame Köln",
        }
        assert _written() == before  # no new record, no entry
    # Another person of that name, on purpose: registered.
    second = ts.participant_add(tournament=t, name="Anna Schäfer", club_name="Bonn", namesake=True)
    assert second.number == 2
    assert t.participants.filter(player__name="Anna Schäfer").count() == 2


def test_the_same_record_again_is_already_registered(t):
    ts.participant_add(tournament=t, name="Anna Schäfer", club_name="Köln")
    with pytest.raises(ServiceError) as refused:
        ts.participant_add(tournament=t, name="Anna Schäfer", club_name="Köln", namesake=True)
    assert refused.value.code == "already_registered"


def test_the_page_offers_the_confirmation(client, t):
    owner = User.objects.create_user("orga", password="pw-orga-12345")
    t.organisers.add(owner)
    client.force_login(owner)
    url = reverse("tournament-participants", args=[t.pk])
    client.post(url, {"name": "Anna Schäfer", "club": "Köln"})
    # The desk first asks whether she is the Anna Schäfer it knows (issue 33) …
    asked = client.post(url, {"name": "Anna Schäfer"})
    assert asked.status_code == 422
    assert 'name="person"' in asked.content.decode()
    known = t.participants.get().player_id
    # … she is: then the page says she is entered already and offers the namesake.
    page = client.post(url, {"name": "Anna Schäfer", "person": str(known)}).content.decode()
    assert "Anna Schäfer ist schon angemeldet: Startnummer 1, Verein Köln." in page
    assert 'type="checkbox" name="namesake"' in page
    assert t.participants.count() == 1
    response = client.post(url, {"name": "Anna Schäfer", "namesake": "on", "person": "new"})
    assert response.status_code == 302
    assert t.participants.count() == 2


def test_the_registered_record_picked_and_confirmed_as_namesake_is_a_new_person(t):
    first = ts.participant_add(tournament=t, name="Anna Schäfer", club_name="Köln")
    with pytest.raises(ServiceError) as refused:
        ts.participant_add(tournament=t, name="Anna Schäfer", person=first.player_id)
    assert refused.value.code == "participant_namesake"
    assert refused.value.params["number"] == 1
    second = ts.participant_add(
        tournament=t, name="Anna Schäfer", person=first.player_id, namesake=True
    )
    assert second.player_id != first.player_id
    assert second.number == 2


@pytest.mark.parametrize("number", ["ABC", "12-34", "1a"])
def test_a_ddv_number_is_digits_only(client, t, number):
    owner = User.objects.create_user("orga", password="pw-orga-12345")
    t.organisers.add(owner)
    client.force_login(owner)
    before = _written()
    page = client.post(
        reverse("tournament-participants", args=[t.pk]), {"name": "Neu", "ddv_number": number}
    ).content.decode()
    assert "keine gültige DDV-Nummer: nur Ziffern" in page
    assert _written() == before
    assert 'inputmode="numeric"' in page


def test_a_ddv_number_of_digits_is_taken(t):
    entry = ts.participant_add(tournament=t, name="Neu", ddv_number=" 012345 ")
    assert entry.player.ddv_number == "012345"
