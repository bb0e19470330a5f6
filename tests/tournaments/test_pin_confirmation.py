"""Confirmation by a second player (api.md "Confirmation"): his personal PIN, printed on
his participant slip. The client that entered the last game never confirms without another
seat's PIN — not from a private tab, another User-Agent or the API; failed PINs are
throttled; the history keeps the seat that confirmed."""

from __future__ import annotations

import io
import random

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.core.models import AuditEntry
from league.lists.selectors import spielliste_snapshot
from league.lists.services.confirm import PIN_FAILURES_LIMIT, PIN_SEAT_LIMIT
from league.tournaments import services as ts
from scoring.simulate import next_random_game
from tests.api.conftest import code_client
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _table(django_user_model):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(8, rounds=2, user=org, require_confirmation=True)
    rnd, _ = ts.round_draw(tournament=t, seed=2)
    return org, t, rnd.lists.order_by("pk").first()


def _pin(t, liste, position):
    seat = liste.seats.get(position=position)
    return t.participants.get(player_id=seat.player_id).pin


def _enter_all_on_the_site(liste) -> Client:
    """Every game entered from one phone that opened the table's code."""
    phone = Client()
    phone.get(reverse("table-code-open", args=[liste.code]))
    rng = random.Random(5)
    state = spielliste_snapshot(pk=liste.pk).state
    from league.lists import services
    from league.lists.access import actor_for, list_access, visitor_of

    while state.next_game is not None:
        # As the phone's session writes (its actor), through the service the view uses.
        request = phone.get(reverse("liste-detail", args=[liste.pk])).wsgi_request
        visitor = visitor_of(request)
        actor = actor_for(visitor, list_access(visitor, liste))
        state = services.game_record(
            spielliste=liste, record=next_random_game(rng, state), user=actor
        ).snapshot.state
    liste.refresh_from_db()
    return phone


def _confirmed(liste):
    liste.refresh_from_db()
    return liste.confirmed_at is not None, liste.confirmed_seat


