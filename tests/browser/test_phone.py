"""The list in everyone's hand: every page of the demo on a phone (no sideways scrolling,
every total on screen, text contrast >= 4.5 : 1) and the projector on 16:9 screens."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from league.clubs.models import Club
from league.demo.management.commands.load_demo import CLUB
from league.lists.models import Spielliste
from league.tournaments.models import Participant, Tournament
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every element that shows text of its own, against the first opaque background behind it
# (WCAG 2 relative luminance). Large text (24 px, or 18.66 px bold) needs 3 : 1, other
# text 4.5 : 1. SVG text is the chart's and is checked in tests/ui (colours are fixed there).
CONTRAST_JS = "\n".join(
    line
    for line in (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")
)

# Open every <details> (the penalty form, Sonderpunkte) so that what they hold is measured.
OPEN_DETAILS = "document.querySelectorAll('details').forEach((d) => { d.open = true; })"


@pytest.fixture
def shown(demo):
    """The demo's objects these tests open (the demo itself: tests/demo.py)."""
    return {
        "club": Club.objects.get(name=CLUB),
        "tournament": Tournament.objects.get(rated=False),
        "lists": {liste.title: liste for liste in Spielliste.objects.all()},
    }


def demo_pages(shown) -> tuple[list[str], list[str]]:
    """(public pages, pages of the organiser / club manager) of the demo."""
    t = shown["tournament"]
    lists = shown["lists"]
    four = lists["Clubabend 14.11. – Tisch 1"]
    five = lists["Clubabend 14.11. – Fünfertisch"]
    partial_four = lists["Clubabend 21.11. – Tisch 1"]
    partial_five = lists["Clubabend 21.11. – Fünfertisch"]
    penalty = lists["Clubabend 14.11. – Tisch 2"]
    time_up = lists["Clubabend 21.11. – Tisch 3 (Zeit abgelaufen)"]
    participant = Participant.objects.filter(tournament=t).first()
    public = [
        reverse("calculator"),
        reverse("liste-index"),
        reverse("liste-index") + f"?verein={shown['club'].pk}&turnier={t.pk}",
        *(reverse("liste-detail", args=[x.pk]) for x in (four, five, penalty, time_up)),
        *(reverse("liste-detail", args=[x.pk]) for x in (partial_four, partial_five)),
        reverse("game-edit", args=[four.pk, 3]),
        reverse("liste-history", args=[four.pk]),
        reverse("table-code"),
        reverse("club-index"),
        reverse("club-detail", args=[shown["club"].pk]),
        reverse("tournament-index"),
        reverse("tournament-detail", args=[t.pk]),
        reverse("standings", args=[t.pk]),
        reverse("standings", args=[t.pk]) + "?q=jurgen&vorlaeufig=1",
        reverse("round-board", args=[t.pk, 1]),
        reverse("round-board", args=[t.pk, 4]),
        reverse("tournament-player", args=[t.pk, participant.pk]),
        reverse("login"),
        reverse("password_reset"),
        reverse("rangliste"),
        reverse("club-season", args=[shown["club"].pk]),
        reverse("player-record", args=[participant.player_id]),
        # A club member's statistics (issue 25): the demo's played evenings, solos, partners.
        reverse("player-statistics", args=[shown["club"].members.order_by("pk")[0].pk]),
    ]
    organiser = [
        *(reverse("liste-detail", args=[x.pk]) for x in (partial_four, partial_five, four)),
        reverse("liste-create"),
        reverse("club-detail", args=[shown["club"].pk]),
        reverse("tournament-create"),
        reverse("tournament-detail", args=[t.pk]),
        reverse("tournament-participants", args=[t.pk]),
        reverse("tournament-organisers", args=[t.pk]),
        reverse("round-board", args=[t.pk, 4]),
        reverse("password_change"),
        reverse("club-season", args=[shown["club"].pk]),
        reverse("club-evening-create", args=[shown["club"].pk]),
        reverse("tournament-rating", args=[t.pk]),
    ]
    return public, organiser


