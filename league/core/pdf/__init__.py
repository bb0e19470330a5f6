"""PDF helpers (reportlab): the document frame, colours, escaping, fitting, the response.

Every printout goes through these helpers:

- **Escaping.** reportlab's ``Paragraph`` reads its text as markup (``<b>``, ``<img
  src=…>``, ``&amp;``): a name with a ``<`` would break the build (a 500), and ``<img
  src="/etc/passwd">`` would embed a server file. So no module builds a ``Paragraph``
  itself: ``para(value, style)`` prints any value as literal text, ``markup(template,
  **values)`` fills a (translated) template with escaped values. Plain table cells (a
  ``str`` in a ``Table``) are drawn as text by reportlab and need no escaping.
- **Fonts.** One embedded TTF family (``fonts.register_fonts``) for every glyph, also the
  document's initial font, so that no unembedded base-14 font is referenced at all.
- **Fitting.** ``fit_story`` shrinks a story (by a scale factor) until it fits one page.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from django.http import HttpResponse
from reportlab import rl_config
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from league.core.pdf.fonts import register_fonts

# Streams compressed as binary (zlib), not additionally ASCII85-encoded: reportlab's
# pure-Python ASCII85 cost a fifth of a 42-table round's build; every reader reads binary.
rl_config.useA85 = 0

GRID = colors.HexColor("#94a3b8")
SHADE = colors.HexColor("#f1f5f9")
PENALTY_SHADE = colors.HexColor("#fff7ed")
MARGIN = 10 * mm


def frame_size(*, wide: bool = True) -> tuple[float, float]:
    """Width and height (points) of the printable frame of an A4 page."""
    width, height = landscape(A4) if wide else A4
    return width - 2 * MARGIN, height - 2 * MARGIN


# --- text ---------------------------------------------------------------------------------


class Markup(str):
    """Paragraph markup already escaped (built by ``markup`` or ``bold``)."""

    __slots__ = ()


def esc(value: object) -> str:
    """Any value as Paragraph markup that prints exactly that text (Markup stays)."""
    return value if isinstance(value, Markup) else escape(str(value))


def markup(template: str, **values: object) -> Markup:
    """A ``%(name)s`` template (a translated msgid) filled with escaped values; the
    template's own text is escaped as well, so only ``Markup`` values add tags."""
    return Markup(escape(template) % {key: esc(value) for key, value in values.items()})


def bold(value: object) -> Markup:
    return Markup(f"<b>{esc(value)}</b>")


def para(value: object, style: ParagraphStyle) -> Paragraph:
    """A paragraph printing ``value`` as literal text (``Markup`` as built)."""
    return Paragraph(esc(value), style)


def style(name: str, size: float, *, bold_face: bool = False, **kw: object) -> ParagraphStyle:
    """A paragraph style in the embedded font, leading 1.2 × size unless given."""
    regular, heavy = register_fonts()
    options: dict[str, object] = {"leading": round(size * 1.2, 2)} | kw
    return ParagraphStyle(name, fontName=heavy if bold_face else regular, fontSize=size, **options)


@lru_cache(maxsize=4096)  # names and labels repeat on every row and every list
def text_width(text: str, size: float, *, bold_face: bool = False) -> float:
    regular, heavy = register_fonts()
    return float(stringWidth(text, heavy if bold_face else regular, size))


def clip(text: str, width: float, size: float, *, bold_face: bool = False) -> str:
    """``text`` shortened with "…" so that it fits ``width`` points (plain table cells)."""
    if text_width(text, size, bold_face=bold_face) <= width:
        return text
    while text and text_width(text + "…", size, bold_face=bold_face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrapped(text: str, width: float, size: float, *, bold_face: bool = False) -> Markup:
    """``text`` broken into lines of at most ``width`` points at spaces and after hyphens
    ("Müller-|Lüdenscheidt"), as escaped markup with ``<br/>``; a single word wider than
    the column is left to the paragraph (which splits it)."""
    pieces = [piece for piece in re.split(r"(?<=-)|\s+", text) if piece]
    lines: list[str] = []
    for piece in pieces:
        if lines:
            glue = "" if lines[-1].endswith("-") else " "
            candidate = lines[-1] + glue + piece
            if text_width(candidate, size, bold_face=bold_face) <= width:
                lines[-1] = candidate
                continue
        lines.append(piece)
    return Markup("<br/>".join(esc(line) for line in lines))


# --- tables -------------------------------------------------------------------------------

Command = tuple[object, ...]
NO_PADDING: list[Command] = [
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]


def table(
    data: Sequence[Sequence[object]],
    widths: Sequence[float],
    commands: Sequence[Command] = (),
    *,
    heights: Sequence[float | None] | None = None,
    repeat_rows: int = 0,
    size: float = 9,
) -> Table:
    """A table whose cells default to the embedded font (reportlab's default, Helvetica,
    would be referenced unembedded even by a table of flowables), left-aligned."""
    regular, _bold = register_fonts()
    out = Table(
        [list(row) for row in data],
        colWidths=list(widths),
        rowHeights=list(heights) if heights is not None else None,
        repeatRows=repeat_rows,
    )
    out.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), regular, size), *commands]))
    out.hAlign = "LEFT"
    return out