def test_the_entering_phone_cannot_confirm_without_a_pin_in_any_way(django_user_model):
    _org, t, liste = _table(django_user_model)
    phone = _enter_all_on_the_site(liste)
    url = reverse("liste-confirm", args=[liste.pk])
    before = AuditEntry.objects.filter(action="confirm").count()
    # The same phone, a private tab (a new session with the code), another User-Agent.
    private = Client(HTTP_USER_AGENT="Another browser")
    private.get(reverse("table-code-open", args=[liste.code]))
    for client in (phone, private):
        for pin in ("", "0000" if _pin(t, liste, 2) != "0000" else "1111"):
            client.post(url, {"seat": "2", "version": liste.version, "pin": pin})
            assert _confirmed(liste) == (False, None)
    # The API with the code, after entering on the site.
    api = code_client(liste.code, agent="curl/8")
    body = {"version": liste.version, "seat": 2}
    response = api.post(f"/api/v1/listen/{liste.pk}/bestaetigen/", body, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "confirm_pin_wrong"
    assert _confirmed(liste) == (False, None)
    assert AuditEntry.objects.filter(action="confirm").count() == before
    # Seat 2's player types his PIN on that phone: confirmed, seat 2 recorded.
    phone.post(url, {"seat": "2", "version": liste.version, "pin": _pin(t, liste, 2)})
    assert _confirmed(liste) == (True, 2)
    entry = AuditEntry.objects.filter(action="confirm").latest("pk")
    assert entry.after["seat"] == 2


def test_the_api_confirms_with_the_seats_pin_and_throttles_wrong_ones(django_user_model):
    _org, t, liste = _table(django_user_model)
    _enter_all_on_the_site(liste)
    api = code_client(liste.code, agent="phone-of-bernd")
    path = f"/api/v1/listen/{liste.pk}/bestaetigen/"
    right = _pin(t, liste, 3)
    wrong = f"{(int(right) + 1) % 10000:04d}"
    statuses = [
        api.post(
            path, {"version": liste.version, "seat": 3, "pin": wrong}, format="json"
        ).status_code
        for _ in range(PIN_FAILURES_LIMIT + 1)
    ]
    assert statuses == [403] * PIN_FAILURES_LIMIT + [429], statuses
    blocked = api.post(path, {"version": liste.version, "seat": 3, "pin": right}, format="json")
    assert blocked.status_code == 429
    assert "Retry-After" in blocked
    assert _confirmed(liste) == (False, None)
    cache.clear()
    # Not four digits: invalid input.
    bad = api.post(path, {"version": liste.version, "seat": 3, "pin": "12a4"}, format="json")
    assert bad.status_code == 400
    response = api.post(path, {"version": liste.version, "seat": 3, "pin": right}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["state"]["confirmed_seat"] == 3


def test_a_correction_removes_a_pin_confirmation(django_user_model):
    _org, t, liste = _table(django_user_model)
    _enter_all_on_the_site(liste)
    api = code_client(liste.code)
    path = f"/api/v1/listen/{liste.pk}/bestaetigen/"
    body = {"version": liste.version, "seat": 1, "pin": _pin(t, liste, 1)}
    assert api.post(path, body, format="json").status_code == 200
    # A correction removes the confirmation (api.md).
    from league.lists import services

    liste.refresh_from_db()
    names = dict(liste.seats.values_list("position", "name"))
    game = liste.games.get(number=1).to_record(names)
    services.game_correct(spielliste=liste, number=1, record=game)
    assert _confirmed(liste) == (False, None)


def test_the_participant_slips_carry_each_pin_and_table(django_user_model):
    org, t, liste = _table(django_user_model)
    organiser = Client()
    organiser.force_login(org)
    url = reverse("participant-slips", args=[t.pk])
    response = organiser.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1  # eight slips to a page
    text = " ".join(page.extract_text() for page in reader.pages)
    for participant in t.participants.select_related("player"):
        assert participant.player.name in text
        assert f"PIN: {participant.pin}" in text
    seat = liste.seats.get(position=1)
    assert f"Tisch 1, Platz {seat.position}" in text
    assert "Runde 2" in text  # a round still to draw: a blank to fill in
    # Nobody else: the PINs are the organisers'.
    assert Client().get(url).status_code == 302
    phone = Client()
    phone.get(reverse("table-code-open", args=[liste.code]))
    assert phone.get(url).status_code in (302, 403)


def _wrong(t, liste, position):
    return f"{(int(_pin(t, liste, position)) + 1) % 10000:04d}"


def test_wrong_pins_block_one_seat_on_one_phone_not_the_tables_confirmation(django_user_model):
    """Issue 29: any code holder typing wrong PINs blocks neither the table nor the seat's
    player on his own phone; the seat as a whole keeps a brute-force bound."""
    _org, t, liste = _table(django_user_model)
    _enter_all_on_the_site(liste)
    url = reverse("liste-confirm", args=[liste.pk])
    path = f"/api/v1/listen/{liste.pk}/bestaetigen/"
    prankster = code_client(liste.code, agent="prankster")
    for _ in range(PIN_FAILURES_LIMIT):
        response = prankster.post(
            path, {"version": liste.version, "seat": 3, "pin": _wrong(t, liste, 3)}, format="json"
        )
        assert response.status_code == 403
    right = {"version": liste.version, "seat": 3, "pin": _pin(t, liste, 3)}
    assert prankster.post(path, right, format="json").status_code == 429  # his own block
    # Seat 3's player on his own phone (the site, another session): not blocked.
    own = Client()
    own.get(reverse("table-code-open", args=[liste.code]))
    own.post(url, {"seat": "3", "version": liste.version, "pin": _pin(t, liste, 3)})
    assert _confirmed(liste) == (True, 3)


def test_a_seat_stops_after_its_overall_bound_from_many_phones(django_user_model):
    _org, t, liste = _table(django_user_model)
    _enter_all_on_the_site(liste)
    url = reverse("liste-confirm", args=[liste.pk])
    wrong = {"seat": "2", "version": liste.version, "pin": _wrong(t, liste, 2)}
    tries = 0
    while tries < PIN_SEAT_LIMIT:
        phone = Client()  # a fresh session each time: a new client
        phone.get(reverse("table-code-open", args=[liste.code]))
        for _ in range(PIN_FAILURES_LIMIT):
            phone.post(url, wrong)
            tries += 1
    fresh = Client()
    fresh.get(reverse("table-code-open", args=[liste.code]))
    page = fresh.post(url, {**wrong, "pin": _pin(t, liste, 2)}, follow=True).content.decode()
    assert "Zu viele falsche PINs für diesen Platz" in page
    assert _confirmed(liste) == (False, None)
    # Another seat's player confirms meanwhile.
    fresh.post(url, {"seat": "4", "version": liste.version, "pin": _pin(t, liste, 4)})
    assert _confirmed(liste) == (True, 4)
