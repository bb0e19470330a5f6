import os
import shutil
import time
from collections.abc import Callable

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls in the test
# itself are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's headless shell of Chromium (package chromium-headless-shell: the same Blink, without
# the browser's user interface; what Playwright itself runs headless) needs half the CPU of
# the full browser per page (issue 30: 2.4 s against 5.2 s for 36 pages); the full browser is
# the fallback where only it is installed.
CHROMIUM = (
    shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(
            "Debian's Chromium is missing: run `make test` (it installs it) "
            "or apt-get install chromium-headless-shell"
        )
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _no_page_left_open(browser):
    """Every page a test opened is closed when it ends, passed or failed: a live page left
    open polls the session's live server every few seconds, and on SQLite's shared in-memory
    test database its read locks the tables a later test in this worker writes ("database
    table is locked")."""
    yield
    for context in list(browser.contexts):
        context.close()


# The site's live pages ask every 3 s, its outbox sends again every 5 s (settings); a test that
# waits for a poll or a retry asks for ``quick_polls`` and waits for what they do instead.
QUICK_POLL_SECONDS = 1.0
QUICK_RETRY_SECONDS = 1.0


@pytest.fixture
def quick_polls(settings):
    """Live pages ask every second and the outbox sends again every second (the live
    server renders them with these settings: same process)."""
    settings.LIVE_POLL_SECONDS = QUICK_POLL_SECONDS
    settings.OUTBOX_RETRY_SECONDS = QUICK_RETRY_SECONDS


def wait_until(page, done: Callable[[], bool], timeout: float = 10_000) -> None:
    """Waits (letting the page's events in) until ``done()`` holds."""
    deadline = time.monotonic() + timeout / 1000
    while not done():
        assert time.monotonic() < deadline, "waited in vain"
        page.wait_for_timeout(50)


def polls_answered(page, count: int, timeout: float = 10_000) -> None:
    """Waits until ``count`` more of the page's live polls (X-Live) have been answered."""
    for _ in range(count):
        page.wait_for_event(
            "requestfinished", lambda r: bool(r.headers.get("x-live")), timeout=timeout
        )


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def log_in(page, base_url: str, username: str, password: str) -> None:
    from django.urls import reverse

    page.goto(base_url + reverse("login"))
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    with page.expect_navigation():
        page.click("main button.primary")
