"""English pages show English engine and site messages; the one catalogue is complete."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from league.core import messages as site_messages
from league.lists import services
from tests.lists.test_calculator import BASE
from tests.site_helpers import normal, solo

PO = Path(settings.BASE_DIR) / "league/locale/en/LC_MESSAGES/django.po"
MO = PO.with_suffix(".mo")
# Identical in English by nature: names, numbers, punctuation.
SAME = {"{kind}: {offender}", "Pl.", "{place}: {reason}", "{file}: {error}"}


def test_every_site_message_has_an_english_text():
    with MO.open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    for code, template in site_messages.MESSAGES.items():
        english = compiled.gettext(template)
        assert english != template or template in SAME, code
        assert not set("äöüß") & set(english), code


def test_the_catalogue_has_no_fuzzy_or_empty_entry():
    text = PO.read_text(encoding="utf-8")
    blocks = text.split("\n\n")[1:]  # after the header
    for block in blocks:
        assert "#, fuzzy" not in block, block
        assert 'msgstr ""\n' not in block + "\n" or '\n"' in block.split("msgstr")[1], block


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