def check_page(page, url: str, width: int) -> list[str]:
    """What is wrong with the page at this width (an empty list when nothing is)."""
    page.goto(url)
    page.evaluate(OPEN_DETAILS)
    problems = []
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width > width:
        problems.append(f"{url}: {scroll_width} px wide at {width} px")
    # Every player's total on a list page: inside the screen, left and right.
    totals = page.locator("tfoot [data-total]")
    for i in range(totals.count()):
        box = totals.nth(i).bounding_box()
        if box is None or box["x"] < 0 or box["x"] + box["width"] > width:
            problems.append(f"{url}: total {i + 1} outside the screen ({box})")
    problems += [f"{url}: contrast {bad}" for bad in page.evaluate(CONTRAST_JS)]
    return problems


def test_every_demo_page_fits_a_phone(live_server, browser, shown):
    public, organiser = demo_pages(shown)
    problems = []
    for width in (390, 320):
        context = browser.new_context(viewport={"width": width, "height": 844}, locale="de-DE")
        page = context.new_page()
        page.set_default_timeout(10_000)
        for path in public:
            problems += check_page(page, live_server.url + path, width)
        log_in(page, live_server.url, "admin", "doko-admin")
        for path in organiser:
            problems += check_page(page, live_server.url + path, width)
        context.close()
    assert problems == []


def test_list_totals_stay_in_view_on_a_phone(live_server, phone, shown):
    """At a 5-player table every column head, game point and total is on screen, and the
    Stand row stays visible (sticky) while the list scrolls."""
    five = shown["lists"]["Clubabend 14.11. – Fünfertisch"]
    phone.goto(live_server.url + reverse("liste-detail", args=[five.pk]))
    heads = phone.locator("table.liste thead th.pl abbr.short")
    assert heads.count() == 5
    legend = phone.locator("[data-legend]").inner_text()
    for seat in five.seats.all():
        assert seat.name in legend
    phone.locator("#spiel-10").scroll_into_view_if_needed()
    last = phone.locator("table.liste tbody tr").last
    for cell in range(last.locator("td.pl").count()):
        box = last.locator("td.pl").nth(cell).bounding_box()
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 390
    stand = phone.locator("tfoot [data-total]").first.bounding_box()
    assert stand["y"] >= 0
    assert stand["y"] + stand["height"] <= 844
    # The Stand under the next-game box matches the list's totals.
    partial = shown["lists"]["Clubabend 21.11. – Fünfertisch"]
    phone.goto(live_server.url + reverse("liste-detail", args=[partial.pk]))
    strip = phone.locator("[data-stand] strong").all_inner_texts()
    totals = phone.locator("tfoot [data-total]").all_inner_texts()
    assert strip == totals
    assert len(totals) == 5
    box = phone.locator("#next").bounding_box()
    assert box["height"] < 844 / 4  # compact: not a fifth of the screen and more
    assert phone.evaluate("getComputedStyle(document.querySelector('#next')).position") != (
        "sticky"
    )


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (1024, 768)])
def test_projector_shows_everybody_within_one_cycle(live_server, browser, shown, size):
    width, height = size
    t = shown["tournament"]
    expected = set(Participant.objects.filter(tournament=t).values_list("player__name", flat=True))
    # The test polls the page with evaluated expressions, which the site's CSP forbids.
    page = browser.new_page(
        viewport={"width": width, "height": height}, locale="de-DE", bypass_csp=True
    )
    page.set_default_timeout(10_000)
    try:
        url = live_server.url + reverse("projector", args=[t.pk])
        for view, codes_allowed in (("wertung", True), ("tische", False)):
            page.goto(f"{url}?ansicht={view}&takt=0.6")
            pages = int(page.wait_for_function("document.body.dataset.pages").json_value())
            seen: set[str] = set()
            for number in range(1, pages + 1):
                # The rows and the page number in one read: on a busy machine the screen may
                # turn between waiting for page N and reading it (then wait for N's next turn).
                while True:
                    page.wait_for_function(f"document.body.dataset.page === '{number}'")
                    shown_page, rows = page.evaluate(
                        """() => [document.body.dataset.page,
                          [...document.querySelectorAll('.screen:not([hidden]) tbody tr')]
                          .filter((r) => !r.hidden)
                          .map((r) => [r.dataset.name, r.getBoundingClientRect().bottom])]"""
                    )
                    if shown_page == str(number):
                        break
                for name, bottom in rows:
                    assert bottom <= height + 0.5, (view, name, bottom)  # the whole row on screen
                    seen.add(name)
            assert seen == expected, (view, expected - seen)
            if not codes_allowed:
                html = page.content()
                for liste in Spielliste.objects.filter(round_table__tournament_round__number=4):
                    assert liste.code not in html
    finally:  # a page left polling would hold the database at the flush
        page.close()


