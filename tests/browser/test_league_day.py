"""A league Spieltag played through in the browser: the captain picks his line-up on a
phone, the organiser starts the day, one table plays its last game through its code, the
other tables come in from paper; the Spieltag result and the league table follow."""

import pytest
from django.urls import reverse

from league.clubs.models import Player
from league.leagues import services as ls
from league.leagues.models import Spieltag
from league.lists import services as list_services
from scoring.interchange import record_from_dict
from scoring.round import replay_round
from tests.browser.conftest import log_in
from tests.browser.test_full_round import SEATS, plan, to_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_spieltag_played_through(live_server, browser, django_user_model):
    organiser = django_user_model.objects.create_user("liga", password="pw-secret-123")
    captain = django_user_model.objects.create_user("kapitaen", password="pw-secret-123")
    league = ls.league_create(name="Testliga", season="2026", rounds_per_spieltag=1, user=organiser)
    for t, leader in enumerate(SEATS, start=1):
        team = ls.team_create(league=league, name=f"Team {leader}")
        # the line-up's first player sits at table 1 (round 1 seats player k at table k)
        ls.team_add_player(team=team, player=Player.objects.create(name=leader))
        for p in range(2, 6):
            ls.team_add_player(team=team, name=f"T{t} Spieler {p}")
    ls.team_add_captain(team=league.teams.get(number=1), account=captain)
    ls.schedule_generate(league=league)
    spieltag = Spieltag.objects.filter(group__group_round__league=league).order_by("number")[0]
    for team in league.teams.filter(number__gt=1):
        roster = list(team.roster.order_by("pk"))
        ls.lineup_set(spieltag=spieltag, team=team, players=roster[:4])
    base = live_server.url
    day_url = base + reverse("spieltag-detail", args=[league.pk, spieltag.pk])

    # The captain, on his phone: Anna plays first, player 5 is the reserve.
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    log_in(phone, base, "kapitaen", "pw-secret-123")
    phone.goto(day_url)
    assert phone.locator("[data-start]").count() == 0  # captains do not start the day
    with phone.expect_navigation():
        phone.click("[data-lineup-link]")
    roster = list(league.teams.get(number=1).roster.order_by("pk"))
    for seat, player in enumerate(roster[:4], start=1):
        phone.select_option(f"select[name=s{seat}]", str(player.pk))
    with phone.expect_navigation():
        phone.click("[data-lineup-form] button.primary")
    assert "Aufstellung von Team Anna gespeichert." in phone.inner_text("main")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path="/tmp/leagues-spieltag-phone.png", full_page=True)
    phone_context.close()

    # The organiser starts the day on a laptop and sees the tables' codes.
    page = browser.new_page(viewport={"width": 1200, "height": 900}, locale="de-DE")
    page.set_default_timeout(10_000)
    log_in(page, base, "liga", "pw-secret-123")
    page.goto(day_url)
    with page.expect_navigation():
        page.click("[data-start]")
    assert "Spieltag starten?" in page.inner_text("main")
    with page.expect_navigation():
        page.click("[data-yes]")
    assert "4 Spiellisten angelegt" in page.inner_text("main")
    tables = list(spieltag.tables.select_related("spielliste").order_by("table"))
    first = tables[0].spielliste
    assert [s.name for s in first.seats.order_by("position")] == SEATS
    assert first.code in page.inner_text("[data-table='1-1']")

    # Table 1 played its first 23 games; the last one goes in through the table code.
    records = [to_record(g) for g in plan()]
    for record in records:
        list_services.game_record(spielliste=first, record=record)
    while len(records) < 23:
        soloist = replay_round(SEATS, records).next_game.vorfuehrung
        record = record_from_dict(
            {
                "kind": "solo",
                "solo": "buben",
                "pflicht": True,
                "players": SEATS,
                "re": [soloist],
                "re_augen": 100 + len(records),
            }
        )
        list_services.game_record(spielliste=first, record=record)
        records.append(record)
    table_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    table = table_context.new_page()
    table.set_default_timeout(10_000)
    table.goto(base + reverse("table-code-open", args=[first.code]))
    form = table.locator("#game-form")
    assert form.locator("h2").inner_text() == "Spiel 24 eintragen"
    soloist = table.locator("[data-vorfuehrung]").inner_text().split("für ")[1]
    form.locator("select[name=solo]").select_option("buben")
    form.locator("input[name=re_augen]").fill("150")
    with table.expect_navigation():
        form.locator("[data-save]").click()
    assert table.locator("[data-complete]").count() == 1
    records.append(
        record_from_dict(
            {
                "kind": "solo",
                "solo": "buben",
                "pflicht": True,
                "players": SEATS,
                "re": [soloist],
                "re_augen": 150,
            }
        )
    )
    table_context.close()
    totals = replay_round(SEATS, records).totals

    # Still provisional: three tables are open.
    page.goto(day_url)
    assert page.locator("h1 [data-provisional]").count() == 1
    assert "1 von 4 Listen vollständig" in page.inner_text("[data-lists-done]")

    # The other tables hand in paper lists: the organiser types their totals.
    paper = {2: (20, -4, -6, -10), 3: (-8, 12, 0, -4), 4: (2, 2, -2, -2)}
    for number, values in paper.items():
        page.goto(base + reverse("spieltag-results", args=[league.pk, spieltag.pk]))
        page.fill("input[name=round]", "1")
        page.fill("input[name=table]", str(number))
        for seat, value in enumerate(values, start=1):
            page.fill(f"input[name=p{seat}]", str(value))
        with page.expect_navigation():
            page.click("[data-paper-form] button.primary")
        assert f"Runde 1, Tisch {number} gespeichert." in page.inner_text("main")

    # Expected Spielpunkte per team from the stored seats.
    expected = {team.name: 0 for team in league.teams.all()}
    names = {t.pk: t.name for t in league.teams.all()}
    for st in tables:
        scored = [totals[name] for name in SEATS] if st.table == 1 else list(paper[st.table])
        for position, team_id in enumerate(st.teams):
            expected[names[team_id]] += scored[position]
    page.goto(day_url)
    assert page.locator("h1 [data-provisional]").count() == 0
    for name, points in expected.items():
        row = page.locator(f"[data-spieltag-result] tr[data-team='{name}']")
        assert row.locator("[data-spielpunkte]").inner_text() == str(points)
    with page.expect_navigation():
        page.click("[data-close]")
    assert "Spieltag abschließen?" in page.inner_text("main")
    with page.expect_navigation():
        page.click("[data-yes]")
    assert "Spieltag abgeschlossen" in page.inner_text("main")
    assert page.locator("h1 [data-closed]").count() == 1
    best = max(expected, key=lambda n: expected[n])
    page.goto(base + reverse("league-detail", args=[league.pk]))
    top = page.locator("[data-league-table] tbody tr").first
    assert top.get_attribute("data-team") == best
    assert "nach 1 abgeschlossenen Spieltag" in page.inner_text("main")
    page.screenshot(path="/tmp/leagues-league-desktop.png", full_page=True)
    page.close()
