"""Issue 33, the other places a name is typed: a free list's seats, a club evening's guests
and a late table (new members of the club) ask "Ist das …?" for every name with close
records on one page, then take the chosen record or make a new person."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings.models import ClubEvening
from league.lists.models import Spielliste

pytestmark = pytest.mark.django_db


@pytest.fixture
def joerg() -> Player:
    club = Club.objects.create(name="TSV Kiel")
    return Player.objects.create(name="Jörg Müller", club=club)


@pytest.fixture
def heike() -> Player:
    club = Club.objects.create(name="Pik-As Bonn")
    return Player.objects.create(name="Heike Schröder", club=club)


def _seats(**extra: str) -> dict[str, str]:
    return {
        "title": "Freitag",
        "seat_1": "Jorg Muller",
        "seat_2": "Anna Neu",
        "seat_3": "Heike Schroeder",
        "seat_4": "Bernd Neu",
        **extra,
    }


def test_a_free_list_asks_for_every_close_seat_then_takes_the_choices(client, user, joerg, heike):
    client.force_login(user)
    url = reverse("liste-create")
    before = Player.objects.count()
    response = client.post(url, _seats())
    assert response.status_code == 422
    html = response.content.decode()
    assert html.count("data-person-choice") == 2  # both close seats at once
    assert "Jörg Müller, TSV Kiel" in html
    assert "Heike Schröder, Pik-As Bonn" in html
    assert 'name="person_seat_1"' in html
    assert 'name="person_seat_3"' in html
    assert 'value="Jorg Muller"' in html  # the typed names are kept
    assert Player.objects.count() == before
    assert not Spielliste.objects.exists()
    response = client.post(url, _seats(person_seat_1=str(joerg.pk), person_seat_3="new"))
    assert response.status_code == 302
    seats = Spielliste.objects.get().seats.order_by("position")
    players = [s.player for s in seats]
    assert players[0] == joerg
    assert players[2] != heike
    assert players[2].name == "Heike Schroeder"
    assert Player.objects.count() == before + 3  # Anna, Bernd and the other Heike


def test_a_free_list_of_unknown_names_asks_nothing(client, user, joerg):
    client.force_login(user)
    response = client.post(
        reverse("liste-create"),
        {"seat_1": "Aa Eins", "seat_2": "Bb Zwei", "seat_3": "Cc Drei", "seat_4": "Dd Vier"},
    )
    assert response.status_code == 302


def test_an_id_not_offered_for_a_seat_is_refused(client, user, joerg, heike):
    client.force_login(user)
    response = client.post(reverse("liste-create"), _seats(person_seat_1=str(heike.pk)))
    assert response.status_code == 200
    assert not Spielliste.objects.exists()


@pytest.fixture
def club_manager(client, user):
    club = Club.objects.create(name="Herz-Dame Köln")
    club.managers.add(user)
    client.force_login(user)
    for name in ("Ada Eins", "Bea Zwei", "Cem Drei"):
        Player.objects.create(name=name, club=club)
    return club


def test_an_evening_asks_about_a_guest_then_makes_him_a_member_or_takes_the_record(
    client, club_manager, joerg
):
    club = club_manager
    url = reverse("club-evening-create", args=[club.pk])
    members = list(club.members.order_by("name").values_list("pk", flat=True))
    data = {"date": dt.date.today().isoformat(), "present": members, "guest_1": "Joerg Mueller"}
    response = client.post(url, data)
    assert response.status_code == 422
    html = response.content.decode()
    assert "data-person-choice" in html
    assert "Jörg Müller, TSV Kiel" in html
    assert not ClubEvening.objects.exists()
    response = client.post(url, {**data, "person_guest_1": str(joerg.pk)})
    assert response.status_code == 302
    liste = ClubEvening.objects.get().tables.get().spielliste
    assert joerg.pk in set(liste.seats.values_list("player_id", flat=True))
    assert Player.objects.filter(name__icontains="ller").count() == 1


def test_an_evening_guest_told_new_becomes_a_new_member(client, club_manager, joerg):
    club = club_manager
    members = list(club.members.order_by("name").values_list("pk", flat=True))
    response = client.post(
        reverse("club-evening-create", args=[club.pk]),
        {
            "date": dt.date.today().isoformat(),
            "present": members,
            "guest_1": "Joerg Mueller",
            "person_guest_1": "new",
        },
    )
    assert response.status_code == 302
    new = Player.objects.get(name="Joerg Mueller")
    assert new.club == club
    assert new != joerg


def test_a_late_table_asks_too(client, club_manager, joerg):
    from league.evenings import services as es

    club = club_manager
    evening = es.club_evening_create(club=club, date=dt.date.today())
    url = evening.get_absolute_url()
    data = {"seat_1": "Ada Eins", "seat_2": "Bea Zwei", "seat_3": "Cem Drei", "seat_4": "J. Müller"}
    response = client.post(url, data)
    assert response.status_code == 422
    assert "Jörg Müller, TSV Kiel" in response.content.decode()
    assert not evening.tables.exists()
    response = client.post(url, {**data, "person_seat_4": str(joerg.pk)})
    assert response.status_code == 302
    assert joerg.pk in set(
        evening.tables.get().spielliste.seats.values_list("player_id", flat=True)
    )


def test_two_new_names_of_one_form_are_never_offered_for_each_other(client, user):
    """ "Aa Neu" made for seat 3 is no "Bb Neu" for seat 4: each name is tried against the
    records as they were before the form."""
    client.force_login(user)
    response = client.post(
        reverse("liste-create"),
        {"seat_1": "Carla Eins", "seat_2": "Dora Zwei", "seat_3": "Aa Neu", "seat_4": "Bb Neu"},
    )
    assert response.status_code == 302
    assert Player.objects.filter(name__endswith="Neu").count() == 2


def test_a_refused_form_leaves_no_record_behind(client, user, joerg):
    client.force_login(user)
    before = Player.objects.count()
    response = client.post(reverse("liste-create"), _seats())
    assert response.status_code == 422
    assert Player.objects.count() == before  # Anna and Bernd were only tried
