"""Fully offline (issue 11): no page of the demo loads anything from another host, and every
page renders without the internet.

Two steps, one proof. The demo is crawled through Django's test client (fast: hundreds of
pages, the first 20 of each URL pattern, so every kind of page there is): each answers 200
with its title and <main>, nothing it loads (scripts, styles, images, HTMX and script
addresses) points at another host, and every local file it loads exists — style sheets' own
``url()``s and ``@import``s included. What only a browser shows (a script that fetches at
run time, a font a style sheet pulls in) is checked in Chromium, with every request to
another host blocked, on one page of each kind: each URL pattern with each set of loaded
files it was seen with.
"""

from __future__ import annotations

import os
import re
from collections import Counter, deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import PurePosixPath
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.urls import Resolver404, resolve

from league.tournaments.models import Tournament
from tests.browser.conftest import log_in
from tests.prebuilt import shared_once

BASE = "http://testserver"
LOCAL = {"127.0.0.1", "localhost", "testserver"}
# Not pages: downloads (PDF, CSV, spreadsheets, calendar feeds), the admin's own site, the
# API's JSON.
SKIP = (
    ".pdf",
    "/pdf/",
    "_export=",
    "/admin/",
    "/api/v1/",
    "/api/schema/",
    "/static/",
    ".csv",
    ".ics",
    "/daten/format.md",  # the open-data format as text (Markdown), no page
)
# A table code's address binds the browser to that table (and a closed round's code is
# dead): the crawl keeps its organiser session.
TABLE_CODE = re.compile(r"/t/[A-Z0-9]+/")
# Pages of one URL pattern differ only in their data: the first ones met of each pattern
# are fetched (the demo has 2,400 pages, 547 of them list pages; the whole crawl took two
# minutes of the suite's five).
PER_PATTERN = 20
# Attributes whose address the browser loads or a script requests (HTMX, the site's own
# scripts read data-*-url); an <a href> or a form's action is only followed when clicked.
LOADS = {"src", "srcset", "poster", "data", "hx-get", "hx-post", "hx-put", "hx-delete"}
EXTERNAL = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.I)
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []  # <a href>: the pages the crawl follows
        self.loads: list[str] = []  # what the browser or a script fetches
        self.mains = 0
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.mains += 1
        self._in_title = tag == "title"
        for name, value in attrs:
            if value is None:
                continue
            if tag == "a" and name == "href":
                self.links.append(value)
            elif name in LOADS or (name == "href" and tag != "a") or name.endswith("-url"):
                if name == "srcset":
                    self.loads += [part.split()[0] for part in value.split(",") if part.strip()]
                else:
                    self.loads.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data.strip()


