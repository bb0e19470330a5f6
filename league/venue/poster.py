"""The poster to hang up in the hall ("Aushang"): where the phones find results, standings
and their seat — one A4 page with the hall's address as text and as a big QR code."""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Spacer
from reportlab.platypus.flowables import Flowable

from league.core.pdf import build_pdf, frame_size, layout, para, qr_drawing, style, text_width

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
    code = layout([[qr_drawing(url, QR_SIZE)]], [QR_SIZE])
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
    return build_pdf(story, _("Aushang"), wide=False)
