"""Paper totals are results everywhere: the list page, the player's tournament page and his
page across events, the standings and their export, the club page and season table — one
player's figure the same on each, and no "next game" or "Pflichtsolo fehlt" on a list that
has only totals."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings import services as evening_services
from league.lists import services as list_services
from league.lists.selectors import spielliste_snapshot
from league.tournaments import services as ts
from league.tournaments.services import PaperTable
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db

TOTALS = {1: 30, 2: -10, 3: -5, 4: -15}


def _text(html: str) -> str:
    html = re.sub(r"<script.*?</script>|<style.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _paper_round(double_entry=False):
    t = make_tournament(8, double_entry=double_entry)
    rnd, _ = ts.round_draw(tournament=t, seed=5)
    tables = [PaperTable(1, TOTALS), PaperTable(2, {1: 12, 2: 12, 3: -12, 4: -12})]
    ts.round_paper_results(tournament_round=rnd, entry=1, tables=tables)
    return t, rnd, rnd.lists.get(round_table__number=1)


def test_a_paper_list_page_shows_the_result_not_a_next_game():
    _t, _rnd, liste = _paper_round()
    html = Client().get(liste.get_absolute_url()).content.decode()
    text = _text(html)
    assert "Ergebnis vom Papier" in text
    assert "data-paper-box" in html
    assert "Nächstes" not in text
    assert "noch 24 Spiele" not in text
    assert "Pflichtsolo fehlt" not in text
    assert "Pflichtsoli" not in text  # no Pflichtsolo table: there are no games
    stand = html[html.index("data-stand") :]
    stand = stand[: stand.index("</p>")]
    assert [int(v) for v in re.findall(r"<strong>(-?\d+)</strong>", stand)] == [30, -10, -5, -15]
    foot = html[html.index("<tfoot>") : html.index("</tfoot>")]
    assert [int(v) for v in re.findall(r'data-total="[^"]*">(-?\d+)<', foot)] == [
        30,
        -10,
        -5,
        -15,
    ]
    assert "game-form" not in html  # no entry form for a list that has only totals


def test_a_paper_lists_pdf_prints_the_totals_and_no_pflichtsolo_table():
    from pypdf import PdfReader

    _t, _rnd, liste = _paper_round()
    response = Client().get(reverse("liste-pdf", args=[liste.pk]))
    assert response.status_code == 200
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    # the Pflichtsolo table's heads (Pflichtsolo · Spiel · Solo · Punkte · vorgeführt)
    assert "vorgeführt" not in text
    assert "fehlt" not in text
    for total in ("30", "-10", "-5", "-15"):
        assert total in text or total.replace("-", "−") in text


def test_the_players_pages_show_the_paper_total():
    t, rnd, liste = _paper_round()
    seat = liste.seats.get(position=1)
    part = t.participants.get(player_id=seat.player_id)
    client = Client()
    page = client.get(reverse("tournament-player", args=[t.pk, part.pk])).content.decode()
    assert "data-from-paper" in page
    assert "fehlt noch" not in page
    points = re.search(r"data-round-points>([^<]*)<", page)
    assert points is not None
    assert points.group(1) == "+30"
    # Across events: the tournament's row carries the same 30.
    record = client.get(reverse("player-record", args=[seat.player_id])).content.decode()
    assert re.search(r"R1\s*:\s*30", _text(record))
    # Standings (with the running round) and their export agree.
    ts.round_close(tournament_round=rnd)
    standings = client.get(reverse("standings", args=[t.pk]), {"_export": "csv"})
    rows = list(csv.reader(io.StringIO(standings.content.decode())))
    head = rows[0]
    by_name = {r[head.index("Name")]: r for r in rows[1:]}
    assert int(by_name[seat.player.name][head.index("Punkte")]) == 30
    snap = spielliste_snapshot(pk=liste.pk)
    assert snap.counted_totals[seat.name] == 30


def test_double_entry_counts_nowhere_until_both_agree():
    t, rnd, liste = _paper_round(double_entry=True)
    html = Client().get(liste.get_absolute_url()).content.decode()
    assert "data-paper-waiting" in html
    assert "Nächstes" not in html
    seat = liste.seats.get(position=1)
    part = t.participants.get(player_id=seat.player_id)
    page = Client().get(reverse("tournament-player", args=[t.pk, part.pk])).content.decode()
    assert re.search(r"data-round-points>0<", page)
    assert spielliste_snapshot(pk=liste.pk).counted_totals == {}
    tables = [PaperTable(1, TOTALS), PaperTable(2, {1: 12, 2: 12, 3: -12, 4: -12})]
    ts.round_paper_results(tournament_round=rnd, entry=2, tables=tables)
    page = Client().get(reverse("tournament-player", args=[t.pk, part.pk])).content.decode()
    assert re.search(r"data-round-points>\+30<", page)


def test_a_club_evening_from_paper_counts_its_games_on_the_club_page():
    club = Club.objects.create(name="Herz")
    names = ["Anna", "Bernd", "Carla", "Dieter"]
    for name in names:
        Player.objects.create(name=name, club=club)
    evening = evening_services.club_evening_create(
        club=club, date=dt.date(2026, 3, 1), tables=[names]
    )
    liste = evening.tables.get().spielliste
    list_services.paper_entry_save(spielliste=liste, entry=1, totals=TOTALS)
    client = Client()
    club_page = client.get(reverse("club-detail", args=[club.pk])).content.decode()
    row = club_page[club_page.index(f'data-liste="{liste.pk}"') :]
    row = _text(row[: row.index("</li>")])
    assert "24 Spiele" in row
    assert "vom Papier" in row
    season = client.get(reverse("club-season", args=[club.pk]), {"jahr": 2026}).content.decode()
    anna_row = season[season.index('data-player="Anna">') + len('data-player="Anna">') :]
    anna_row = _text(anna_row[: anna_row.index("</tr>")])
    assert anna_row.split() == ["1.", "Anna", "30", "1", "24", "1/1"]
    anna = Player.objects.get(name="Anna")
    record = client.get(reverse("player-record", args=[anna.pk])).content.decode()
    line = record[record.index(f'data-liste="{liste.pk}"') :]
    assert _text(line[: line.index("</tr>")]).split()[-2:] == ["24", "30"]
