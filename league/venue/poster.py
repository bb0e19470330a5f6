"""The poster to hang up in the hall ("Aushang"): where the phones find results, standings
and their seat — one A4 page with the hall's address as text and as a big QR code."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Spacer
from reportlab.platypus.flowables import Flowable

from league.core.pdf import (
    build_pdf,
    fit_story,
    frame_size,
    layout,
    para,
    qr_drawing,
    style,
    text_width,
)

QR_SIZE = 150 * mm


def poster_pdf(*, url: str, tournament: str = "", wlan: str = "") -> bytes:
    """The poster for ``url`` (the page the QR code opens); ``tournament`` a title line,
    ``wlan`` the name of the hall's WLAN when the organiser gave one."""
    title = style("poster-title", 29, bold_face=True, alignment=TA_CENTER, leading=36)
    sub = style("poster-sub", 20, alignment=TA_CENTER, leading=26)
    # The address on one line: as large as 30 pt, smaller for a long one.
    size = min(30.0, 0.98 * frame_size(wide=False)[0] / text_width(url, 1.0, bold_face=True))
    address = style("poster-url", size, bold_face=True, alignment=TA_CENTER)
    small = style("poster-small", 14, alignment=TA_CENTER, leading=18)

    def make(scale: float) -> list[Flowable]:
        """The page with the QR code ``scale`` times its full size (a long title or WLAN
        name takes room from the code, not a second page)."""
        return _story(url, tournament, wlan, QR_SIZE * scale, title, sub, address, small)

    fitted = fit_story(make, wide=False, scales=(1.0, 0.9, 0.8, 0.7, 0.6, 0.5))
    story = fitted[0] if fitted else make(0.5)
    return build_pdf(story, _("Aushang"), wide=False)


def _story(
    url: str,
    tournament: str,
    wlan: str,
    qr_size: float,
    title: ParagraphStyle,
    sub: ParagraphStyle,
    address: ParagraphStyle,
    small: ParagraphStyle,
) -> list[Flowable]:
    code = layout([[qr_drawing(url, qr_size)]], [qr_size])
    code.hAlign = "CENTER"
    story: list[Flowable] = [
        para(_("Ergebnisse, Wertung, Wo sitze ich?"), title),
        Spacer(1, 4 * mm),
    ]
    if tournament:
        story += [para(tournament, sub), Spacer(1, 4 * mm)]
    story += [
        para(_("Mit dem Handy: QR-Code scannen"), sub),
        Spacer(1, 6 * mm),
        code,
        Spacer(1, 6 * mm),
        para(_("oder im Browser eingeben:"), sub),
        Spacer(1, 2 * mm),
        para(url, address),
        Spacer(1, 8 * mm),
    ]
    if wlan:
        story += [para(_("Zuerst ins WLAN „%(name)s“ gehen.") % {"name": wlan}, sub)]
    story += [
        Spacer(1, 4 * mm),
        para(_("Kein Internet nötig: die Seiten kommen vom Rechner der Turnierleitung."), small),
    ]
    return story
