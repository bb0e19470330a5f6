"""PDF helpers (reportlab): the document frame, colours, the HTTP response."""

from __future__ import annotations

import io

from django.http import HttpResponse
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate
from reportlab.platypus.flowables import Flowable

GRID = colors.HexColor("#94a3b8")
SHADE = colors.HexColor("#f1f5f9")


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """Show a built PDF in the browser (inline), with a sensible file name."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def build_pdf(story: list[Flowable], title: str = "Spielliste", *, wide: bool = True) -> bytes:
    """A4 (landscape when ``wide``) document from flowables."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4) if wide else A4,
        leftMargin=10 * mm,
        rightMargin=10 * mm,
        topMargin=10 * mm,
        bottomMargin=10 * mm,
        title=title,
        author="Doppelkopf-Liste",
    )
    doc.build(story)
    return buffer.getvalue()
