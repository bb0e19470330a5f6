import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from django.contrib.auth import get_user_model

from league.clubs.models import Club, Player
from league.lists import services
from league.tournaments import services as ts
from tests.demo import Demo, demo_load_or_copy
from tests.prebuilt import Prebuilt, shared_builds_clear
from tests.site_helpers import NAMES
from tests.tournaments.helpers import make_tournament

# Property tests (hypothesis) run without a deadline: on a shared machine the generation of
# one example may take longer than hypothesis' patience (too_slow), which says nothing about
# the rules tested. How many examples a test without its own count tries depends on the run:
# ``make test`` and a bare ``pytest`` 100 (hypothesis' default; the properties cost a quarter
# of the time they did at 400); ``HYPOTHESIS_PROFILE=ci`` 400, as every run did before (CI
# runs tests/scoring once, in make test). A test that states its own ``max_examples`` keeps it.
_PROPERTIES = {"dev": 100, "ci": 400}
for _name, _examples in _PROPERTIES.items():
    hypothesis.settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=None,
        suppress_health_check=[hypothesis.HealthCheck.too_slow],
    )
hypothesis.settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


LEAGUE = Path(__file__).resolve().parent.parent / "league"
# The engine's and the page frame's catalogue, and one per app (each app owns its texts).
CATALOGUES = sorted(
    [LEAGUE / "locale/en/LC_MESSAGES/django.po", *LEAGUE.glob("*/locale/en/LC_MESSAGES/django.po")]
)


def compile_catalogue(config: Any) -> None:
    """The English catalogues are built, not committed (``make`` builds them): a bare
    ``pytest`` on a fresh clone builds them too, once, in the controlling process (not in
    each worker)."""
    if hasattr(config, "workerinput"):
        return
    for catalogue in CATALOGUES:
        compiled = catalogue.with_suffix(".mo")
        if compiled.exists() and compiled.stat().st_mtime >= catalogue.stat().st_mtime:
            continue
        subprocess.run(
            ["msgfmt", "--check-format", "-o", str(compiled), str(catalogue)], check=True
        )


def pytest_configure(config):
    """Accounts in tests hash their passwords fast: the production hasher (PBKDF2, a
    million rounds) made every fixture with accounts cost seconds."""
    compile_catalogue(config)
    if not hasattr(config, "workerinput"):
        shared_builds_clear(older_than=6 * 3600)  # runs long over (tests/prebuilt.py)
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A stranger's page is shared by version (league/core/shared_pages.py); test databases
    # start again at the same versions with other content, so the suite renders each visit
    # and tests/core/test_shared_pages.py switches sharing on with a cache of its own.
    settings.SHARED_PAGES = False
    # WhiteNoise reads every file under STATIC_ROOT each time a test client builds the
    # middleware: once ``manage.py venue`` (tests/venue/test_serve.py) has collected the
    # static files into the checkout, that doubled the time of every request test. The
    # tests serve static files from the finders, as a fresh checkout does.
    settings.STATIC_ROOT = tempfile.mkdtemp(prefix="doko-test-static-")
    # The open-data exports (league/opendata) of a run are its own, never the checkout's
    # (a `manage.py open_data` tried by hand would show up on the suite's /daten/).
    settings.OPEN_DATA_DIR = tempfile.mkdtemp(prefix="doko-test-open-data-")
    # Each run, and each of its parallel workers (pytest-xdist, ``make test``), keeps its own
    # cache: a test that clears it or counts throttled attempts (registrations, logins)
    # must not see another worker's entries, nor those of the run before.
    cache = settings.CACHES["default"]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    if str(cache["BACKEND"]).endswith("RedisCache"):
        # The suite on the federation's cache (DJANGO_CACHE_URL): each worker its own Redis
        # database (a test's cache.clear() empties only its worker's), emptied at the start.
        settings.CACHES = {"default": {**cache, "LOCATION": redis_database(cache, worker)}}
        from django.core.cache import cache as shared

        shared.clear()
        return
    location = tempfile.mkdtemp(prefix=f"doko-test-cache-{worker}-")
    settings.CACHES = {"default": {**cache, "LOCATION": location}}


