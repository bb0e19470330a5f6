"""The entry forms' JSON answers to a phone's outbox (league/lists/views/outbox.py): the
form's own POST asked with Accept: application/json — 201 with the stored game, a coded
refusal (api.md's error object) with what the list now has, never a page to read."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from league.lists.models import Game
from tests.lists.test_views import FORM

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


def test_a_stored_save_answers_its_number_and_version(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    answer = lf_client.post(
        url, {**FORM, "re": ["0", "2"], "version": "0", "key": "k" * 32}, **JSON
    )
    assert answer.status_code == 201
    assert answer.json()["number"] == 1
    assert answer.json()["version"] == 1
    assert "Spiel 1 eingetragen" in answer.json()["message"]
    # The page follows a save made now: its message waits there, as after the redirect.
    assert [str(m) for m in get_messages(answer.wsgi_request)] == [answer.json()["message"]]


def test_a_save_sent_later_leaves_no_message_for_the_next_page(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "re": ["0", "2"], "version": "0", "key": "k" * 32}
    answer = lf_client.post(url, data, HTTP_X_OUTBOX="later", **JSON)
    assert answer.status_code == 201
    assert list(get_messages(answer.wsgi_request)) == []


def test_a_save_the_list_overtook_is_a_coded_conflict_with_the_row_now(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    data = {**FORM, "re": ["0", "2"], "version": "0"}
    assert lf_client.post(url, {**data, "key": "a" * 32}, **JSON).status_code == 201
    other = {**FORM, "re": ["0", "1"], "version": "0", "key": "b" * 32, "game": "1"}
    answer = lf_client.post(url, other, **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert body["error"]["code"] == "conflict"
    assert body["error"]["message"]
    assert body["version"] == 1
    assert body["now"].startswith("Normalspiel") or ":" in body["now"]
    assert Game.objects.filter(spielliste=liste).count() == 1


def test_an_invalid_save_is_refused_with_the_forms_words(lf_client, liste):
    url = reverse("game-add", args=[liste.pk])
    answer = lf_client.post(url, {**FORM, "re": [], "version": "0", "key": "c" * 32}, **JSON)
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "request_invalid"
    assert answer.json()["error"]["message"]
    assert not Game.objects.filter(spielliste=liste).exists()


def test_a_quick_row_answers_in_json_too(lf_client, liste):
    url = reverse("quick-add", args=[liste.pk])
    data = {"quick-winners": ["0", "1"], "quick-value": "2", "quick-version": "0"}
    answer = lf_client.post(url, {**data, "quick-key": "q" * 32}, **JSON)
    assert answer.status_code == 201, answer.content
    assert answer.json()["number"] == 1
