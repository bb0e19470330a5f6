"""A silent round in the browser (issue 29, major 2): on a phone, anonymous and as a
participant with his own account, the player's page, his statistics, the round board and
the silent round's list show nothing of it; the organiser sees it; when the organiser ends
the silence (the ceremony), the open player page shows the round without a reload."""

import pytest
from django.urls import reverse

from league.lists.models import Seat, Spielliste
from league.tournaments import services as ts
from tests.browser.conftest import log_in
from tests.tournaments.helpers import make_tournament, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_silent_round_shows_nowhere_until_the_ceremony(
    quick_polls, live_server, browser, django_user_model
):
    org = django_user_model.objects.create_user("org", password="pw-secret-123")
    t = make_tournament(8, rounds=2, user=org, official=True)  # counts in public statistics
    for seed in (1, 2):
        rnd, _ = ts.round_draw(tournament=t, seed=seed)
        play_round(rnd, seed=seed)
        ts.round_close(tournament_round=rnd)
    ts.tournament_set_silent(tournament=t, rounds=1, user=org)
    silent = Spielliste.objects.filter(round_table__tournament_round__tournament=t).get(
        round_table__tournament_round__number=2, round_table__number=1
    )
    seat = Seat.objects.filter(spielliste=silent).select_related("player").first()
    player = seat.player
    account = django_user_model.objects.create_user("spieler", password="pw-secret-123")
    player.account = account
    player.save(update_fields=["account"])
    base = live_server.url
    record = base + reverse("player-record", args=[player.pk])
    stats = base + reverse("player-statistics", args=[player.pk])
    board = base + reverse("round-board", args=[t.pk, 2])
    liste = base + reverse("liste-detail", args=[silent.pk])

    def nothing_shown(page) -> None:
        page.goto(record)
        tournament = page.locator(f"[data-tournament='{t.pk}']")
        assert tournament.get_by_role("link", name="R1", exact=True).count() == 1
        assert tournament.get_by_role("link", name="R2", exact=True).count() == 0
        page.goto(stats)
        assert "Runde 1" in page.inner_text("main")
        assert "Runde 2" not in page.inner_text("main")
        page.goto(board)
        assert page.locator("[data-silent-round]").count() == 1
        assert page.locator(f"a[href$='/listen/{silent.pk}/']").count() == 0
        assert page.locator("[data-status]").count() == 0
        answer = page.goto(liste)
        assert answer is not None
        assert answer.status in (403,) or "/anmelden/" in page.url or "login" in page.url
        assert page.locator("[data-outbox]").count() == 0

    phones = []
    for who in ("anonymous", "spieler"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
        page = context.new_page()
        page.set_default_timeout(10_000)
        if who == "spieler":
            log_in(page, base, "spieler", "pw-secret-123")
        nothing_shown(page)
        phones.append(page)

    desk = browser.new_context(locale="de-DE").new_page()
    log_in(desk, base, "org", "pw-secret-123")
    desk.goto(record)
    assert desk.locator(f"[data-tournament='{t.pk}']").get_by_role("link", name="R2").count() == 1
    assert desk.goto(liste).status == 200

    # The ceremony: the organiser ends the silence; the open player pages show round 2.
    for page in phones:
        page.goto(record)
    desk.goto(base + reverse("standings", args=[t.pk]))
    ts.tournament_set_silent(tournament=t, rounds=0, user=org)
    for page in phones:
        page.locator(f"[data-tournament='{t.pk}']").get_by_role(
            "link", name="R2", exact=True
        ).wait_for(timeout=15_000)
        assert page.goto(liste).status == 200
