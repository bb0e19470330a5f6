"""Issue 29: a list title an owner stored in German is shown in the reader's language;
the event's own name and titles people typed stay as they are."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from league.lists.titles import shown_title

CASES = [
    (
        "Kölner Stadtmeisterschaft 2026 – Runde 2, Tisch 3",
        "Kölner Stadtmeisterschaft 2026 – Round 2, table 3",
    ),
    (
        "Bundesliga 2026 – 3.2 / Gruppe B, Runde 1, Tisch 2",
        "Bundesliga 2026 – 3.2 / Group B, Round 1, table 2",
    ),
    ("Herz-Dame Köln · 05.03.2026 · Tisch 1", "Herz-Dame Köln · 05.03.2026 · Table 1"),
    (
        "Clubabend 21.11. – Tisch 3 (Zeit abgelaufen)",
        "Clubabend 21.11. – Tisch 3 (Zeit abgelaufen)",
    ),
    ("Runde mit Tisch 4", "Runde mit Tisch 4"),
]


@pytest.mark.parametrize(("stored", "english"), CASES)
def test_known_tails_are_translated_and_german_stays_as_stored(stored, english):
    with translation.override("de"):
        assert shown_title(stored) == stored
    with translation.override("en"):
        assert shown_title(stored) == english


@pytest.mark.django_db
def test_the_list_page_and_index_show_the_title_in_english(client, liste):
    type(liste).objects.filter(pk=liste.pk).update(title="Sommerturnier – Runde 1, Tisch 4")
    html = client.get(liste.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h1>Sommerturnier – Round 1, table 4</h1>" in html
    html = client.get(liste.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Sommerturnier – Runde 1, Tisch 4</h1>" in html
    index = client.get(reverse("liste-index"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    if "Sommerturnier" in index:  # the index shows lists the visitor may read
        assert "Sommerturnier – Round 1, table 4" in index
