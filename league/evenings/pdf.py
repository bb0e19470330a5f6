"""A club season's table as a PDF (the page's table, the mode and the evenings counted):
every text through ``league.core.pdf`` (escaped)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus.flowables import Flowable

from league.clubs.models import Club
from league.core.pdf import build_pdf, para, text_width
from league.core.pdf.grid import grid, heading_styles

WIDTH = 180 * mm
PADDING = 14  # a cell's left and right padding (6 pt each) and a little air


def _widths(header: Sequence[str]) -> list[float]:
    """The columns' widths: each number column at least as wide as its heading's longest
    word in bold (a heading wraps between words, never inside one: no "Anwesenh eit"),
    the name column (the second) takes the rest."""
    others = [
        max(14 * mm, max(text_width(w, 10, bold_face=True) for w in head.split()) + PADDING)
        for i, head in enumerate(header)
        if i != 1
    ]
    name_w = max(40 * mm, WIDTH - sum(others))
    return [others[0], name_w, *others[1:]]


def season_pdf(
    club: Club,
    *,
    year: int,
    subtitle: str,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
) -> bytes:
    """The season table: ``header`` and ``rows`` as the page shows them (rank, name,
    value, lists, games[, points], attendance)."""
    h, h2, p = heading_styles()
    title = f"{club.name} – " + _("Saison %(year)s") % {"year": year}
    data = [list(header)] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = _widths(header)
    story: list[Flowable] = [para(title, h), para(subtitle, h2)]
    if rows:
        story.append(grid(data, widths, text_columns=(1,)))
    else:
        story.append(para(_("In dieser Saison wurde noch keine Liste gewertet."), p))
    return build_pdf(story, title, wide=False)
