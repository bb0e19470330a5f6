"""English pages show English engine and site messages; every app's catalogue is complete."""

from __future__ import annotations

import gettext
import importlib
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from league.core import messages as site_messages
from league.lists import services
from tests.lists.test_calculator import BASE
from tests.site_helpers import normal, solo

# Nothing here depends on the database server or the cache: CI's PostgreSQL run leaves it out.
pytestmark = pytest.mark.once

LEAGUE = Path(settings.BASE_DIR) / "league"
CATALOGUES = [
    LEAGUE / "locale/en/LC_MESSAGES/django.po",
    *LEAGUE.glob("*/locale/en/LC_MESSAGES/django.po"),
]
# Identical in English by nature: names, numbers, punctuation.
SAME = {"{kind}: {offender}", "Pl.", "{place}: {reason}", "{file}: {error}"}


def test_every_site_message_has_an_english_text():
    # Each app registers its codes (league.core.messages.register_messages); the texts come
    # from whichever app's catalogue Django finds them in.
    assert len(site_messages.MESSAGES) > 250
    with translation.override("en"):
        for code, template in site_messages.MESSAGES.items():
            english = translation.gettext(template)
            assert english != template or template in SAME, code
            assert not set("äöüß") & set(english), code


def test_each_app_owns_the_texts_of_its_codes():
    """An app's codes are translated in its own catalogue, not only in another app's."""
    apps = sorted(path.parent.name for path in LEAGUE.glob("*/messages.py"))
    assert {"core", "lists", "tournaments", "leagues", "api"} <= set(apps)
    for app in apps:
        po = LEAGUE / app / "locale/en/LC_MESSAGES/django.po"
        compiled = po.with_suffix(".mo")
        with compiled.open("rb") as fh:
            own = gettext.GNUTranslations(fh)
        module = importlib.import_module(f"league.{app}.messages")
        table = module.CORE_MESSAGES if app == "core" else module.MESSAGES
        for code, template in table.items():
            assert own.gettext(template) != template or template in SAME, (app, code)


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parts[-5])
def test_the_catalogue_has_no_fuzzy_or_empty_entry(po):
    text = po.read_text(encoding="utf-8")
    blocks = text.split("\n\n")[1:]  # after the header
    assert blocks, po
    for block in blocks:
        assert "#, fuzzy" not in block, block
        assert 'msgstr ""\n' not in block + "\n" or '\n"' in block.split("msgstr")[1], block


def test_a_code_belongs_to_one_app():
    with pytest.raises(ValueError, match="message_code_twice"):
        site_messages.register_messages({"no_games": "Noch einmal."})
    assert site_messages.MESSAGES["no_games"] == "Die Liste hat noch kein Spiel."


def test_no_compiled_catalogue_is_tracked():
    tracked = subprocess.run(
        ["git", "ls-files", "*.mo"], capture_output=True, text=True, check=True, cwd=LEAGUE.parent
    ).stdout
    assert tracked == ""


def test_english_calculator_shows_english_engine_errors_and_breakdown(client):
    bad = client.get(
        reverse("calculator"),
        {**BASE, "re": ["0", "2"], "kind": "solo"},
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert "Soloart" not in bad
    assert "solo type" in bad.lower()
    good = client.get(
        reverse("calculator"), {**BASE, "re": ["0", "2"]}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Won" in good
    assert "Gewonnen" not in good
    assert "„Re“ angesagt" not in good


@pytest.mark.django_db
def test_english_list_page_shows_english_procedure_errors(lf_client, liste):
    services.game_record(spielliste=liste, record=solo("Anna"))
    page = lf_client.get(reverse("liste-detail", args=[liste.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Queens" in page.content.decode()  # the short solo label, translated
    snap_version = liste.__class__.objects.get(pk=liste.pk).version
    form = {
        "version": snap_version,
        "kind": "solo",
        "solo": "buben",
        "re": ["1"],
        "re_augen": "150",
        "ann_re": "none",
        "ann_kontra": "none",
    }
    response = lf_client.post(reverse("game-add", args=[liste.pk]), form, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert "Pflichtsolo" in html  # the term stays
    assert "noch nicht gespielt" not in html
    assert "has not played" in html.lower() or "not yet played" in html.lower()


@pytest.mark.django_db
def test_english_service_error_text(liste):
    from django.utils import translation

    services.game_record(spielliste=liste, record=normal())
    with translation.override("en"), pytest.raises(services.ServiceError) as exc:
        services.game_record(spielliste=liste, record=normal(), expected_version=0)
    assert exc.value.code == "conflict"
    with translation.override("en"):
        assert "changed elsewhere" in exc.value.message
