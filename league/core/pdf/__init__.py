"""PDF helpers (reportlab): the document frame, colours, the HTTP response."""

from __future__ import annotations

import io

from django.http import HttpResponse
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate
from reportlab.platypus.flowables import Flowable

GRID = colors.HexColor("#94a3b8")
SHADE = colors.HexColor("#f1f5f9")


def qr_drawing(text: str, size: float = 26 * mm) -> Drawing:
    """A QR code of ``text``, ``size`` wide and high (reportlab's own encoder)."""
    widget = QrCodeWidget(text)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


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
