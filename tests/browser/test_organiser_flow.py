"""The organiser's day: create, register (CSV with preview), draw, enter, standings."""

import pytest
from django.urls import reverse

from league.lists.models import Spielliste
from league.tournaments.models import Tournament
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CSV = "Name;Verein;DDV-Nummer\n" + "".join(
    f"{name};{club};{100 + i}\n"
    for i, (name, club) in enumerate(
        [
            ("Jürgen Fuß", "Köln"),
            ("Bärbel Öz", "Bonn"),
            ("Anna", "Köln"),
            ("Bernd", "Bonn"),
            ("Carla", "Köln"),
            ("Dieter", "Bonn"),
            ("Erika", "Köln"),
            ("Frank", "Bonn"),
        ]
    )
)


def test_organiser_runs_a_round(live_server, browser, django_user_model, tmp_path):
    django_user_model.objects.create_user("org", password="pw-secret-123", is_staff=True)
    page = browser.new_page(viewport={"width": 1200, "height": 900}, locale="de-DE")
    page.set_default_timeout(10_000)
    base = live_server.url
    log_in(page, base, "org", "pw-secret-123")

    page.goto(base + reverse("tournament-create"))
    page.fill("input[name=name]", "Herbstturnier")
    page.fill("input[name=date]", "2026-11-28")
    page.fill("input[name=rounds_planned]", "2")
    with page.expect_navigation():
        page.click("main button.primary")

    csv_file = tmp_path / "teilnehmer.csv"
    csv_file.write_text(CSV, encoding="utf-8-sig")
    page.set_input_files("input[name=file]", str(csv_file))
    with page.expect_navigation():
        page.click("form[enctype] button")
    assert "8 gültige Zeilen" in page.inner_text("main")
    with page.expect_navigation():
        page.click("[data-confirm-import]")
    assert "8 Teilnehmer angemeldet" in page.inner_text("main")

    tournament = Tournament.objects.get(name="Herbstturnier")
    page.goto(base + tournament.get_absolute_url())
    with page.expect_navigation():
        page.click("[data-draw]")
    assert "Runde 1 ausgelost" in page.inner_text("main")
    assert page.locator("tr[data-table]").count() == 2

    with page.expect_navigation():
        page.click("tr[data-table='1'] a")
    liste = Spielliste.objects.get(
        round_table__tournament_round__tournament=tournament, round_table__number=1
    )
    seats = [s.player.name for s in liste.seats.order_by("position")]
    form = page.locator("#game-form")
    form.locator("label.chip", has_text=seats[0]).click()
    form.locator("label.chip", has_text=seats[1]).click()
    form.locator("input[name=re_augen]").fill("160")
    with page.expect_navigation():
        form.locator("[data-save]").click()
    assert page.locator("#spiel-1").count() == 1

    page.goto(base + reverse("standings", args=[tournament.pk]) + "?vorlaeufig=1")
    assert page.locator("[data-provisional]").count() == 1
    first = page.locator(f'tr[data-player="{seats[0]}"] td.total-col').inner_text()
    assert first.strip() == "2"  # won 1 + Kontra under 90 1
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 8
