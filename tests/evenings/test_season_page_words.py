"""Issue 29 (cosmetics and the phone): the season's inclusive last day on the page and the
PDF alike; the PDF's headings never broken inside a word; "1 Solo"; on a phone the
attendance heading fits and the exports follow the table."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.pdf import text_width
from league.evenings import services
from league.evenings.pdf import _widths
from league.lists import services as list_services
from tests.printouts.helpers import flat, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = Club.objects.create(name="Herz-Dame")
    for name in ("Anna", "Bernd", "Carla", "Dieter"):
        Player.objects.create(name=name, club=club)
    evening = services.club_evening_create(
        club=club,
        date=dt.date(2026, 3, 12),
        tables=services.seat_tables(["Anna", "Bernd", "Carla", "Dieter"]),
    )
    liste = evening.tables.get(number=1).spielliste
    list_services.paper_entry_save(spielliste=liste, entry=1, totals={1: 10, 2: 10, 3: -5, 4: -15})
    return club


def test_the_season_says_its_last_day_on_the_page_and_the_pdf(club):
    client = Client()
    page = client.get(reverse("club-season", args=[club.pk]), {"jahr": 2026}).content.decode()
    assert "01.01.2026 – 31.12.2026" in page
    assert "ausschließlich" not in page
    pdf = client.get(reverse("club-season-pdf", args=[club.pk]), {"jahr": 2026})
    text = flat(text_of(pdf.content))
    assert "01.01.2026 – 31.12.2026" in text
    assert "Anwesenheit" in text  # a heading whole, not "Anwesenh eit"


def test_the_exports_follow_the_table_and_attendance_has_a_short_heading(club):
    page = Client().get(reverse("club-season", args=[club.pk]), {"jahr": 2026}).content.decode()
    assert page.index("season-table") < page.index("data-season-exports")
    assert '<abbr class="short" title="Anwesenheit">Abende</abbr>' in page


@pytest.mark.parametrize("mode_points", [True, False])
def test_pdf_headings_fit_their_longest_word(mode_points):
    header = ["Platz", "Mitglied", "Schnitt", "Listen", "Spiele"]
    header += ["Punkte"] if mode_points else []
    header.append("Anwesenheit")
    widths = _widths(header)
    for head, width in zip(header, widths, strict=True):
        assert width - 12 >= text_width(head, 10, bold_face=True)  # 6 pt padding each side
    assert sum(widths) <= 180 * 72 / 25.4 + 0.01


def test_one_solo_is_singular():
    def html(n):
        record = SimpleNamespace(names=["Anna"], of=n, value=1)
        games = SimpleNamespace(names=["Anna"], value=24)
        stats = SimpleNamespace(solo_record=record, most_games=games)
        return render_to_string("evenings/_season_stats.html", {"stats": stats})

    assert "1 Solo, 1 gewonnen" in html(1)
    assert "3 Soli, 1 gewonnen" in html(3)
