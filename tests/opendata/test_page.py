"""/daten/: the latest open-data export's files, the zip, the format document; a polite
word while there is none; nothing but the files its manifest lists."""

from __future__ import annotations

import zipfile
from io import BytesIO

import pytest
from django.urls import reverse

from league.opendata.export import open_data_write

pytestmark = pytest.mark.django_db


def test_no_export_yet(client, settings, tmp_path):
    settings.OPEN_DATA_DIR = tmp_path / "missing"
    page = client.get(reverse("open-data"))
    assert page.status_code == 200
    assert "Es gibt noch keinen Export" in page.content.decode()
    assert reverse("open-data-format") in page.content.decode()


def test_no_export_yet_in_english(client, settings, tmp_path):
    settings.OPEN_DATA_DIR = tmp_path
    page = client.get(reverse("open-data"), HTTP_ACCEPT_LANGUAGE="en")
    assert "There is no export yet" in page.content.decode()


def test_the_latest_export_with_its_files(demo, client, settings, tmp_path):
    settings.OPEN_DATA_DIR = tmp_path
    export = open_data_write(directory=tmp_path)
    page = client.get(reverse("open-data"))
    html = page.content.decode()
    assert page.status_code == 200
    assert "CC BY 4.0" in html
    assert "https://creativecommons.org/licenses/by/4.0/" in html
    assert export.created.astimezone().strftime("%d.%m.%Y") in html
    for f in export.files:
        url = reverse("open-data-file", args=[export.stamp, f.name])
        assert url in html
        answer = client.get(url)
        assert answer.status_code == 200
        assert b"".join(answer.streaming_content) == (export.path / f.name).read_bytes()
    bundle = client.get(reverse("open-data-file", args=[export.stamp, "open-data.zip"]))
    assert bundle["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(BytesIO(b"".join(bundle.streaming_content))).namelist()
    assert "manifest.json" in names
    assert "standings.csv" in names
    manifest = client.get(reverse("open-data-file", args=[export.stamp, "manifest.json"]))
    assert manifest["Content-Type"] == "application/json"


def test_only_the_manifests_files(demo, client, settings, tmp_path):
    settings.OPEN_DATA_DIR = tmp_path
    export = open_data_write(directory=tmp_path)
    (export.path / "other.csv").write_text("secret")
    (tmp_path / "backup.json").write_text("secret")
    for stamp, name in [
        (export.stamp, "other.csv"),
        (export.stamp, "..%2Fbackup.json"),
        ("..", "backup.json"),
        ("20991231T000000Z", "standings.csv"),
    ]:
        assert client.get(f"/daten/{stamp}/{name}").status_code == 404


def test_the_format_document(client):
    answer = client.get(reverse("open-data-format"))
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/markdown")
    text = answer.content.decode()
    assert "Version 1" in text
    assert "standings.csv" in text


def test_the_format_document_describes_every_file_and_column():
    from league.opendata.selectors import FILES
    from league.opendata.views import FORMAT_DOC

    text = FORMAT_DOC.read_text(encoding="utf-8")
    for data in FILES:
        section = text.split(f"### `{data.name}`", 1)
        assert len(section) == 2, f"{data.name} not described"
        body = section[1].split("\n### ", 1)[0]
        for column in data.columns:
            assert f"`{column}`" in body, f"{data.name}: {column} not described"
