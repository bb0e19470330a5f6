"""Tournament printouts: the draw (by table and "where do I sit"), standings sheet,
all Spiellisten of a round in one file (filled or blank, one page per table), the
organiser's codes sheet. Every text goes through ``league.core.pdf`` (escaped)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Spacer
from reportlab.platypus.flowables import Flowable

from league.core.pdf import (
    GRID,
    NO_PADDING,
    build_pdf,
    frame_size,
    layout,
    para,
    qr_drawing,
    style,
    table,
)
from league.core.pdf.grid import grid, heading_styles
from league.lists.models import Spielliste
from league.lists.pdf import blank_spielliste_story, code_block, spielliste_story
from league.tournaments.models import Tournament, TournamentRound
from league.tournaments.selectors import Slip, Standings, round_board


def rehearsal_mark(tournament: Tournament) -> str:
    """The line on every page of a Probelauf's printout (issue 36); "" for a tournament."""
    if not tournament.rehearsal:
        return ""
    return _("PROBELAUF – zählt nirgends")


def surname_key(name: str) -> tuple[str, str]:
    """Sort key of "Wo sitze ich?": the last word of the name (the surname), then the
    first names; accents and case do not count (Özdemir with O, Weiß as Weiss)."""
    words = name.split()
    last = words[-1] if words else ""
    return _fold(last), _fold(" ".join(words[:-1]))


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def draw_pdf(rnd: TournamentRound, *, reveal: bool = False) -> bytes:
    h, h2, _p = heading_styles()
    snaps = round_board(tournament_round=rnd, reveal=reveal)
    title = f"{rnd.tournament.name} – " + _("Auslosung Runde %(n)s") % {"n": rnd.number}
    story: list[Flowable] = [para(title, h), para(_("Tischeinteilung"), h2)]
    for table_row in snaps:
        snap = table_row.snapshot
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
                    para(_("Tisch %(n)s") % {"n": table_row.number}, h2),
                    grid(rows, [15 * mm, 85 * mm, 90 * mm], text_columns=(1, 2)),
                    Spacer(1, 4 * mm),
                ]
            )
        )
    story += [PageBreak(), para(f"{title} – " + _("Wo sitze ich?"), h)]
    where = sorted(
        ((seat.name, t.number, seat.position) for t in snaps for seat in t.seats),
        key=lambda item: (*surname_key(item[0]), item[1], item[2]),
    )
    data = [[_("Name"), _("Tisch"), pgettext("seat", "Platz")]]
    data += [[n, str(t), str(pos)] for n, t, pos in where]
    story.append(grid(data, [120 * mm, 35 * mm, 35 * mm], text_columns=(0,), size=11))
    return build_pdf(story, title, wide=False, mark=rehearsal_mark(rnd.tournament))


def round_lists_pdf(
    rnd: TournamentRound,
    *,
    blank: bool,
    reveal: bool = False,
    code_url: Callable[[Spielliste], str] | None = None,
) -> bytes:
    """All lists of a round, one page per table with its signatures (a table without a
    game yet: its blank sheet); with each table's
    code only when ``code_url`` is given (the organiser's printout for the tables), never
    on the public one."""
    story: list[Flowable] = []
    for table_row in round_board(tournament_round=rnd, reveal=reveal):
        if story:
            story.append(PageBreak())
        snap = table_row.snapshot
        url = code_url(snap.liste) if code_url is not None else None
        # A table not yet played prints as its blank sheet (rows to write on), as "Leere
        # Listen" prints it: "Alle Listen" of a round about to start is the table's sheet.
        unplayed = not (snap.games or snap.penalty_rows or snap.from_paper)
        story += (
            blank_spielliste_story(snap, url) if blank or unplayed else spielliste_story(snap, url)
        )
    if not story:
        story = [para(_("Keine Tische in dieser Runde."), heading_styles()[2])]
    return build_pdf(
        story,
        f"{rnd.tournament.name} – " + _("Runde %(n)s") % {"n": rnd.number},
        mark=rehearsal_mark(rnd.tournament),
    )


def standings_pdf(tournament: Tournament, standings: Standings) -> bytes:
    h, h2, p = heading_styles()
    status = (
        _("Endstand")
        if standings.final
        else _("VORLÄUFIG – laufende Runde eingerechnet")
        if standings.provisional
        else _("Zwischenstand nach %(n)s Runde(n)") % {"n": len(standings.counted)}
    )
    head = [_("Pl."), _("Name"), _("Verein")]
    head += [f"R{n}" for n in range(1, standings.rounds + 1)]
    head.append(_("Punkte"))
    data = [head]
    for row in standings.rows:
        cells = [
            str(row.rank),
            row.name + (" (" + _("abg.") + ")" if row.withdrawn else ""),
            row.club,
        ]
        shared = {
            n.round_number for n in standings.substitutes if row.participant_id in n.participant_ids
        }
        cells += [
            "–"
            if v is None
            else str(v) + (" " + pgettext("Ersatzspieler", "E") if i in shared else "")
            for i, v in enumerate(row.per_round, start=1)
        ]
        cells.append(str(row.total))
        data.append(cells)
    fixed = 12 * mm + 60 * mm + 55 * mm + 18 * mm
    per_round = (277 * mm - fixed) / max(1, standings.rounds)
    widths = [12 * mm, 60 * mm, 55 * mm] + [min(18 * mm, per_round)] * standings.rounds
    widths.append(18 * mm)
    story: list[Flowable] = [
        para(f"{tournament.name} – " + _("Wertung"), h),
        para(status, h2),
        grid(data, widths, text_columns=(1, 2), size=9),
    ]
    if standings.unconfirmed:
        tables = ", ".join(
            _("Runde %(r)s Tisch %(t)s") % {"r": r, "t": t} for r, t in standings.unconfirmed
        )
        note = _("Noch nicht bestätigt: %(tables)s") % {"tables": tables}
        story.insert(2, para(note, p))
    if standings.substitutes:  # as the standings page says it; "E" marks the rounds
        story.append(Spacer(1, 3 * mm))
        legend = _(
            "E: Platz ab einem Spiel mit Ersatzspieler geteilt, jeder zählt seine eigenen Spiele"
        )
        story.append(para(legend, p))
        for n in standings.substitutes:
            line = _(
                "Runde %(round)s, Tisch %(table)s, Platz %(seat)s: ab Spiel %(n)s spielt "
                "%(new)s für %(old)s."
            ) % {
                "round": n.round_number,
                "table": n.table,
                "seat": n.position,
                "n": n.from_game,
                "new": n.name,
                "old": n.seat_name,
            }
            story.append(para(line, p))
    return build_pdf(story, f"{tournament.name} – " + _("Wertung"), mark=rehearsal_mark(tournament))


