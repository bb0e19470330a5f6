"""Widgets on another site (issue 35): a page served from another origin (127.0.0.1 on a
port of its own, the site being localhost) frames each widget; Chromium shows it and, after
a save, the new state without a reload; a normal page of the site framed the same way stays
empty (CSP frame-ancestors 'none', X-Frame-Options DENY). Each widget fits a 320 px wide
frame and passes the checks the pages pass (contrast, tap targets), light and dark."""

from __future__ import annotations

import datetime as dt
import functools
import http.server
import threading

import pytest
from django.urls import reverse

from league.clubs.models import Club, Player
from league.evenings import services as es
from league.leagues import services as ls
from league.lists.models import PlayerRating
from league.tournaments import services as ts
from tests.browser.conftest import wait_until
from tests.browser.test_narrow import SMALL_TARGETS, WIDTH
from tests.browser.test_phone import CONTRAST_JS
from tests.evenings.test_seasons import evening
from tests.leagues.helpers import first_spieltag, make_league
from tests.tournaments.helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def other_origin(tmp_path):
    """A static site on 127.0.0.1 (another origin and site than the live server's
    localhost): ``serve(html)`` gives the address of a page with that body."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def serve(name: str, html: str) -> str:
        (tmp_path / name).write_text(html, encoding="utf-8")
        return f"http://127.0.0.1:{server.server_address[1]}/{name}"

    yield serve
    server.shutdown()


@pytest.fixture
def world():
    tournament = make_tournament(8, rounds=1)
    ts.round_draw(tournament=tournament, seed=1)
    league = make_league(4)
    club = Club.objects.create(name="Herz-Dame")
    names = ["Anna", "Bernd", "Carla", "Dieter"]
    for name in names:
        Player.objects.create(name=name, club=club)
    evening(club, dt.date.today().replace(day=1), names)
    for i in range(3):
        player = Player.objects.create(name=f"Stark {i}")
        PlayerRating.objects.create(
            player=player, mu=25.0, sigma=2.0, lists=40, rating=1500 - i, day=dt.date(2026, 1, 1)
        )
    return {"tournament": tournament, "league": league, "club": club}


def _widgets(world) -> dict[str, str]:
    return {
        "turnier": reverse("embed-tournament", args=[world["tournament"].pk]),
        "liga": reverse("embed-league", args=[world["league"].pk]),
        "verein": reverse("embed-club", args=[world["club"].pk]),
        "rangliste": reverse("embed-rangliste"),
        "spielstaerke": reverse("embed-spielstaerke"),
    }


def _host_page(base: str, paths: dict[str, str]) -> str:
    frames = "\n".join(
        f'<iframe name="{name}" src="{base}{path}" width="320" height="400"></iframe>'
        for name, path in paths.items()
    )
    return f"<!doctype html><html><body><h1>Vereinsseite</h1>{frames}</body></html>"


def test_another_site_frames_each_widget_and_sees_a_save(
    quick_polls, live_server, browser, world, other_origin
):
    paths = _widgets(world)
    host = other_origin("verein.html", _host_page(live_server.url, paths))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(10_000)
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if r.headers.get("x-live") else None)
    answered: list[str] = []
    page.on(
        "requestfinished", lambda r: answered.append(r.url) if r.headers.get("x-live") else None
    )
    page.goto(host)
    frames = {name: page.frame(name=name) for name in paths}
    for name, frame in frames.items():
        assert frame is not None, name
        frame.wait_for_selector("[data-widget-table]")
        assert frame.locator("h1").inner_text(), name
    assert "Stark 0" in frames["spielstaerke"].inner_text("main")
    # The first poll of each frame answered (it learns nothing new: a 304).
    wait_until(page, lambda: all(any(paths[name] in url for url in answered) for name in frames))
    # Saves elsewhere: a late entry, a new team, the next club evening, a new figure.
    ts.participant_add(tournament=world["tournament"], name="Nachzügler Neu", club_name="Club 9")
    ls.spieltag_schedule(
        spieltag=first_spieltag(world["league"]),
        date=dt.date.today() + dt.timedelta(days=5),
        venue="Gasthaus Neu",
    )
    es.club_evening_create(
        club=world["club"],
        date=dt.date.today() + dt.timedelta(days=9),
        tables=es.seat_tables(["Anna", "Bernd", "Carla", "Dieter"]),
    )
    newcomer = Player.objects.create(name="Stark Neu")
    PlayerRating.objects.create(
        player=newcomer, mu=30.0, sigma=2.0, lists=40, rating=1900, day=dt.date(2026, 1, 2)
    )
    soon = (dt.date.today() + dt.timedelta(days=9)).strftime("%d.%m.%Y")
    for name, text in [
        ("turnier", "Nachzügler Neu"),
        ("liga", "Gasthaus Neu"),
        ("verein", soon),
        ("spielstaerke", "Stark Neu"),
    ]:
        frames[name].wait_for_function(
            "text => document.querySelector('main').innerText.includes(text)",
            arg=text,
            timeout=8000,
        )
    assert all(frame.url.startswith(live_server.url) for frame in frames.values())  # no reload
    assert any(paths["rangliste"] in url for url in polls)  # the Rangliste asks as well
    page.close()


def test_a_normal_page_framed_by_another_site_stays_empty(
    live_server, browser, world, other_origin
):
    paths = {
        "rangliste": reverse("rangliste"),
        "wertung": reverse("standings", args=[world["tournament"].pk]),
        "widget": reverse("embed-rangliste"),
    }
    host = other_origin("fremd.html", _host_page(live_server.url, paths))
    page = browser.new_page()
    page.set_default_timeout(10_000)
    page.goto(host)
    page.frame(name="widget").wait_for_selector("[data-widget-table]")
    page.wait_for_timeout(500)
    for name in ("rangliste", "wertung"):
        frame = page.frame(name=name)
        shown = frame.evaluate("() => (document.body || {}).innerText || ''") if frame else ""
        assert "Rangliste" not in shown, name
        assert "Platz" not in shown, name
        assert frame is None or not frame.url.startswith(live_server.url) or shown == "", name
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_widgets_fit_320_px_and_pass_the_page_checks(live_server, browser, world, scheme):
    context = browser.new_context(
        viewport={"width": 320, "height": 600}, locale="de-DE", color_scheme=scheme
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    for path in _widgets(world).values():
        for query in ("", f"?theme={scheme}&lang=en"):
            page.goto(live_server.url + path + query)
            width, inner = page.evaluate(WIDTH)
            assert width <= inner, (path, query, width)
            assert page.evaluate(CONTRAST_JS) == [], (path, query)
            assert page.evaluate(SMALL_TARGETS) == [], (path, query)
            assert page.locator("h1").count() == 1
            assert page.locator("a[target=_blank]").count() == 1  # back to the full page
    context.close()
