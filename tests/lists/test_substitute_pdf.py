"""Leftovers of issue 20: a substitute is named on the list PDF (a line under the header,
the column head, the dealer column from his first game on, the totals and the signature),
and the blank sheet of an open list prints a page full of rows."""

from __future__ import annotations

import io
import os
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.clubs.models import Club, Player
from league.lists import services
from league.lists.pdf import OPEN_BLANK_ROWS, _games
from league.lists.selectors import spielliste_snapshot
from scoring.interchange import record_from_dict
from scoring.rules import PRESETS
from tests.site_helpers import NAMES, normal

VEREIN = PRESETS["verein-002"]


def _flat(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    if os.environ.get("L20_PDF_OUT"):  # to look at it: pdftoppm -png -r 60
        with open(os.environ["L20_PDF_OUT"], "wb") as out:
            out.write(response.content)
    pages = PdfReader(io.BytesIO(response.content)).pages
    assert len(pages) == 1
    return " ".join("".join(p.extract_text() for p in pages).split())


@pytest.fixture
def substituted(liste):
    """Six games, then Erika plays Bernd's seat from game 5 (games 5 and 6 are hers)."""
    for _ in range(4):
        services.game_record(spielliste=liste, record=normal())
    erika = Player.objects.create(name="Erika Ersatz")
    services.seat_substitute(spielliste=liste, position=2, player=erika, from_game=5)
    for _ in range(2):
        services.game_record(spielliste=liste, record=normal())
    return liste


def test_the_list_pdf_names_the_substitute(lf_client, substituted):
    text = _flat(lf_client.get(reverse("liste-pdf", args=[substituted.pk])))
    assert "Platz 2: ab Spiel 5 spielt Erika Ersatz für Bernd." in text
    # the column head, the totals and the signature name both
    assert text.count("Erika Ersatz (für Bernd)") >= 3
    # game 5 and 6 were dealt by seats 1 and 2 (the dealer turns 1, 2, 3, 4, 1, 2): game 6's
    # dealer is Erika, game 2's still Bernd
    assert " 2 Bernd " in f" {text} "
    assert " 6 Erika Ersatz " in f" {text} "
    # the seat's +6 split as the standings count it: Bernd's four games, Erika's two
    assert "Platz 2: Bernd +4 bis Spiel 4, Erika Ersatz +2 ab Spiel 5" in text


def test_the_blank_sheet_names_the_substitute_at_the_head(lf_client, liste):
    services.game_record(spielliste=liste, record=normal())
    erika = Player.objects.create(name="Erika Ersatz")
    services.seat_substitute(spielliste=liste, position=3, player=erika)
    blank = _flat(lf_client.get(reverse("liste-blank-pdf", args=[liste.pk])))
    assert "Platz 3: ab Spiel 2 spielt Erika Ersatz für Carla." in blank
    assert "Erika Ersatz (für Carla)" in blank


def test_a_hidden_substitute_is_named_by_his_alias_for_the_public(lf_client, substituted):
    erika = Player.objects.get(name="Erika Ersatz")
    erika.hide_name = True
    erika.save()
    public = _flat(Client().get(reverse("liste-pdf", args=[substituted.pk])))
    assert "Erika" not in public
    assert f"spielt {erika.public_alias} für Bernd" in public
    assert "Erika Ersatz" in _flat(lf_client.get(reverse("liste-pdf", args=[substituted.pk])))


def test_a_list_without_substitutes_prints_as_before(lf_client, liste):
    services.game_record(spielliste=liste, record=normal())
    text = _flat(lf_client.get(reverse("liste-pdf", args=[liste.pk])))
    assert "spielt" not in text
    assert "(für" not in text


def _numbers(text: str) -> list[int]:
    """The row numbers of a blank sheet: the integers after the table head's "✓"."""
    body = text.split("✓", 1)[1].split("Pflichtsolo")[0].split("Endstand")[0]
    out = []
    for word in body.split():
        if not word.isdigit():
            break
        out.append(int(word))
    return out


@pytest.fixture
def open_list(db, user):
    club = Club.objects.create(name="Herz-Dame")
    players = [Player.objects.create(name=n, club=club) for n in NAMES]
    return services.spielliste_create(
        title="Clubabend", players=players, club=club, created_by=user, rules=VEREIN
    )


def test_the_blank_sheet_of_an_open_list_prints_a_page_full_of_rows(lf_client, open_list):
    assert VEREIN.games_open
    text = _flat(lf_client.get(reverse("liste-blank-pdf", args=[open_list.pk])))
    assert "offene Liste" in text
    assert _numbers(text) == list(range(1, OPEN_BLANK_ROWS + 1))
    # after some games it still does: a blank sheet is never as short as the games so far
    # (it used to print 3 rows after 3 games)
    game = {"kind": "normal", "players": list(NAMES), "re": ["Anna", "Carla"], "re_augen": 130}
    for _ in range(3):
        services.game_record(spielliste=open_list, record=record_from_dict(game, VEREIN))
    snap = spielliste_snapshot(pk=open_list.pk)
    assert _games(snap) == 3  # the filled list: the games so far
    assert _games(snap, blank=True) == OPEN_BLANK_ROWS
    again = _flat(lf_client.get(reverse("liste-blank-pdf", args=[open_list.pk])))
    assert _numbers(again) == list(range(1, OPEN_BLANK_ROWS + 1))


def test_the_blank_sheet_of_a_fixed_list_keeps_its_24_rows(lf_client, liste):
    text = _flat(lf_client.get(reverse("liste-blank-pdf", args=[liste.pk])))
    assert "24 Spiele" in text
    assert _numbers(text) == list(range(1, 25))


def test_the_list_page_names_the_dealer_as_he_dealt(lf_client, substituted):
    html = lf_client.get(substituted.get_absolute_url()).content.decode()
    dealers = re.findall(r'<td class="dealer-col">([^<]*)</td>', html)
    # dealing turns 1, 2, 3, 4, 1, 2: game 2 by Bernd, game 6 by Erika on his seat
    assert dealers[:6] == ["Anna", "Bernd", "Carla", "Dieter", "Anna", "Erika Ersatz"]
