"""The Spielliste as a PDF, A4 landscape: filled (after the round) or blank (before)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    LongTable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from league.core.pdf import GRID, SHADE, build_pdf, qr_drawing
from league.core.pdf.fonts import register_fonts
from league.lists.presenters import ListRow, list_rows, pflichtsolo_section
from league.lists.selectors import ListeSnapshot
from scoring.round import GAMES_PER_ROUND

# Check marks from ZapfDingbats, one of the 14 fonts every PDF reader has: the TTF
# fallback (Vera) lacks ✓ and ✗.
CHECK_OK, CHECK_BAD = "4", "8"


def _styles() -> tuple[ParagraphStyle, ParagraphStyle]:
    regular, bold = register_fonts()
    return (
        ParagraphStyle("h", fontName=bold, fontSize=14, leading=17, spaceAfter=2 * mm),
        ParagraphStyle("p", fontName=regular, fontSize=9, leading=11),
    )


def _header(snap: ListeSnapshot, blank: bool) -> list[Flowable]:
    h, p = _styles()
    liste = snap.liste
    seats = ", ".join(f"{s.position}: {s.name}" for s in snap.seats)
    lf = snap.seat_names[liste.listenfuehrer_position - 1] if snap.seats else ""
    games = GAMES_PER_ROUND.get(liste.table_size, 24)
    club = f" · {liste.club}" if liste.club else ""
    info = _("Plätze: %(seats)s · Listenführer: %(lf)s · %(games)s Spiele (%(size)s Spieler)") % {
        "seats": seats,
        "lf": lf,
        "games": games,
        "size": liste.table_size,
    }
    if liste.time_up_after is not None:
        info += " · " + _("Zeit abgelaufen nach Spiel %(n)s") % {"n": liste.time_up_after}
    lines = [Paragraph(_("Spielliste") + f" – {liste.title}{club}", h), Paragraph(info, p)]
    if not blank:
        lines.append(
            Paragraph(_("Stand: %(at)s") % {"at": f"{timezone.localtime():%d.%m.%Y %H:%M}"}, p)
        )
    lines.append(Spacer(1, 3 * mm))
    return lines


def _points(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


def _table(names: Sequence[str], body: list[list[str]], marks: list[tuple[int, bool]]) -> Table:
    regular, bold = register_fonts()
    head = [_("Nr."), _("Geber"), _("Art")]
    for name in names:
        head += [name, ""]  # the name spans its points and running-total columns
    head.append(CHECK_OK)
    widths = [10 * mm, 24 * mm, 22 * mm]
    per_seat = (277 * mm - sum(widths) - 8 * mm) / len(names)
    for _seat in names:
        widths += [per_seat * 0.45, per_seat * 0.55]
    widths.append(8 * mm)
    table = LongTable([head, *body], colWidths=widths, repeatRows=1)
    style = [
        ("FONT", (0, 0), (-1, -1), regular, 8.5),
        ("FONT", (0, 0), (-1, 0), bold, 8.5),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONT", (-1, 0), (-1, -1), "ZapfDingbats", 8.5),
        ("ALIGN", (-1, 0), (-1, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
    ]
    for i in range(len(names)):
        style.append(("FONT", (4 + 2 * i, 1), (4 + 2 * i, -1), bold, 8.5))
        style.append(("SPAN", (3 + 2 * i, 0), (4 + 2 * i, 0)))
        style.append(("ALIGN", (3 + 2 * i, 0), (4 + 2 * i, 0), "CENTER"))
    for row_index, is_penalty in marks:
        if is_penalty:
            style.append(
                ("BACKGROUND", (0, row_index), (-1, row_index), colors.HexColor("#fff7ed"))
            )
    table.setStyle(TableStyle(style))
    return table


def _row_cells(row: ListRow) -> list[str]:
    kind = row.kind_label + (" P" if row.pflicht else "") + (" V" if row.vorfuehrung else "")
    cells = [str(row.number) if not row.is_penalty else f"({row.number})", row.dealer, kind.strip()]
    for cell in row.cells:
        cells += [
            "–" if cell.sitting_out and cell.points is None else _points(cell.points),
            str(cell.total),
        ]
    cells.append(CHECK_OK if row.ok else CHECK_BAD)
    return cells


def spielliste_pdf(snap: ListeSnapshot, code_url: str | None = None) -> bytes:
    return build_pdf(spielliste_story(snap, code_url))


def blank_spielliste_pdf(snap: ListeSnapshot, code_url: str | None = None) -> bytes:
    return build_pdf(blank_spielliste_story(snap, code_url))


def code_block(code: str, url: str) -> Table:
    """The table code as text and as a QR code opening ``url`` (api.md): only on the
    printouts handed to the table and the organiser's sheet, never on a public one."""
    _h, p = _styles()
    spaced = f"{code[:4]} {code[4:]}"
    text = [
        Paragraph(_("Tisch-Code: %(code)s") % {"code": f"<b>{spaced}</b>"}, p),
        Paragraph(
            _("Spiele am Handy eintragen: QR-Code scannen oder %(url)s öffnen.")
            % {"url": escape(url)},
            p,
        ),
    ]
    block = Table([[qr_drawing(url, 22 * mm), text]], colWidths=[25 * mm, 90 * mm])
    block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    block.hAlign = "LEFT"
    return block


