"""The organiser's health page: who may see it, each table's last activity (quiet tables
marked), devices seen, database size, last backup; queries bounded; the poster."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from league.lists.models import Spielliste
from league.tournaments import services as ts
from league.tournaments.models import TournamentRound
from league.venue.access import can_watch_venue
from league.venue.backups import backup_write
from league.venue.middleware import REGISTRY_KEY, SIGHTINGS, devices_seen
from tests.prebuilt import Prebuilt
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = pytest.mark.django_db
URL = "/veranstaltung/"


def _build_day():
    users = {
        name: User.objects.create_user(name, password="pw-secret-123")
        for name in ("stranger", "orga", "other")
    }
    users["staff"] = User.objects.create_user("staff", password="pw", is_staff=True)
    tournament = make_tournament(12, rounds=2, user=users["orga"])
    other = make_tournament(4, rounds=1, user=users["other"])
    other.name = "Anderes Turnier"
    other.save()
    ts.round_draw(tournament=other, seed=1)
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    lists = list(rnd.lists)
    play_round(rnd, seed=2, stop=3)  # every table has 3 games …
    long_ago = timezone.now() - dt.timedelta(minutes=40)
    Spielliste.objects.filter(pk=lists[0].pk).update(updated_at=long_ago)  # … table 1 quiet
    TournamentRound.objects.filter(pk=rnd.pk).update(started_at=long_ago)
    return {"users": users, "tournament": tournament, "other": other, "round": rnd}


_day = Prebuilt(_build_day)  # built once per test process, copied (tests/prebuilt.py)


@pytest.fixture
def day(db, tmp_path):
    with override_settings(VENUE_BACKUP_DIR=tmp_path / "backups"):
        yield _day()


@pytest.mark.parametrize(
    ("who", "status"),
    [(None, 302), ("stranger", 403), ("orga", 200), ("other", 200), ("staff", 200)],
)
def test_access(client, day, who, status):
    if who:
        client.force_login(day["users"][who])
    response = client.get(URL)
    assert response.status_code == status
    poster = client.get(reverse("venue-poster"))
    assert poster.status_code == status
    if status == 200:
        assert poster["Content-Type"] == "application/pdf"
    if who:
        assert can_watch_venue(day["users"][who]) is (status == 200)


def test_content_for_the_organiser(client, day):
    client.force_login(day["users"]["orga"])
    SIGHTINGS.reset()
    cache.delete(REGISTRY_KEY)
    for agent in ("Phone A", "Phone B", "Phone B"):
        client.get("/turniere/", HTTP_USER_AGENT=agent)
    page = client.get(URL, HTTP_USER_AGENT="Laptop").content.decode()
    assert 'data-devices="3"' in page  # two phones and the laptop
    assert "Noch keine Sicherung" in page
    assert "Testturnier" in page
    assert "Anderes Turnier" not in page
    assert page.count("data-still") == 1
    assert '<tr data-table="1" class="still" data-still>' in page
    assert "1 Tisch seit über 15 Minuten still." in page
    assert "vor 40 Minuten" in page
    assert reverse("projector", args=[day["tournament"].pk]) in page
    assert "Datenbank" in page
    made = backup_write(directory=settings.VENUE_BACKUP_DIR)
    page = client.get(URL).content.decode()
    assert made.path.name in page
    assert "Letzte Sicherung" in page


def test_staff_sees_every_running_round_and_a_closed_round_leaves(client, day):
    client.force_login(day["users"]["staff"])
    page = client.get(URL).content.decode()
    assert "Testturnier" in page
    assert "Anderes Turnier" in page
    other_round = day["other"].rounds.get()
    play_round(other_round, seed=4)
    ts.round_close(tournament_round=other_round)
    page = client.get(URL).content.decode()
    assert "Anderes Turnier" not in page


@pytest.mark.parametrize(("players", "budget"), [(8, 12), (40, 12)])
def test_queries_do_not_grow_with_the_tables(client, django_user_model, players, budget,
                                             django_assert_max_num_queries):  # fmt: skip
    orga = django_user_model.objects.create_user("orga", password="pw-secret-123")
    for i in range(2):
        tournament = make_tournament(players, rounds=1, user=orga)
        ts.round_draw(tournament=tournament, seed=i)
    client.force_login(orga)
    with django_assert_max_num_queries(budget):
        response = client.get(URL)
    assert response.content.decode().count("data-table=") == 2 * players // 4


def test_poster_for_a_tournament_points_at_its_standings(client, day):
    client.force_login(day["users"]["orga"])
    with override_settings(VENUE_HALL_URLS=["http://192.168.1.20:8000/"], VENUE_WLAN="Halle"):
        response = client.get(reverse("venue-poster") + f"?turnier={day['tournament'].pk}")
        text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
        assert f"192.168.1.20:8000/turniere/{day['tournament'].pk}/wertung/" in text
        assert "Testturnier" in text
        assert "Halle" in text
        assert len(PdfReader(io.BytesIO(response.content)).pages) == 1
        # someone else's tournament: not found; a garbled number: the general poster
        assert (
            client.get(reverse("venue-poster") + f"?turnier={day['other'].pk}").status_code == 404
        )
        assert client.get(reverse("venue-poster") + "?turnier=²").status_code == 200


def test_devices_are_counted_over_five_minutes():
    SIGHTINGS.reset()
    cache.delete(REGISTRY_KEY)
    SIGHTINGS.record("a", 1000.0)
    SIGHTINGS.record("b", 1100.0)
    assert devices_seen(now=1200.0) == 2
    assert devices_seen(now=1350.0) == 1  # "a" was seen more than 5 minutes ago


def test_poster_stays_one_page_for_long_names():
    from league.venue.poster import poster_pdf

    data = poster_pdf(
        url="http://192.168.178.123:8000/turniere/1234/wertung/",
        tournament="Offene Nordrhein-Westfälische Doppelkopf-Meisterschaft " * 3,
        wlan="W" * 60,
    )
    assert len(PdfReader(io.BytesIO(data)).pages) == 1


def test_open_club_lists_of_today_for_staff_and_their_club_managers(
    client, django_user_model, liste, user
):
    from league.clubs.models import Club

    club = Club.objects.create(name="Herz-Dame")
    Spielliste.objects.filter(pk=liste.pk).update(club=club)
    manager = django_user_model.objects.create_user("cm", password="pw-secret-123")
    club.managers.add(manager)
    make_tournament(4, rounds=1, user=manager)  # he organises, so he may see the page
    staff = django_user_model.objects.create_user("staff2", password="pw", is_staff=True)
    for who, sees in ((staff, True), (manager, True)):
        client.force_login(who)
        page = client.get(URL).content.decode()
        assert (f'data-list="{liste.pk}"' in page) is sees
    club.managers.remove(manager)
    assert f'data-list="{liste.pk}"' not in client.get(URL).content.decode()


@pytest.mark.django_db
def test_a_poll_is_checked_before_it_is_answered_304(client, day):
    """Issue 29: an anonymous poll with the page's tag got a 304 before the access check.
    Now nobody gets anything of the page, not even "unchanged"."""
    import time

    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory
    from django.utils import translation

    from league.core.conditional import etag
    from league.core.live import site_version

    url = reverse("venue-health")
    request = RequestFactory().get(url, HTTP_X_LIVE="1")
    request.user = AnonymousUser()
    with translation.override("de"):
        tag = etag(request, f"{site_version()}:{int(time.time() // 60)}", "live")
    response = client.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=f'"{tag}"')
    assert response.status_code == 302
    assert "/anmelden/" in response["Location"] or "login" in response["Location"]
