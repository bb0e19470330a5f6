"""The one font family of every printout: DejaVu Sans Condensed, shipped in
``league/core/pdf/fonts/`` (Bitstream Vera licence, see LICENSE.txt there) so that a
clean machine prints the same. It holds every glyph the printouts use (umlauts, ß, „“,
–, …, ✓, ✗); reportlab embeds the used subset in each PDF (FontFile2)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR_FILE = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD_FILE = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
REGULAR, BOLD = "Doko", "Doko-Bold"


@cache
def register_fonts() -> tuple[str, str]:
    """Register and return (regular, bold) font names."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(REGULAR_FILE)))
    pdfmetrics.registerFont(TTFont(BOLD, str(BOLD_FILE)))
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
    )
    return REGULAR, BOLD


def has_glyph(char: str, *, bold: bool = False) -> bool:
    """Whether the embedded font draws ``char`` (not the empty box)."""
    register_fonts()
    font = pdfmetrics.getFont(BOLD if bold else REGULAR)
    return ord(char) in font.face.charToGlyph
