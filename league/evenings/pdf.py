"""A club season's table as a PDF (the page's table, the mode and the evenings counted):
every text through ``league.core.pdf`` (escaped)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus.flowables import Flowable

from league.clubs.models import Club
from league.core.pdf import build_pdf, para
from league.core.pdf.grid import grid, heading_styles


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
    name_w = 60 * mm
    other_w = (180 * mm - name_w) / (len(header) - 1)
    widths = [other_w, name_w] + [other_w] * (len(header) - 2)
    story: list[Flowable] = [para(title, h), para(subtitle, h2)]
    if rows:
        story.append(grid(data, widths, text_columns=(1,)))
    else:
        story.append(para(_("In dieser Saison wurde noch keine Liste gewertet."), p))
    return build_pdf(story, title, wide=False)