def layout(
    cells: Sequence[Sequence[object]], widths: Sequence[float], valign: str = "TOP"
) -> Table:
    """Flowables side by side (a row of columns), no grid, no padding."""
    return table(cells, widths, [("VALIGN", (0, 0), (-1, -1), valign), *NO_PADDING])


# --- drawings -----------------------------------------------------------------------------


def drawing(width: float, height: float, **kw: object) -> Drawing:
    """A graphics drawing whose text state starts in the embedded font (reportlab's
    default would reference an unembedded Helvetica in the PDF, text or not)."""
    regular, _bold = register_fonts()
    out = Drawing(width, height, **kw)
    out.initialFontName = regular
    return out


def qr_drawing(text: str, size: float = 26 * mm) -> Drawing:
    """A QR code of ``text``, ``size`` wide and high (reportlab's own encoder). The code is
    encoded once into plain shapes (the widget would encode again for its bounds and for
    every drawing of it)."""
    shapes = QrCodeWidget(text).draw()
    x0, y0, x1, y1 = shapes.getBounds()
    out = drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    out.add(shapes)
    return out


# --- fitting ------------------------------------------------------------------------------


def story_height(story: Sequence[Flowable], width: float, height: float) -> float:
    """The height ``story`` takes in a frame of ``width`` (no page break expected)."""
    total = 0.0
    for index, flowable in enumerate(story):
        _w, h = flowable.wrap(width, height)
        total += h + flowable.getSpaceAfter()
        if index:
            total += flowable.getSpaceBefore()
    return total


SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7)


def fit_story(
    make: Callable[[float], list[Flowable]], *, wide: bool = True, scales: Sequence[float] = SCALES
) -> tuple[list[Flowable], float] | None:
    """The story ``make(scale)`` at the largest scale that fits one page, with that scale;
    None when even the smallest does not fit."""
    width, height = frame_size(wide=wide)
    for scale in scales:
        story = make(scale)
        if story_height(story, width, height) <= height:
            return story, scale
    return None


# --- the document ---------------------------------------------------------------------------


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """Show a built PDF in the browser (inline), with a sensible file name."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def build_pdf(
    story: list[Flowable], title: str = "Spielliste", *, wide: bool = True, mark: str = ""
) -> bytes:
    """A4 (landscape when ``wide``) document from flowables; the frame has no padding, so
    ``frame_size`` is exactly what a story can use. ``mark`` (a practice run's
    "PROBELAUF …") is printed in the top margin of every page and faintly across it."""
    regular, _bold = register_fonts()
    if mark:
        title = f"{mark} – {title}"
    buffer = io.BytesIO()
    pagesize = landscape(A4) if wide else A4
    width, height = frame_size(wide=wide)
    doc = BaseDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author="Doppelkopf-Liste",
        initialFontName=regular,
    )
    frame = Frame(
        MARGIN,
        MARGIN,
        width,
        height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="page",
    )
    on_page = _marker(mark, regular, _bold, pagesize) if mark else None
    template = (
        PageTemplate(id="page", frames=[frame], pagesize=pagesize, onPage=on_page)
        if on_page is not None
        else PageTemplate(id="page", frames=[frame], pagesize=pagesize)
    )
    doc.addPageTemplates([template])
    doc.build(story)
    return buffer.getvalue()


def _marker(
    mark: str, regular: str, bold: str, pagesize: tuple[float, float]
) -> Callable[[Any, Any], None]:
    """Draws ``mark`` in the top margin of a page and, faint and large, across it."""
    width, height = pagesize

    def draw(canvas: Any, _doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(bold, 9)
        canvas.setFillColor(colors.HexColor("#b45309"))
        canvas.drawCentredString(width / 2, height - MARGIN * 0.7, mark)
        canvas.setFillColor(colors.Color(0.7, 0.3, 0.0, alpha=0.12))
        canvas.setFont(bold, 64)
        canvas.translate(width / 2, height / 2)
        canvas.rotate(35)
        canvas.drawCentredString(0, 0, mark.split(" ")[0])
        canvas.restoreState()

    return draw
