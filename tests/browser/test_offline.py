"""Fully offline (issue 11): every page of the demo, crawled in Chromium with every request
to another host than the test server blocked — nothing was blocked, every page rendered."""

from __future__ import annotations

import re
from collections import deque
from io import StringIO
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from django.core.management import call_command

from league.tournaments.models import Tournament
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCAL = {"127.0.0.1", "localhost"}
# Not pages: downloads (PDF, CSV, spreadsheets), the admin's own site, the API's JSON.
SKIP = (".pdf", "/pdf/", "_export=", "/admin/", "/api/v1/", "/api/schema/", "/static/", ".csv")
# A table code's address binds the browser to that table (and a closed round's code is
# dead): the crawl keeps its organiser session.
TABLE_CODE = re.compile(r"/t/[A-Z0-9]+/")
MAX_PAGES = 1000


def test_every_demo_page_renders_with_the_internet_blocked(live_server, browser):
    call_command("load_demo", force=True, stdout=StringIO())
    tournament = Tournament.objects.get(name="Kölner Stadtmeisterschaft 2026")
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    blocked: list[str] = []

    def guard(route, request):
        host = urlparse(request.url).hostname or ""
        if request.url.startswith(("data:", "blob:")) or host in LOCAL:
            route.continue_()
        else:
            blocked.append(request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(15_000)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}"))
    log_in(page, base, "admin", "doko-admin")  # the organiser sees every page there is

    start = [
        "/",
        "/listen/",
        "/turniere/",
        f"/turniere/{tournament.pk}/beamer/?ansicht=tische",
        f"/turniere/{tournament.pk}/beamer/?ansicht=beides",
        "/t/",
        "/veranstaltung/",
        "/api/docs/",
    ]
    queue = deque(base + path for path in start)
    seen: set[str] = set(queue)
    visited: list[str] = []
    while queue and len(visited) < MAX_PAGES:
        url = queue.popleft()
        response = page.goto(url, wait_until="load")
        assert response is not None, url
        assert response.status == 200, f"{url}: {response.status}"
        if url.endswith("/api/docs/"):
            page.wait_for_selector("text=Doppelkopf-Liste API", timeout=20_000)
        else:
            assert page.locator("main").count() == 1 or "/beamer/" in url, url
            assert page.title(), url
        visited.append(url)
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            link = urldefrag(urljoin(url, href))[0]
            parsed = urlparse(link)
            if (
                parsed.hostname not in LOCAL
                or any(s in link for s in SKIP)
                or TABLE_CODE.search(link)
            ):
                continue
            link = link.split("?", 1)[0]  # sort orders and pages are the same page
            if link not in seen:
                seen.add(link)
                queue.append(link)
    context.close()
    assert blocked == []
    assert failed == []
    print(f"{len(visited)} pages, nothing blocked")
    assert len(visited) >= 30  # lists, tournament pages, player pages, clubs, account …