def spielliste_story(snap: ListeSnapshot, code_url: str | None = None) -> list[Flowable]:
    """The filled list as flowables, to build alone or many in one file; with the table
    code when ``code_url`` (the ``/t/<code>/`` address) is given."""
    rows = list_rows(snap)
    body = [_row_cells(r) for r in rows]
    marks = [(i + 1, r.is_penalty) for i, r in enumerate(rows)]
    story = _header(snap, blank=False)
    if code_url is not None:
        story += [code_block(snap.liste.code, code_url), Spacer(1, 2 * mm)]
    story.append(_table(snap.seat_names, body, marks))
    story += _pflicht_block(snap, blank=False)
    if snap.state is not None:
        _h, p = _styles()
        totals = " · ".join(f"{n}: {_points(v) or '0'}" for n, v in snap.state.totals.items())
        story += [Spacer(1, 3 * mm), Paragraph(_("Endstand: %(totals)s") % {"totals": totals}, p)]
        penalties = [r for r in rows if r.is_penalty]
        for r in penalties:
            line = _("Strafzeile nach Spiel %(n)s: %(what)s") % {
                "n": r.number,
                "what": r.penalty_label,
            }
            story.append(Paragraph(line, p))
    story += _signatures(snap)
    return story


def blank_spielliste_story(snap: ListeSnapshot, code_url: str | None = None) -> list[Flowable]:
    games = GAMES_PER_ROUND.get(snap.liste.table_size, 24)
    width = 3 + 2 * len(snap.seats) + 1
    body = [[str(n)] + [""] * (width - 1) for n in range(1, games + 1)]
    story = _header(snap, blank=True)
    if code_url is not None:
        story += [code_block(snap.liste.code, code_url), Spacer(1, 2 * mm)]
    story.append(_table(snap.seat_names, body, []))
    story += _pflicht_block(snap, blank=True)
    story += _signatures(snap)
    return story


def _pflicht_block(snap: ListeSnapshot, blank: bool) -> list[Flowable]:
    regular, bold = register_fonts()
    data = [[_("Pflichtsolo"), _("Spiel"), _("Solo"), _("Punkte"), _("vorgeführt")]]
    if blank:
        data += [[s.name, "", "", "", ""] for s in snap.seats]
    else:
        for e in pflichtsolo_section(snap):
            data.append(
                [
                    e.player,
                    str(e.game or ""),
                    e.solo,
                    _points(e.points),
                    _("ja") if e.vorfuehrung else "",
                ]
            )
    table = Table(data, colWidths=[45 * mm, 15 * mm, 25 * mm, 18 * mm, 20 * mm])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), regular, 8.5),
                ("FONT", (0, 0), (-1, 0), bold, 8.5),
                ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ]
        )
    )
    return [Spacer(1, 4 * mm), table]


def _signatures(snap: ListeSnapshot) -> list[Flowable]:
    _h, p = _styles()
    names = "      ".join(f"{s.name}: ____________" for s in snap.seats)
    return [Spacer(1, 6 * mm), Paragraph(_("Unterschriften: %(names)s") % {"names": names}, p)]
