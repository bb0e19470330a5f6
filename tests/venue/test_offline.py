"""Nothing on the site loads from the internet: no template or static file names an
external address for a script, style, font or image, and the API docs' Redoc comes from
this site without its vendor's logo."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import override_settings

from league.venue.offline import BUNDLE_PATH

ROOT = Path(__file__).resolve().parents[2]
EXTERNAL = re.compile(
    r"""(?:src|href|action)\s*=\s*["']\s*(?:https?:)?//|url\(\s*["']?(?:https?:)?//|@import\s+["']?(?:url\()?\s*["']?(?:https?:)?//""",
    re.IGNORECASE,
)


def _files() -> list[Path]:
    roots = [ROOT / "templates", ROOT / "static", *ROOT.glob("league/*/templates")]
    return [p for r in roots for p in r.rglob("*") if p.suffix in {".html", ".css", ".js", ".txt"}]


def test_no_template_or_static_file_loads_from_elsewhere():
    files = _files()
    assert len(files) > 20
    offenders = [f"{p}: {m.group(0)}" for p in files for m in EXTERNAL.finditer(p.read_text())]
    assert offenders == []


@pytest.mark.django_db
def test_api_docs_take_redoc_from_this_site_without_the_cdn_logo(client, tmp_path):
    page = client.get("/api/docs/").content.decode()
    assert f'src="/static/{BUNDLE_PATH}"' in page
    assert "googleapis" not in page
    assert "https://" not in page
    found = finders.find(BUNDLE_PATH)
    assert found
    body = Path(found).read_bytes()
    assert b"cdn.redoc.ly" not in body
    assert b"Redoc" in body
    assert finders.find(BUNDLE_PATH.replace(".js", ".js.map"))  # the source map stays
    with override_settings(STATIC_ROOT=tmp_path):
        call_command("collectstatic", interactive=False, verbosity=0)
    assert b"cdn.redoc.ly" not in (tmp_path / BUNDLE_PATH).read_bytes()
