"""A club evening as the owner of its lists: the club's rule profile in every list, the
link back, access through the owner (the club's managers keep the lists, a members-only
club's members read them), the season table whatever the rules, dates and names as shown."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.db.models import Sum
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from league.clubs import services as club_services
from league.clubs.models import Club, Player
from league.core.models import AuditEntry
from league.evenings import services
from league.evenings.models import ClubEvening
from league.evenings.selectors import club_season
from league.lists import services as ls
from league.lists.models import Game, ScoreLine, Spielliste
from league.lists.owners import owner_of
from scoring.interchange import record_from_dict
from scoring.rules import PRESETS, TSR
from tests.printouts.helpers import flat, text_of

D = dt.date
VEREIN = PRESETS["verein-002"]
MEMBERS = ["Anna", "Bernd", "Carla", "Dieter", "Erika", "Frank", "Gabi", "Heinz"]


@pytest.fixture
def manager(django_user_model):
    return django_user_model.objects.create_user("cm", password="pw-secret-123")


@pytest.fixture
def club(db, manager):
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(manager)
    for name in MEMBERS:
        Player.objects.create(name=name, club=club)
    return club


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


MARCH_12 = D(2026, 3, 12)


def _evening(club, day=MARCH_12, names=MEMBERS[:4], user=None) -> ClubEvening:
    return services.club_evening_create(
        club=club, date=day, tables=services.seat_tables(names), user=user
    )


def _list(evening: ClubEvening, number: int = 1) -> Spielliste:
    return evening.tables.get(number=number).spielliste


def _normal(liste: Spielliste, re=("Anna", "Carla"), augen=130):
    names = [s.name for s in liste.seats.order_by("position")]
    data = {"kind": "normal", "players": names, "re": list(re), "re_augen": augen}
    return record_from_dict(data, liste.profile)


def test_an_evening_plays_the_clubs_house_rules(club, manager):
    club_services.club_set_rules(club=club, profile=VEREIN)
    evening = _evening(club, user=manager)
    liste = _list(evening)
    assert liste.profile == VEREIN
    assert liste.created_by == manager
    page = _client(manager).get(liste.get_absolute_url()).content.decode()
    rules = page[page.index("data-rules>") :]
    rules = rules[: rules.index("</p>")]
    assert "Re/Kontra verdoppeln" in rules  # the rules line names the club's rules
    assert "Turnierspielregeln" not in rules
    assert "Turniere und Ligen spielen immer nach TSR" not in page
    assert "offene Liste" in page  # games: open, no "noch 24 Spiele"
    assert 'name="pflicht"' not in page  # no Pflichtsolo
    assert "data-redeal" in page  # "Neu gegeben"
    assert "data-quick-entry" in page  # quick rows like a free list
    # Each list keeps its copy: the club's later change leaves the evening as it was.
    club_services.club_set_rules(club=club, profile=TSR)
    liste.refresh_from_db()
    assert liste.profile == VEREIN
    assert _list(_evening(club, day=D(2026, 3, 19))).profile == TSR


def test_a_tsr_club_evening_stays_tsr(club):
    liste = _list(_evening(club))
    assert liste.rules == {}
    assert liste.profile == TSR


def test_the_list_names_its_evening_and_links_back(club, manager):
    evening = _evening(club, names=MEMBERS)
    liste = _list(evening, 2)
    assert liste.title == "Herz-Dame · 12.03.2026 · Tisch 2"
    owner = owner_of(liste)
    assert owner is not None
    assert owner.label == "Vereinsabend 12.03.2026, Tisch 2"
    assert owner.url == reverse("club-evening", args=[club.pk, evening.pk])
    assert owner.table_label == "Tisch 2"
    assert owner.manager_ids == frozenset({manager.pk})
    assert owner.readers is None  # a public club
    page = _client().get(liste.get_absolute_url()).content.decode()
    assert f'href="{owner.url}">← Vereinsabend 12.03.2026, Tisch 2</a>' in page
    # A club's list that no evening owns has no owner; neither has a free list.
    other = ls.spielliste_create(
        title="frei", players=list(club.members.order_by("pk")[:4]), club=club
    )
    assert owner_of(other) is None


def test_the_clubs_managers_keep_the_lists_in_their_own_role(club, manager, django_user_model):
    liste = _list(_evening(club))
    stranger = django_user_model.objects.create_user("x", password="pw-secret-123")
    url = reverse("game-add", args=[liste.pk])
    form = {
        "version": "0",
        "kind": "normal",
        "re": ["0", "2"],
        "augen_side": "re",
        "re_augen": "130",
        "ann_re": "none",
        "ann_kontra": "none",
    }
    assert _client(stranger).post(url, form).status_code == 403
    assert reverse("login") in _client().post(url, form)["Location"]
    assert not Game.objects.filter(spielliste=liste).exists()
    response = _client(manager).post(url, form)
    assert response.status_code == 302, response.content.decode()[:500]
    assert Game.objects.filter(spielliste=liste).count() == 1
    entry = AuditEntry.objects.filter(target="lists.spielliste", target_id=liste.pk).first()
    assert entry is not None
    assert entry.role == AuditEntry.Role.CLUB_MANAGER  # not "Turnierleitung"
    # The manager sees the table code on the list, the stranger does not.
    assert liste.code in _client(manager).get(liste.get_absolute_url()).content.decode()
    assert liste.code not in _client(stranger).get(liste.get_absolute_url()).content.decode()
    # A manager removed from the club no longer keeps its lists.
    club.managers.remove(manager)
    form["version"] = str(Spielliste.objects.get(pk=liste.pk).version)
    assert _client(manager).post(url, form).status_code == 403


def test_a_members_only_clubs_evening_lists_are_its_members(club, manager, django_user_model):
    evening = _evening(club)
    liste = _list(evening)
    member = django_user_model.objects.create_user("anna", password="pw-secret-123")
    Player.objects.filter(name="Anna", club=club).update(account=member)
    stranger = django_user_model.objects.create_user("x", password="pw-secret-123")
    club_services.club_set_members_only(club=club, members_only=True)
    owner = owner_of(liste)
    assert owner is not None
    assert owner.readers == frozenset({manager.pk, member.pk})
    page = liste.get_absolute_url()
    assert _client().get(page).status_code == 302  # to the login
    assert _client(stranger).get(page).status_code == 403
    assert _client(member).get(page).status_code == 200
    assert _client(manager).get(page).status_code == 200
    # The list index and its evening filter hide them from whoever may not read the club.
    index = reverse("liste-index")
    assert liste.title not in _client(stranger).get(index).content.decode()
    assert liste.title in _client(member).get(index).content.decode()
    filtered = _client(member).get(index, {"abend": evening.pk}).content.decode()
    assert liste.title in filtered
    assert "Herz-Dame · 12.03.2026" in filtered  # the filter offers the evening
    assert "Herz-Dame · 12.03.2026" not in _client(stranger).get(index).content.decode()


def test_the_evening_filter_on_the_list_index(club):
    first = _evening(club)
    second = _evening(club, day=D(2026, 3, 19), names=MEMBERS[4:])
    page = _client().get(reverse("liste-index"), {"abend": second.pk}).content.decode()
    assert _list(second).title in page
    assert _list(first).title not in page


def test_the_season_table_counts_a_house_rules_evening(club, manager):
    club_services.club_set_rules(club=club, profile=VEREIN)
    liste = _list(_evening(club))
    for _ in range(3):
        ls.game_record(spielliste=liste, record=_normal(liste))
    # Running, open-ended: not yet counted (a list counts once it is complete) ...
    assert club_season(club=club, year=2026).table.rows == ()
    # ... except per game, the fair mode for open lists of different lengths.
    services.season_settings_update(club=club, mode="schnitt_spiel", minimum=1)
    rows = {r.name: r for r in club_season(club=club, year=2026).table.rows}
    assert rows["Anna"].games == 3
    services.season_settings_update(club=club, mode="total")
    ls.game_record(spielliste=liste, record=_normal(liste))
    ls.spielliste_close(spielliste=liste)  # "Runde beenden": everybody dealt once
    liste.refresh_from_db()
    assert liste.complete
    season = club_season(club=club, year=2026)
    rows = {r.name: r for r in season.table.rows}
    assert {name: (r.lists, r.games) for name, r in rows.items()} == {
        name: (1, 4) for name in MEMBERS[:4]
    }
    # Doubled announcements and Bock count as the list counted them.
    totals = dict(
        ScoreLine.objects.filter(spielliste=liste)
        .values("player__name")
        .annotate(total=Sum("points"))
        .values_list("player__name", "total")
    )
    assert {name: r.points for name, r in rows.items()} == totals


def test_tied_rows_are_ordered_by_the_name_the_reader_sees(club, manager):
    aaron = Player.objects.create(name="Aaron", club=club, hide_name=True)
    evening = _evening(club, names=["Aaron", "Bernd", "Carla", "Dieter"])
    ls.paper_entry_save(spielliste=_list(evening), entry=1, totals={1: 10, 2: 10, 3: -5, 4: -15})
    public = club_season(club=club, year=2026).table.rows
    alias = aaron.public_alias
    assert alias > "Bernd"
    assert [r.name for r in public[:2]] == ["Bernd", alias]
    assert public[0].rank == public[1].rank == 1
    revealed = club_season(club=club, year=2026, reveal=True).table.rows
    assert [r.name for r in revealed[:2]] == ["Aaron", "Bernd"]
    # The page: the public reads the alias in that order, the manager the names.
    url = reverse("club-season", args=[club.pk]) + "?jahr=2026"
    html = _client().get(url).content.decode()
    assert "Aaron" not in html
    assert html.index('data-player="Bernd"') < html.index(f'data-player="{alias}"')
    html = _client(manager).get(url).content.decode()
    assert html.index('data-player="Aaron"') < html.index('data-player="Bernd"')


def test_lists_are_dated_by_their_evening(club):
    liste = _list(_evening(club, day=D(2025, 3, 12)))
    free = ls.spielliste_create(
        title="Freies Spiel", players=list(club.members.order_by("pk")[4:8]), club=club
    )
    html = _client().get(reverse("club-detail", args=[club.pk])).content.decode()
    row = html[html.index(f'data-liste="{liste.pk}"') :]
    assert "<span data-date>12.03.2025</span>" in row[: row.index("</li>")]
    assert liste.created_at.date() != D(2025, 3, 12)
    # Newest first by the date played: the free list of today before the old evening.
    assert html.index(f'data-liste="{free.pk}"') < html.index(f'data-liste="{liste.pk}"')
    # The player's page across events: the evening's date too.
    ls.paper_entry_save(spielliste=liste, entry=1, totals={1: 3, 2: -1, 3: -1, 4: -1})
    anna = Player.objects.get(name="Anna")
    page = _client().get(reverse("player-record", args=[anna.pk])).content.decode()
    line = page[page.index(f'data-liste="{liste.pk}"') :]
    assert "12.03.2025" in line[: line.index("</tr>")]


def test_the_evening_form_ticks_nobody_and_offers_all_and_none(client, club, manager):
    client.force_login(manager)
    page = client.get(reverse("club-evening-create", args=[club.pk])).content.decode()
    assert page.count('name="present"') == len(MEMBERS)
    assert "checked" not in page
    assert f'name="date" value="{timezone.localdate().isoformat()}"' in page  # ISO: shown
    assert 'data-check-all="input[name=present]" data-check-value="1"' in page
    assert 'data-check-all="input[name=present]" data-check-value="0"' in page
    ids = list(club.members.order_by("name").values_list("pk", flat=True))
    response = client.post(
        reverse("club-evening-create", args=[club.pk]),
        {"date": "2026-04-02", "present": ids[:3], "guest_1": "Olga Gast"},
    )
    assert response.status_code == 302
    evening = ClubEvening.objects.get()
    assert evening.tables.count() == 1  # 3 ticked + 1 guest: one table of four
    seats = {s.name for s in _list(evening).seats.all()}
    assert seats == {*MEMBERS[:3], "Olga Gast"}


def test_the_season_table_as_csv_xlsx_and_pdf_reads_as_the_page(club, manager):
    aaron = Player.objects.create(name="Aaron", club=club, hide_name=True)
    evening = _evening(club, names=["Aaron", "Bernd", "Carla", "Dieter"])
    ls.paper_entry_save(spielliste=_list(evening), entry=1, totals={1: 10, 2: 10, 3: -5, 4: -15})
    url = reverse("club-season", args=[club.pk])
    alias = aaron.public_alias
    public = _client().get(url, {"jahr": "2026", "_export": "csv"})
    assert public.status_code == 200
    assert public["Content-Disposition"] == f'attachment; filename="saison-{club.pk}-2026.csv"'
    lines = public.content.decode().splitlines()
    assert lines[0] == "Platz,Mitglied,Punkte,Listen,Spiele,Anwesenheit"
    # The page's order: tied rows by the name shown (the alias after Bernd).
    assert lines[1:] == [
        "1,Bernd,10,1,24,1",
        f"1,{alias},10,1,24,1",
        "3,Carla,-5,1,24,1",
        "4,Dieter,-15,1,24,1",
    ]
    assert "Aaron" not in public.content.decode()
    revealed = _client(manager).get(url, {"jahr": "2026", "_export": "csv"}).content.decode()
    assert revealed.splitlines()[1] == "1,Aaron,10,1,24,1"
    xlsx = _client().get(url, {"jahr": "2026", "_export": "xlsx"})
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    assert values[1] == [1, "Bernd", 10, 1, 24, 1]
    assert _client().get(url, {"jahr": "2026", "_export": "doc"}).status_code == 404
    # Averages: numbers rounded to 2 places in the exports, the page's text in the PDF.
    services.season_settings_update(club=club, mode="schnitt_liste", minimum=2)
    lines = _client().get(url, {"jahr": "2026", "_export": "csv"}).content.decode().splitlines()
    assert lines[0] == "Platz,Mitglied,Schnitt,Listen,Spiele,Punkte,Anwesenheit"
    assert lines[1] == ",Bernd,10.0,1,24,10,1"  # below the minimum: no rank
    pdf = _client().get(reverse("club-season-pdf", args=[club.pk]), {"jahr": 2026})
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    text = flat(text_of(pdf.content))
    assert "Herz-Dame – Saison 2026" in text
    assert "Wertung: Schnitt je Liste, mindestens 2 Listen" in text
    assert alias in text
    assert "Aaron" not in text
    assert "10,00" in text
    page = _client().get(url, {"jahr": 2026}).content.decode()
    assert 'data-export="xlsx"' in page
    assert f"{reverse('club-season-pdf', args=[club.pk])}?jahr=2026" in page


def test_a_club_evenings_list_speaks_the_clubs_words_and_names_the_club_once(club, manager):
    """Issue 29 cosmetics: no tournament words on a club's list; the PDF's title names the
    club once (the evening's title starts with it)."""
    liste = _list(_evening(club, user=manager))
    page = _client(manager).get(reverse("liste-detail", args=[liste.pk])).content.decode()
    assert "Ersatzspieler einsetzen (Vereinsverwaltung)" in page
    assert "Turnierleitung" not in page
    assert "(Schiedsrichter)" not in page
    pdf = _client(manager).get(reverse("liste-pdf", args=[liste.pk]))
    assert pdf.status_code == 200
    assert club.name in liste.title
    heading = next(line for line in text_of(pdf.content).splitlines() if "Spielliste" in line)
    assert heading.count(club.name) == 1