@dataclass
class Crawl:
    pages: list[str] = field(default_factory=list)  # every page, as visited
    # One page per URL pattern and set of loaded files: what Chromium opens.
    kinds: dict[tuple[str, frozenset[str]], str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    assets: set[str] = field(default_factory=set)


def _start_paths(tournament: Tournament) -> list[str]:
    return [
        "/",
        "/listen/",
        "/turniere/",
        f"/turniere/{tournament.pk}/beamer/?ansicht=tische",
        f"/turniere/{tournament.pk}/beamer/?ansicht=beides",
        "/t/",
        "/veranstaltung/",
        "/api/docs/",
    ]


def _static_file(path: str) -> str | None:
    """The file behind a /static/ address, or None."""
    name = path.removeprefix("/" + settings.STATIC_URL.lstrip("/"))
    found = finders.find(name)
    # A finder that answers None for "not mine" makes find() return [None]: look at the
    # paths themselves.
    paths = found if isinstance(found, list) else [found]
    return next((str(p) for p in paths if p and os.path.isfile(p)), None)


def _check_css(path: str, crawl: Crawl) -> None:
    """A style sheet loads nothing from another host; what it loads exists."""
    file = _static_file(path)
    with open(file, encoding="utf-8") as fh:
        text = fh.read()
    for match in CSS_URL.finditer(text):
        ref = (match.group(1) or match.group(2)).strip()
        if ref.startswith("data:"):
            continue
        if EXTERNAL.match(ref):
            crawl.problems.append(f"{path} loads {ref}")
            continue
        target = urldefrag(urljoin(path, ref))[0].split("?", 1)[0]
        if _static_file(target) is None:
            crawl.problems.append(f"{path}: {ref} does not exist")


def _check_loads(url: str, loads: list[str], crawl: Crawl) -> frozenset[str]:
    local = set()
    for ref in loads:
        if ref.startswith(("data:", "blob:", "#", "javascript:")) or not ref.strip():
            continue
        if EXTERNAL.match(ref) and urlparse(urljoin(url, ref)).hostname not in LOCAL:
            crawl.problems.append(f"{url} loads {ref}")
            continue
        path = urlparse(urljoin(url, ref)).path
        if path.startswith("/" + settings.STATIC_URL.lstrip("/")):
            local.add(path)
            if path not in crawl.assets:
                crawl.assets.add(path)
                if _static_file(path) is None:
                    crawl.problems.append(f"{url}: {path} does not exist")
                elif PurePosixPath(path).suffix == ".css":
                    _check_css(path, crawl)
    return frozenset(local)


def _pattern(path: str) -> str:
    try:
        return str(resolve(path).route)
    except Resolver404:
        return path  # fetched once, and its 404 reported


_crawled: Crawl | None = None


def crawl_demo(client) -> Crawl:
    """The pages of the demo as the organiser sees them (he sees every page there is):
    breadth first from the start pages, up to PER_PATTERN pages of each URL pattern. The
    demo's rows are the same in every test of the run (tests/demo.py: one build, copied
    with its ids), so the crawl is made once per run, by the first worker that needs it
    (tests/prebuilt.shared_once)."""
    global _crawled
    if _crawled is None:
        _crawled = shared_once("demo-crawl", lambda: _crawl(client))
    return _crawled


def _crawl(client) -> Crawl:
    crawl = Crawl()
    client.force_login(get_user_model().objects.get(username="admin"))
    tournament = Tournament.objects.get(name="Kölner Stadtmeisterschaft 2026")
    queue = deque(BASE + path for path in _start_paths(tournament))
    seen: set[str] = set(queue)
    per_pattern: Counter[str] = Counter()
    while queue:
        url = queue.popleft()
        pattern = _pattern(urlparse(url).path)
        per_pattern[pattern] += 1
        if per_pattern[pattern] > PER_PATTERN:
            continue
        response = client.get(url, follow=True)
        if response.redirect_chain:
            url = urljoin(url, response.redirect_chain[-1][0])
        if response.status_code != 200:
            crawl.problems.append(f"{url}: {response.status_code}")
            continue
        if not response.get("Content-Type", "").startswith("text/html"):
            continue  # a download (an open-data file, a manifest), no page
        parsed = _Page()
        parsed.feed(response.content.decode())
        if not parsed.title:
            crawl.problems.append(f"{url}: no title")
        if parsed.mains != 1 and "/beamer/" not in url and not url.endswith("/api/docs/"):
            crawl.problems.append(f"{url}: {parsed.mains} <main>")
        crawl.pages.append(url)
        loaded = _check_loads(url, parsed.loads, crawl)
        path, _, query = url.removeprefix(BASE).partition("?")
        kind = _pattern(path) + (f"?{query}" if query else "")
        crawl.kinds.setdefault((kind, loaded), url.removeprefix(BASE))
        for href in parsed.links:
            link = urldefrag(urljoin(url, href))[0]
            if (
                urlparse(link).hostname not in LOCAL
                or any(s in link for s in SKIP)
                or TABLE_CODE.search(link)
            ):
                continue
            link = link.split("?", 1)[0]  # sort orders and pages are the same page
            if link not in seen:
                seen.add(link)
                queue.append(link)
    client.logout()
    return crawl


@pytest.mark.django_db
def test_every_demo_page_renders_and_loads_nothing_from_another_host(demo, client):
    crawl = crawl_demo(client)
    print(f"{len(crawl.pages)} pages, {len(crawl.kinds)} kinds, {len(crawl.assets)} files")
    print(sorted({kind for kind, _files in crawl.kinds}))
    assert crawl.problems == []
    assert len(crawl.pages) >= 300  # lists, tournament pages, player pages, clubs, league …
    patterns = {kind for kind, _files in crawl.kinds}
    assert len(patterns) >= 35
    assert {"/static/vendor/htmx.min.js", "/static/css/site.css"} <= crawl.assets


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_one_page_of_each_kind_renders_in_chromium_with_the_internet_blocked(
    demo, client, live_server, browser
):
    kinds = crawl_demo(client).kinds
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
    # A live page's poll still under way when the crawl moves on is aborted by the browser
    # (net::ERR_ABORTED): the next page's load, not a request that could not be served.
    page.on(
        "requestfailed",
        lambda r: (
            None
            if "ERR_ABORTED" in (r.failure or "") and r.headers.get("x-live")
            else failed.append(f"{r.url} {r.failure}")
        ),
    )
    log_in(page, base, "admin", "doko-admin")
    for path in sorted(set(kinds.values())):
        response = page.goto(base + path, wait_until="load")
        assert response is not None, path
        assert response.status == 200, f"{path}: {response.status}"
        if path.endswith("/api/docs/"):  # Redoc draws the page from the schema
            page.wait_for_selector("text=Doppelkopf-Liste API", timeout=20_000)
        else:
            assert page.locator("main").count() == 1 or "/beamer/" in path, path
            assert page.title(), path
    context.close()
    assert blocked == []
    assert failed == []
    print(f"{len(set(kinds.values()))} pages in Chromium, nothing blocked")


def test_the_page_check_finds_what_another_host_would_serve():
    """The crawl's check is no rubber stamp: addresses of other hosts in what a page loads,
    a missing local file and a style sheet's import from another host are all reported."""
    page = _Page()
    page.feed(
        '<html><head><title>T</title><link rel="stylesheet" href="/static/css/site.css">'
        '<script src="https://cdn.example.org/htmx.js"></script>'
        '<link rel="icon" href="//fonts.example.org/icon.png"></head><body><main>'
        '<a href="https://www.doko-verband.de/">DDV</a>'
        '<img srcset="/static/img/a.png 1x, https://img.example.org/b.png 2x">'
        '<div hx-get="https://api.example.org/poll" data-poll-url="/listen/"></div>'
        "</main></body></html>"
    )
    crawl = Crawl()
    files = _check_loads(BASE + "/", page.loads, crawl)
    assert page.links == ["https://www.doko-verband.de/"]  # followed only when clicked
    assert crawl.problems == [
        f"{BASE}/ loads https://cdn.example.org/htmx.js",
        f"{BASE}/ loads //fonts.example.org/icon.png",
        f"{BASE}/: /static/img/a.png does not exist",
        f"{BASE}/ loads https://img.example.org/b.png",
        f"{BASE}/ loads https://api.example.org/poll",
    ]
    assert files == {"/static/css/site.css", "/static/img/a.png"}
    assert CSS_URL.findall("@import 'https://x.org/a.css'; a { background: url(b.png) }") == [
        ("", "https://x.org/a.css"),
        ("b.png", ""),
    ]
