import os
import shutil

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls in the test
# itself are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(
            "Debian's chromium is missing: run `make test` (it installs it) "
            "or apt-get install chromium"
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
