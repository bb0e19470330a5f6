"""The PDF of an open, house-rule list prints what the screen shows (issue 20): a line
naming the rules, the games so far (not "24 Spiele"), no Pflichtsolo table without
Pflichtsolo, the chart to the real number of games, redeals unnumbered."""

from __future__ import annotations

import io
import os

import pytest
from django.urls import reverse
from pypdf import PdfReader

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.lists import services
from league.lists.rules import rules_summary
from scoring.interchange import record_from_dict
from scoring.quick import QuickGame
from scoring.rules import PRESETS
from tests.site_helpers import NAMES

VEREIN = PRESETS["verein-002"]


def _text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    if os.environ.get("MEET_PDF_OUT"):  # to look at it: pdftoppm -png
        with open(os.environ["MEET_PDF_OUT"], "wb") as out:
            out.write(response.content)
    return "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)


@pytest.fixture
def evening(db, user):
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(user)
    club_services.club_set_rules(club=club, profile=VEREIN, user=user)
    players = [Player.objects.create(name=n, club=club) for n in NAMES]
    liste = services.spielliste_create(
        title="Clubabend", players=players, club=club, created_by=user, rules=club.profile
    )
    normal = {"kind": "normal", "players": list(NAMES), "re": ["Anna", "Carla"], "re_augen": 130}
    lost = dict(normal, re_augen=110, announcements={"re": "ansage", "kontra": "none"})
    services.game_record(spielliste=liste, record=record_from_dict(lost, VEREIN))
    services.redeal_record(spielliste=liste)
    services.game_record(
        spielliste=liste,
        record=QuickGame(players=tuple(NAMES), winners=("Bernd", "Dieter"), value=2),
    )
    for _ in range(3):
        services.game_record(spielliste=liste, record=record_from_dict(normal, VEREIN))
    return liste


def test_the_open_house_rule_list_pdf_prints_what_the_screen_shows(lf_client, evening):
    text = _text(lf_client.get(reverse("liste-pdf", args=[evening.pk])))
    flat = " ".join(text.split())
    assert "offene Liste: 5 Spiele gespielt" in flat
    assert "24 Spiele" not in flat
    assert "Regeln:" in flat
    assert " ".join(rules_summary(VEREIN).split())[:40] in flat
    assert "Pflichtsolo" not in flat.replace("kein Pflichtsolo", "")
    # the redeal is a row without a number: the games are numbered 1 to 5
    assert "neu gegeben" in flat


def test_the_redeal_row_is_not_numbered_and_the_chart_ends_at_the_last_game(evening):
    from league.lists.pdf import _games, _series
    from league.lists.presenters import list_rows
    from league.lists.selectors import spielliste_snapshot

    snap = spielliste_snapshot(pk=evening.pk)
    assert _games(snap) == 5
    rows = list_rows(snap)
    assert [r.is_redeal for r in rows].count(True) == 1
    xs = [x for x, _y in _series(snap, rows)[0]]
    assert xs == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]


def test_a_tsr_list_still_prints_24_games_and_its_pflichtsolo_table(lf_client, liste):
    text = " ".join(_text(lf_client.get(reverse("liste-pdf", args=[liste.pk]))).split())
    assert "24 Spiele" in text
    assert "Pflichtsolo" in text
    assert "Regeln: Turnierspielregeln (TSR)" in text
