"""A TTF font so that every umlaut prints: DejaVu where the system has it, else the
Bitstream Vera that ships inside reportlab (always there)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

_CANDIDATES = [
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ),
]
_VERA = Path(reportlab.__file__).parent / "fonts"


@cache
def register_fonts() -> tuple[str, str]:
    """Register and return (regular, bold) font names."""
    regular, bold = str(_VERA / "Vera.ttf"), str(_VERA / "VeraBd.ttf")
    for reg, bld in _CANDIDATES:
        if Path(reg).exists() and Path(bld).exists():
            regular, bold = reg, bld
            break
    pdfmetrics.registerFont(TTFont("Doko", regular))
    pdfmetrics.registerFont(TTFont("Doko-Bold", bold))
    return "Doko", "Doko-Bold"