def redis_database(cache: dict[str, Any], worker: str) -> str:
    """The worker's Redis database: the configured one's URL with 10 + the worker's number
    (gw0 → 10, gw1 → 11; the controlling process 9), away from a developer's database 0/1."""
    number = 9 if worker == "main" else 10 + int(worker.removeprefix("gw"))
    base = str(cache["LOCATION"]).split("?")[0].rstrip("/")
    head, _, last = base.rpartition("/")
    root = head if last.isdigit() and "://" in head else base
    return f"{root}/{number}"


def pytest_unconfigure(config):
    from django.conf import settings

    if os.path.basename(str(settings.STATIC_ROOT)).startswith("doko-test-static-"):
        shutil.rmtree(settings.STATIC_ROOT, ignore_errors=True)
    location = str(settings.CACHES["default"]["LOCATION"])
    if "://" not in location and os.path.basename(location).startswith("doko-test-cache-"):
        shutil.rmtree(location, ignore_errors=True)


@pytest.fixture
def demo(db) -> Demo:
    """The demo of ``manage.py load_demo`` in this test's database: run once per test
    process, copied into every later test that asks for it (tests/demo.py)."""
    return demo_load_or_copy()


@pytest.fixture
def game_data():
    return {
        "kind": "normal",
        "players": ["Anna", "Bernd", "Carla", "Dieter"],
        "re": ["Anna", "Carla"],
        "re_augen": 131,
        "announcements": {"re": "ansage", "kontra": "none"},
    }


@pytest.fixture
def players(db):
    return [Player.objects.create(name=n) for n in NAMES]


@pytest.fixture
def liste(players, user):
    """A free list kept by the account ``user`` (its Listenführer)."""
    return services.spielliste_create(title="Testtisch", players=players, created_by=user)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("lf", password="pw-secret-123")


@pytest.fixture
def lf_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture(autouse=True)
def _no_replays_kept():
    """Each test starts with no list replay in memory (league/lists/replays.py): its ids and
    versions come again in the next test with other games."""
    from league.lists import replays

    replays.forget()
    yield
    replays.forget()


@pytest.fixture(autouse=True)
def _german_by_default():
    """Each test starts in the site's default language, whatever an earlier request chose."""
    from django.utils import translation

    translation.activate("de")
    yield
    translation.deactivate()


def _build_world() -> dict[str, Any]:
    user_model = get_user_model()
    users = {
        name: user_model.objects.create_user(name, password="pw-secret-123")
        for name in ("stranger", "listenfuehrer", "organiser_this", "organiser_other", "cm")
    }
    users["staff"] = user_model.objects.create_user("staff", password="pw", is_staff=True)
    tournament = make_tournament(8, rounds=2, user=users["organiser_this"])
    make_tournament(4, user=users["organiser_other"])
    rnd, _ = ts.round_draw(tournament=tournament, seed=1)
    l1, l2 = list(rnd.lists)
    club = Club.objects.create(name="Herz-Dame")
    club.managers.add(users["cm"])
    free = services.spielliste_create(
        title="Clubabend",
        players=[Player.objects.create(name=n, club=club) for n in "ABCD"],
        club=club,
        created_by=users["listenfuehrer"],
    )
    return {
        "users": users,
        "tournament": tournament,
        "round": rnd,
        "l1": l1,
        "l2": l2,
        "free": free,
        "club": club,
    }


_world = Prebuilt(_build_world)


@pytest.fixture
def world(db):
    """The permission matrix's world: a tournament round (lists l1, l2) and a club list.
    Built once per test process, copied into each later test (tests/prebuilt.py)."""
    return _world()
