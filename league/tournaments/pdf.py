"""Tournament printouts: the draw (by table and "where do I sit"), standings sheet,
all Spiellisten of a round in one file (filled or blank)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from league.core.pdf import GRID, SHADE, build_pdf
from league.core.pdf.fonts import register_fonts
from league.lists.models import Spielliste
from league.lists.pdf import blank_spielliste_story, code_block, spielliste_story
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.selectors import Standings, round_board


def _styles() -> tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]:
    regular, bold = register_fonts()
    return (
        ParagraphStyle("h", fontName=bold, fontSize=16, leading=20, spaceAfter=3 * mm),
        ParagraphStyle("h2", fontName=bold, fontSize=12, leading=15, spaceAfter=1 * mm),
        ParagraphStyle("p", fontName=regular, fontSize=10, leading=13),
    )


def _grid(data: list[list[str]], widths: list[float], size: float = 10) -> Table:
    regular, bold = register_fonts()
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), regular, size),
                ("FONT", (0, 0), (-1, 0), bold, size),
                ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f8fafc")]),
            ]
        )
    )
    return table


def draw_pdf(rnd: TournamentRound, *, reveal: bool = False) -> bytes:
    h, h2, _p = _styles()
    snaps = round_board(tournament_round=rnd, reveal=reveal)
    title = f"{rnd.tournament.name} – " + _("Auslosung Runde %(n)s") % {"n": rnd.number}
    story: list[Flowable] = [Paragraph(title, h), Paragraph(_("Tischeinteilung"), h2)]
    for table in snaps:
        snap = table.snapshot
        rows = [[pgettext("seat", "Platz"), _("Name"), _("Verein")]]
        for seat in snap.seats:
            keeper = seat.position == snap.liste.listenfuehrer_position
            role = " (" + pgettext("list keeper", "Liste") + ")" if keeper else ""
            shown = reveal or not seat.player.hide_name
            club = seat.player.club.name if shown and seat.player.club else ""
            rows.append([str(seat.position), seat.name + role, club])
        story.append(
            KeepTogether(
                [
                    Paragraph(_("Tisch %(n)s") % {"n": table.number}, h2),
                    _grid(rows, [15 * mm, 80 * mm, 80 * mm]),
                    Spacer(1, 4 * mm),
                ]
            )
        )
    story += [PageBreak(), Paragraph(f"{title} – " + _("Wo sitze ich?"), h)]
    where = sorted(
        ((seat.name, table.number, seat.position) for table in snaps for seat in table.seats),
        key=lambda item: item[0].casefold(),
    )
    data = [[_("Name"), _("Tisch"), pgettext("seat", "Platz")]] + [
        [n, str(t), str(pos)] for n, t, pos in where
    ]
    story.append(_grid(data, [110 * mm, 25 * mm, 25 * mm]))
    return build_pdf(story, title, wide=False)


def round_lists_pdf(
    rnd: TournamentRound,
    *,
    blank: bool,
    reveal: bool = False,
    code_url: Callable[[Spielliste], str] | None = None,
) -> bytes:
    """All lists of a round; with each table's code only when ``code_url`` is given (the
    organiser's printout for the tables), never on the public one."""
    story: list[Flowable] = []
    for table in round_board(tournament_round=rnd, reveal=reveal):
        if story:
            story.append(PageBreak())
        snap = table.snapshot
        url = code_url(snap.liste) if code_url is not None else None
        story += blank_spielliste_story(snap, url) if blank else spielliste_story(snap, url)
    return build_pdf(story, f"{rnd.tournament.name} – " + _("Runde %(n)s") % {"n": rnd.number})


def standings_pdf(tournament: Tournament, standings: Standings) -> bytes:
    h, h2, p = _styles()
    status = (
        _("Endstand")
        if standings.final
        else _("VORLÄUFIG – laufende Runde eingerechnet")
        if standings.provisional
        else _("Zwischenstand nach %(n)s Runde(n)") % {"n": len(standings.counted)}
    )
    head = [_("Pl."), _("Name"), _("Verein")] + [f"R{n}" for n in range(1, standings.rounds + 1)]
    head.append(_("Punkte"))
    data = [head]
    for row in standings.rows:
        cells = [
            str(row.rank),
            row.name + (" (" + _("abg.") + ")" if row.withdrawn else ""),
            row.club,
        ]
        cells += ["–" if v is None else str(v) for v in row.per_round]
        cells.append(str(row.total))
        data.append(cells)
    fixed = 12 * mm + 60 * mm + 55 * mm + 18 * mm
    per_round = (277 * mm - fixed) / max(1, standings.rounds)
    widths = [12 * mm, 60 * mm, 55 * mm] + [min(18 * mm, per_round)] * standings.rounds
    widths.append(18 * mm)
    story = [
        Paragraph(f"{tournament.name} – " + _("Wertung"), h),
        Paragraph(status, h2),
        _grid(data, widths, size=9),
    ]
    if standings.unconfirmed:
        tables = ", ".join(
            _("Runde %(r)s Tisch %(t)s") % {"r": r, "t": t} for r, t in standings.unconfirmed
        )
        note = _("Noch nicht bestätigt: %(tables)s") % {"tables": tables}
        story.insert(2, Paragraph(note, p))
    return build_pdf(story, f"{tournament.name} – " + _("Wertung"))


def codes_pdf(rnd: TournamentRound, code_url: Callable[[Spielliste], str]) -> bytes:
    """The organiser's sheet of all table codes, as slips to cut apart (one per table)."""
    h, h2, p = _styles()
    title = f"{rnd.tournament.name} – " + _("Tisch-Codes Runde %(n)s") % {"n": rnd.number}
    story: list[Flowable] = [
        Paragraph(title, h),
        Paragraph(_("Nur für die Turnierleitung: ausschneiden, je Tisch ein Zettel."), p),
        Spacer(1, 4 * mm),
    ]
    for table in round_board(tournament_round=rnd, reveal=True):
        names = ", ".join(s.name for s in table.seats)
        slip = Table(
            [
                [Paragraph(_("Tisch %(n)s") % {"n": table.number}, h2)],
                [Paragraph(names, p)],
                [code_block(table.liste.code, code_url(table.liste))],
            ],
            colWidths=[180 * mm],
        )
        slip.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.6, GRID, None, (3, 3))]))
        story += [KeepTogether([slip, Spacer(1, 5 * mm)])]
    return build_pdf(story, title, wide=False)