def codes_pdf(rnd: TournamentRound, code_url: Callable[[Spielliste], str]) -> bytes:
    """The organiser's sheet of all table codes, as slips to cut apart (one per table)."""
    h, h2, p = heading_styles()
    title = f"{rnd.tournament.name} – " + _("Tisch-Codes Runde %(n)s") % {"n": rnd.number}
    story: list[Flowable] = [
        para(title, h),
        para(_("Nur für die Turnierleitung: ausschneiden, je Tisch ein Zettel."), p),
        Spacer(1, 4 * mm),
    ]
    for table_row in round_board(tournament_round=rnd, reveal=True):
        names = ", ".join(s.name for s in table_row.seats)
        slip = table(
            [
                [para(_("Tisch %(n)s") % {"n": table_row.number}, h2)],
                [para(names, p)],
                [code_block(table_row.liste.code, code_url(table_row.liste))],
            ],
            [180 * mm],
            [("BOX", (0, 0), (-1, -1), 0.6, GRID, None, (3, 3))],
        )
        story += [KeepTogether([slip, Spacer(1, 5 * mm)])]
    return build_pdf(story, title, wide=False, mark=rehearsal_mark(rnd.tournament))


SLIPS_PER_ROW = 2
SLIP_ROWS = 4  # eight slips to an A4 page


SLIP_QR = 17 * mm


def participant_slips_pdf(
    tournament: Tournament, slips: list[Slip], url_of: Callable[[Slip], str] | None = None
) -> bytes:
    """One slip per participant, eight to a portrait A4 page to cut apart: his start
    number, name, personal PIN (api.md "Confirmation") and his table and seat in every
    round drawn so far; rounds still to come as blanks to fill in. With ``url_of``: the
    QR code of his own page (his personal link, issue 36) beside the PIN."""
    _h, h2, p = heading_styles()
    big = style("pin", 18, bold_face=True, leading=22)
    small = style("small", 8, leading=10)
    width, height = frame_size(wide=False)
    cell_w, cell_h = width / SLIPS_PER_ROW, height / SLIP_ROWS
    rounds = max(
        tournament.rounds_planned, max((r for s in slips for r, _t, _p in s.tables), default=0)
    )
    cells = []
    for slip in slips:
        by_round = {r: (t, seat) for r, t, seat in slip.tables}
        lines = []
        for r in range(1, rounds + 1):
            if r in by_round:
                where = _("Tisch %(t)s, Platz %(p)s") % {"t": by_round[r][0], "p": by_round[r][1]}
            else:
                where = _("Tisch ____")
            lines.append([_("Runde %(n)s") % {"n": r}, where])
        content = [
            [para(tournament.name, small)],
            [para(f"{slip.number}. {slip.name}", h2)],
            [para(slip.club, small)],
            [
                layout(
                    [
                        [
                            para(_("PIN: %(pin)s") % {"pin": slip.pin}, big),
                            qr_drawing(url_of(slip), SLIP_QR),
                        ]
                    ],
                    [cell_w - 6 * mm - SLIP_QR, SLIP_QR],
                    "MIDDLE",
                )
                if url_of is not None and slip.link
                else para(_("PIN: %(pin)s") % {"pin": slip.pin}, big)
            ],
            [table(lines, [22 * mm, cell_w - 30 * mm], size=9)],
            [para(_("Mit dieser PIN bestätigst du die Liste deines Tisches."), small)],
            *(
                [[para(_("QR-Code: deine Seite mit Tisch, Stand, Anmelden und Abmelden."), small)]]
                if url_of is not None and slip.link
                else []
            ),
        ]
        cells.append(table(content, [cell_w - 6 * mm], list(NO_PADDING)))
    rows = [cells[i : i + SLIPS_PER_ROW] for i in range(0, len(cells), SLIPS_PER_ROW)]
    if rows and len(rows[-1]) < SLIPS_PER_ROW:
        rows[-1] += [""] * (SLIPS_PER_ROW - len(rows[-1]))
    title = f"{tournament.name} – " + _("Teilnehmerzettel")
    if not rows:
        return build_pdf(
            [para(title, _h), para(_("Noch keine Teilnehmer."), p)],
            title,
            wide=False,
            mark=rehearsal_mark(tournament),
        )
    sheet = table(
        rows,
        [cell_w] * SLIPS_PER_ROW,
        [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID, None, (3, 3)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3 * mm),
            ("TOPPADDING", (0, 0), (-1, -1), 3 * mm),
        ],
        heights=[cell_h - 0.5] * len(rows),
    )
    return build_pdf([sheet], title, wide=False, mark=rehearsal_mark(tournament))
