"""The list entry page (issue 29): one filled form stores one game however often it is
sent; a form's POST-only address opened as a page goes to the list; the site's icon; a
Vorführung whose soloist was tapped off says whom to tap."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from league.core.models import AuditEntry
from league.lists import services
from league.lists.models import Game, WriteKey
from tests.lists.test_views import FORM
from tests.site_helpers import normal

pytestmark = pytest.mark.django_db


def test_the_same_form_sent_twice_under_two_keys_stores_one_game(lf_client, liste):
    """A double click (or a resend under a new key): same content, same version."""
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "re": ["0", "2"], "version": "0"}
    first = lf_client.post(url, {**data, "key": "a" * 32})
    assert first.status_code == 302
    audits = AuditEntry.objects.count()
    second = lf_client.post(url, {**data, "key": "b" * 32})
    # Answered as the first: stored, to the list — not a second game, not a conflict.
    assert second.status_code == 302
    assert second["Location"].endswith("#next")
    assert list(Game.objects.values_list("number", flat=True)) == [1]
    assert AuditEntry.objects.count() == audits  # nothing written
    liste.refresh_from_db()
    assert liste.version == 1
    # The phone's own key is known (its outbox sends the save again with it, asking for
    # JSON: answered as stored, not as a conflict); the form's content key is no phone's.
    again = lf_client.post(
        url, {**data, "key": "a" * 32}, HTTP_ACCEPT="application/json", HTTP_X_OUTBOX="later"
    )
    assert again.status_code == 201
    assert again.json()["number"] == 1
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert WriteKey.SAME_FORM not in html


def test_the_same_game_entered_again_on_the_new_version_is_a_second_game(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "re": ["0", "2"]}
    assert lf_client.post(url, {**data, "version": "0", "key": "a" * 32}).status_code == 302
    assert lf_client.post(url, {**data, "version": "1", "key": "b" * 32}).status_code == 302
    assert list(Game.objects.values_list("number", flat=True)) == [1, 2]


def test_a_different_form_on_an_old_version_is_still_a_conflict(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    assert lf_client.post(url, {**FORM, "re": ["0", "2"], "version": "0"}).status_code == 302
    other = lf_client.post(url, {**FORM, "re": ["0", "1"], "version": "0"})
    assert other.status_code == 422
    assert Game.objects.count() == 1


def test_the_same_quick_row_sent_twice_stores_one(lf_client, liste):
    url = reverse("quick-add", args=[liste.pk])
    data = {"quick-version": "0", "quick-winners": ["0", "1"], "quick-value": "2"}
    assert lf_client.post(url, {**data, "quick-key": "a" * 32}).status_code == 302
    assert lf_client.post(url, {**data, "quick-key": "b" * 32}).status_code == 302
    assert Game.objects.count() == 1


def test_a_quick_row_lands_at_the_quick_entry(lf_client, liste):
    url = reverse("quick-add", args=[liste.pk])
    data = {"quick-version": "0", "quick-winners": ["0", "1"], "quick-value": "2"}
    response = lf_client.post(url, data)
    assert response["Location"].endswith("#schnell")


@pytest.mark.parametrize("name", ["game-add", "quick-add", "penalty-add", "time-call"])
def test_a_post_only_list_address_opened_as_a_page_goes_to_the_list(client, lf_client, liste, name):
    url = reverse(name, args=[liste.pk])
    for who in (lf_client, client):
        response = who.get(url)
        assert response.status_code == 302
        assert response["Location"] == reverse("liste-detail", args=[liste.pk]) + "#eingabe"
    assert Game.objects.count() == 0


def test_the_list_page_names_its_own_address_for_the_live_polls(lf_client, liste):
    """A refused save is shown at the form's address: the page names the list's, which
    live.js puts in the address bar and polls."""
    url = reverse("game-add", args=[liste.pk])
    response = lf_client.post(url, {**FORM, "re": ["0", "1"], "re_augen": "300", "version": "0"})
    assert response.status_code == 422
    page = reverse("liste-detail", args=[liste.pk])
    assert f'data-live-url="{page}"' in response.content.decode()


def test_405_is_framed_like_403_and_404(client, liste):
    response = client.get(reverse("game-preview", args=[liste.pk]))
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    html = response.content.decode()
    assert "<main" in html
    assert "Fehlercode 405" in html
    assert "Diese Adresse ist keine Seite" in html
    assert f'href="{reverse("liste-detail", args=[liste.pk])}"' in html


def test_favicon_answers(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].endswith("favicon.ico")
    icon = finders.find("favicon.ico")
    with open(icon, "rb") as fh:
        assert fh.read(4) == b"\x00\x00\x01\x00"  # an ICO file
    assert "favicon.ico" in client.get("/").content.decode()  # <link rel="icon">


def test_an_untapped_vorfuehrung_soloist_is_named(lf_client, liste):
    for _ in range(20):
        services.game_record(spielliste=liste, record=normal())
    liste.refresh_from_db()
    html = lf_client.get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "Vorführung für Bernd" in html
    chips = html.split('name="re"')[1:]
    assert ["checked" in c.split(">")[0] for c in chips] == [False, True, False, False]
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "kind": "solo", "solo": "buben", "pflicht": "on", "version": liste.version}
    response = lf_client.post(url, data)  # no "re": his pre-ticked chip was tapped off
    assert response.status_code == 422
    html = response.content.decode()
    assert "Vorführung: Bernd spielt das Solo. Bitte Bernd unter „Re-Partei“ antippen" in html
    assert "Dieses Feld ist zwingend erforderlich." not in html
    assert Game.objects.count() == 20


def test_nobody_tapped_as_re_says_what_to_do(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    response = lf_client.post(url, {**FORM, "version": "0"})
    assert response.status_code == 422
    assert "bitte die Re-Partei antippen" in response.content.decode()