def test_augen_for_kontra_and_running_totals_after_saving(live_server, phone, shown):
    liste = shown["lists"]["Clubabend 21.11. – Tisch 1"]
    log_in(phone, live_server.url, "listenfuehrer", "doko-demo")
    phone.goto(live_server.url + reverse("liste-detail", args=[liste.pk]))
    form = phone.locator("#game-form")
    players = [s.name for s in liste.seats.order_by("position")]
    for name in players[:2]:
        form.locator("label.chip", has_text=name).click()
    form.locator("label.chip", has_text="für Kontra").click()
    form.locator("input[name=re_augen]").fill("89")
    phone.locator("#preview [data-augen]").wait_for()
    assert phone.locator("[data-augen-other]").inner_text() == "Re hat 151"
    assert "Re 151 · Kontra 89" in phone.locator("#preview [data-augen]").inner_text()
    # The preview is above the save button: first in the page, and on screen once the
    # form is scrolled to its end (the button sticks to the bottom until then).
    save = form.locator("[data-save]")
    assert phone.evaluate(
        "document.querySelector('#preview').compareDocumentPosition("
        "document.querySelector('[data-save]')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    phone.evaluate(
        "window.scrollTo(0, document.querySelector('#game-form').getBoundingClientRect().bottom"
        " + window.scrollY - innerHeight)"
    )
    preview = phone.locator("#preview").bounding_box()
    assert preview["y"] + preview["height"] <= save.bounding_box()["y"] + 1
    with phone.expect_navigation():
        save.click()
    liste.refresh_from_db()
    assert liste.games.last().re_augen == 151  # the record keeps Re's Augen
    # Right after saving, the Stand is on the first screen.
    stand = phone.locator("[data-stand]").bounding_box()
    assert stand["y"] + stand["height"] <= 844


def test_the_contrast_check_finds_faint_text(phone):
    """The check above is no rubber stamp: the old Vorführung badge (white on pale yellow,
    1.25 : 1) and grey on grey fail, black on white passes."""
    phone.set_content(
        '<body style="background:#0f172a;color:#fff">'
        '<span style="background:#fde68a">Vorführung</span>'
        '<p style="color:#9ca3af;background:#e5e7eb">grau</p>'
        '<p style="color:#000;background:#fff">gut</p></body>'
    )
    bad = phone.evaluate(CONTRAST_JS)
    assert len(bad) == 2
    assert "Vorführung" in bad[0]
    assert "grau" in bad[1]


def test_chip_buttons_show_a_focus_ring(live_server, phone):
    phone.goto(live_server.url + reverse("calculator"))
    phone.locator("input[name=kind]").first.focus()
    phone.keyboard.press("ArrowRight")
    ring = phone.evaluate(
        "getComputedStyle(document.activeElement.closest('label.chip')).outlineStyle"
    )
    assert ring == "solid"


def test_name_completion_ignores_accents(live_server, phone, shown):
    """Registering a participant: "weiss" offers the Weiß players, "joerg fuss" nobody
    else; the keyboard picks one."""
    t = shown["tournament"]
    log_in(phone, live_server.url, "admin", "doko-admin")
    phone.goto(live_server.url + reverse("tournament-participants", args=[t.pk]))
    name = phone.locator("input[name=name]")
    name.press_sequentially("weiss")
    options = phone.locator("ul.suggest [role=option]")
    options.first.wait_for()
    offered = options.all_inner_texts()
    assert "Carla Weiß" in offered
    assert all("Weiß" in o for o in offered)
    name.press("ArrowDown")
    name.press("Enter")
    assert name.input_value() == offered[0]
    assert phone.locator("ul.suggest").first.is_hidden()
    # The list form's seats too.
    phone.goto(live_server.url + reverse("liste-create"))
    seat = phone.locator("input[name=seat_3]")
    seat.press_sequentially("Jurgen Fuss")
    phone.locator("ul.suggest [role=option]").first.click()
    assert seat.input_value() == "Jürgen Fuß"
