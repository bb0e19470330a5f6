"""The ruled table and the heading styles of the event printouts (draw, standings, league
table, seating): one look for tournaments and leagues alike."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus.flowables import Flowable

from league.core.pdf import GRID, SHADE, Command, para, style, table


def heading_styles() -> tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]:
    """The title, the section heading and the body text: ``h, h2, p = heading_styles()``."""
    return (
        style("h", 16, bold_face=True, leading=20, spaceAfter=3 * mm),
        style("h2", 12, bold_face=True, leading=15, spaceAfter=1 * mm),
        style("p", 10, leading=13),
    )


def grid(
    data: Sequence[Sequence[str]],
    widths: Sequence[float],
    *,
    text_columns: Sequence[int],
    size: float = 10,
) -> Flowable:
    """A ruled table with a shaded header row. The header and the ``text_columns`` (names,
    clubs) are escaped paragraphs that wrap; numbers are plain cells, right-aligned."""
    cell = style("cell", size)
    head = style("cellhead", size, bold_face=True)
    rows: list[list[object]] = [[para(value, head) for value in data[0]]]
    rows += [
        [para(v, cell) if i in text_columns else v for i, v in enumerate(row)] for row in data[1:]
    ]
    numeric: list[Command] = [
        ("ALIGN", (i, 1), (i, -1), "RIGHT") for i in range(len(widths)) if i not in text_columns
    ]
    return table(
        rows,
        widths,
        [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f8fafc")]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            *numeric,
        ],
        repeat_rows=1,
        size=size,
    )
