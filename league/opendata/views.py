"""/daten/: the latest open-data export (league.opendata.export) with its files, the zip of
all and the format document. Public: the export holds only what anybody may read."""

from __future__ import annotations

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from league.core.private import readable_by_anyone
from league.opendata.export import (
    MANIFEST,
    STAMP_RE,
    ZIP,
    export_latest,
    export_read,
    open_data_dir,
)

FORMAT_DOC = settings.BASE_DIR / "docs" / "open-data.md"


@require_safe
def daten(request: HttpRequest) -> HttpResponse:
    readable_by_anyone(request)
    return render(request, "opendata/daten.html", {"export": export_latest()})


@require_safe
def daten_file(request: HttpRequest, stamp: str, name: str) -> FileResponse:
    """One file of a kept export: only a name its manifest lists (or the manifest, the
    zip) — never another path."""
    if not STAMP_RE.match(stamp):
        raise Http404
    export = export_read(open_data_dir() / stamp)
    if export is None or name not in {MANIFEST, ZIP, *(f.name for f in export.files)}:
        raise Http404
    try:
        handle = (export.path / name).open("rb")
    except OSError:  # pruned meanwhile
        raise Http404 from None
    readable_by_anyone(request)
    kind = (
        "text/csv; charset=utf-8"
        if name.endswith(".csv")
        else "application/json"
        if name == MANIFEST
        else "application/zip"
    )
    return FileResponse(handle, as_attachment=name != MANIFEST, filename=name, content_type=kind)


@require_safe
def daten_format(request: HttpRequest) -> HttpResponse:
    """The format document (docs/open-data.md) as text."""
    readable_by_anyone(request)
    return HttpResponse(
        FORMAT_DOC.read_text(encoding="utf-8"), content_type="text/markdown; charset=utf-8"
    )
