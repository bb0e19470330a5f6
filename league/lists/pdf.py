"""The Spielliste as a PDF, one A4 landscape page: filled (after the round) or blank.

The page: the header (title, seats, Listenführer; the table code with its QR code on the
table's printout), the game rows on the left, beside them the Pflichtsolo section, the
running-totals chart with the final totals as its legend, the penalty rows spelt out and
the legend of the markers; the signature lines across the foot. The whole page is built
at the largest scale that fits one page (``fit_story``), so 24 games at four players and
30 at five, with penalty rows, always print on one sheet with their signatures.

Every text goes through ``league.core.pdf`` (``para``/``markup``): names are printed as
text, never read as markup.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.graphics.shapes import Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table
from reportlab.platypus.flowables import Flowable

from league.core.pdf import (
    GRID,
    NO_PADDING,
    PENALTY_SHADE,
    SHADE,
    Command,
    bold,
    build_pdf,
    clip,
    drawing,
    fit_story,
    frame_size,
    layout,
    markup,
    para,
    qr_drawing,
    style,
    table,
    text_width,
    wrapped,
)
from league.core.pdf.fonts import register_fonts
from league.lists.kasse_pdf import kasse_story
from league.lists.presenters import (
    ListRow,
    dealers_named,
    list_rows,
    pflichtsolo_section,
    seat_heads,
)
from league.lists.rules import rules_summary
from league.lists.selectors import (
    ListeSnapshot,
    SubstitutionView,
    list_substitutions,
    person_points,
)
from scoring.round import GAMES_PER_ROUND

CHECK_OK, CHECK_BAD = "✓", "✗"  # drawn from the embedded DejaVu font
GAP = 4 * mm
QR_SIZE = 20 * mm
# Okabe-Ito colours (told apart with colour-blindness) and dash patterns (told apart on a
# black-and-white printer): one pair per seat.
SERIES_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"]
SERIES_DASHES: list[list[float] | None] = [None, [4, 2], [1, 1.5], [5, 1.5, 1, 1.5], [2, 2]]


def _points(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


@dataclass(frozen=True)
class Seating:
    """Who plays each seat on the printout: the substitutes (each named in a line under
    the header) and each seat's label, "Erika (für Anna)" for a seat a substitute plays
    (on a filled list from his first game on, as the list page; on a blank sheet, which
    is for the games to come, always)."""

    subs: tuple[SubstitutionView, ...]
    labels: tuple[str, ...]
    # a shared seat's total split as every reader counts it (each person's own games)
    split: tuple[str, ...] = ()


def seating(snap: ListeSnapshot, *, blank: bool) -> Seating:
    subs = list_substitutions(snap) if snap.seats else ()
    upcoming = snap.liste.games_played + 1
    playing = {s.seat_name: s.name for s in subs if blank or s.from_game <= upcoming}
    labels = tuple(h.name for h in seat_heads(snap, playing))
    if blank or not subs or snap.from_paper:  # a paper list's totals are the seat's own
        return Seating(subs, labels)
    points = person_points(snap.liste)
    split = tuple(
        _("Platz %(seat)s: %(old)s %(before)s bis Spiel %(last)s, %(new)s %(after)s ab Spiel %(n)s")
        % {
            "seat": s.position,
            "old": s.seat_name,
            "before": _points(points.get(s.seat_player_id or 0, 0)) or "0",
            "last": s.from_game - 1,
            "new": s.name,
            "after": _points(points.get(s.player_id or 0, 0)) or "0",
            "n": s.from_game,
        }
        for s in subs
        if 1 < s.from_game <= upcoming  # from game 1 on the seat is simply his
    )
    return Seating(subs, labels, split)


# The blank sheet of an open list (house rule ``games: open``): a page full of rows still
# tall enough to write in by hand (5 mm: the page at scale 0.8), at four players as at five;
# a club evening often plays past a round's 24 games.
OPEN_BLANK_ROWS = 30


def _games(snap: ListeSnapshot, *, blank: bool = False) -> int:
    """The games the list has room for: the round's 24 (30 at five); an open list as many
    as it has played (its blank sheet: ``OPEN_BLANK_ROWS``, whatever it has played)."""
    fixed = GAMES_PER_ROUND[snap.liste.table_size]
    if snap.rules.games_open:
        if blank:
            return max(OPEN_BLANK_ROWS, fixed)
        played = snap.state.games_played if snap.state is not None else 0
        return played or fixed
    return fixed


def _games_text(snap: ListeSnapshot, *, blank: bool) -> str:
    """How long the list is, as the list page says it: "24 Spiele", or for an open list
    the games played so far."""
    if snap.rules.games_open and not blank:
        played = snap.state.games_played if snap.state is not None else 0
        return ngettext(
            "offene Liste: %(n)s Spiel gespielt", "offene Liste: %(n)s Spiele gespielt", played
        ) % {"n": played}
    if snap.rules.games_open:
        return _("offene Liste")
    return _("%(games)s Spiele") % {"games": _games(snap)}


# --- header ---------------------------------------------------------------------------------


def code_block(
    code: str, url: str, scale: float = 1.0, width: float = 95 * mm, qr: Drawing | None = None
) -> Table:
    """The table code as text and as a QR code opening ``url`` (api.md): only on the
    printouts handed to the table and the organiser's sheet, never on a public one.
    ``qr``: the QR drawing, when already made (a page fitted at several scales)."""
    p = style("code", 9 * scale)
    spaced = f"{code[:4]} {code[4:]}"
    text = [
        para(markup(_("Tisch-Code: %(code)s"), code=bold(spaced)), p),
        para(
            markup(_("Spiele am Handy eintragen: QR-Code scannen oder %(url)s öffnen."), url=url), p
        ),
    ]
    if qr is None:
        qr = qr_drawing(url, QR_SIZE)
    return layout([[qr, text]], [QR_SIZE + 3 * mm, width - QR_SIZE - 3 * mm], "MIDDLE")


def _header(
    snap: ListeSnapshot,
    seated: Seating,
    *,
    blank: bool,
    code_url: str | None,
    qr: Drawing | None,
    scale: float,
    width: float,
) -> Flowable:
    liste = snap.liste
    title = style("title", 13 * scale, bold_face=True)
    small = style("info", 8 * scale)
    seats = ", ".join(f"{s.position}: {s.name}" for s in snap.seats)
    keeper = snap.seat_names[liste.listenfuehrer_position - 1] if snap.seats else ""
    info = markup(
        _("Plätze: %(seats)s · Listenführer: %(lf)s · %(games)s (%(size)s Spieler)"),
        seats=seats,
        lf=keeper,
        games=_games_text(snap, blank=blank),
        size=liste.table_size,
    )
    # The club once: a club evening's title already starts with it.
    club = f" · {liste.club}" if liste.club and liste.club.name not in liste.title else ""
    heading = _("Spielliste") + f" – {liste.title}" + club
    rules = markup(_("Regeln: %(rules)s"), rules=rules_summary(snap.rules))
    lines: list[Flowable] = [para(heading, title), para(info, small), para(rules, small)]
    for sub in seated.subs:  # as the list page's status lines say it
        line = _("Platz %(seat)s: ab Spiel %(n)s spielt %(new)s für %(old)s.") % {
            "seat": sub.position,
            "n": sub.from_game,
            "new": sub.name,
            "old": sub.seat_name,
        }
        lines.append(para(line, small))
    if liste.time_up_after is not None:
        lines.append(
            para(_("Zeit abgelaufen nach Spiel %(n)s") % {"n": liste.time_up_after}, small)
        )
    if not blank:
        at = formats.date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")
        lines.append(para(_("Stand: %(at)s") % {"at": at}, small))
    lines.append(Spacer(1, 2 * mm * scale))
    if code_url is None:
        return layout([[lines]], [width])
    code_width = 92 * mm * scale
    return layout(
        [[lines, code_block(liste.code, code_url, scale, code_width, qr)]],
        [width - code_width, code_width],
    )


# --- the game rows ------------------------------------------------------------------------


def _kind_text(row: ListRow) -> str:
    bock = f" ×{row.bock}" if row.bock > 1 else ""  # house rules: the Bock factor
    return row.kind_label + (" P" if row.pflicht else "") + (" V" if row.vorfuehrung else "") + bock


def _game_table(
    snap: ListeSnapshot,
    seated: Seating,
    rows: Sequence[ListRow],
    *,
    blank: bool,
    scale: float,
    width: float,
) -> Table:
    regular, heavy = register_fonts()
    size = 8 * scale
    pad = 3.5 * scale
    names = seated.labels
    head_style = style("head", 7.5 * scale, bold_face=True, alignment=TA_CENTER)
    labels = [_("Nr."), _("Geber"), _("Art")]

    def column(header: str, cells: Sequence[str], cap: float) -> float:
        wanted = max(
            [text_width(header, size, bold_face=True)] + [text_width(c, size) for c in cells]
        )
        return min(wanted + 2 * pad, cap)

    kinds = [_kind_text(r) for r in rows]
    number_w = column(labels[0], ["(30)"], 12 * mm)
    dealer_w = column(
        labels[1], list(snap.seat_names) if blank else [r.dealer for r in rows], 30 * mm
    )
    kind_w = column(labels[2], kinds or ["Hochzeit"], 26 * mm)
    check_w = column(CHECK_OK, [CHECK_BAD], 8 * mm)
    per_seat = (width - number_w - dealer_w - kind_w - check_w) / len(names)
    widths = [number_w, dealer_w, kind_w]
    for _seat in names:
        widths += [per_seat * 0.45, per_seat * 0.55]
    widths.append(check_w)

    head: list[object] = list(labels)
    for name in names:  # the name spans points and running total
        head += [
            para(wrapped(name, per_seat - 2 * pad, 7.5 * scale, bold_face=True), head_style),
            "",
        ]
    head.append(CHECK_OK)
    body: list[list[object]] = []
    if blank:
        rows_wanted = _games(snap, blank=True)
        body = [[str(n), *[""] * (len(widths) - 1)] for n in range(1, rows_wanted + 1)]
    for row, kind in zip(rows, kinds, strict=True):
        cells: list[object] = [
            f"({row.number})" if row.is_penalty else "–" if row.is_redeal else str(row.number),
            clip(row.dealer, dealer_w - 2 * pad, size),
            clip(kind, kind_w - 2 * pad, size),
        ]
        for cell in row.cells:
            cells += [
                "–" if cell.sitting_out and cell.points is None else _points(cell.points),
                str(cell.total),
            ]
        cells.append(CHECK_OK if row.ok else CHECK_BAD)
        body.append(cells)
    heights: list[float | None] | None = None
    if blank:  # room to write by hand
        heights = [None] + [6.4 * mm * scale] * len(body)
    commands: list[Command] = [
        ("FONT", (0, 0), (-1, -1), regular, size),
        ("FONT", (0, 0), (-1, 0), heavy, 7.5 * scale),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
        ("ALIGN", (-1, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2 * scale),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6 * scale),
    ]
    for i in range(len(names)):
        commands.append(("FONT", (4 + 2 * i, 1), (4 + 2 * i, -1), heavy, size))
        commands.append(("SPAN", (3 + 2 * i, 0), (4 + 2 * i, 0)))
        commands.append(("LINEBEFORE", (3 + 2 * i, 0), (3 + 2 * i, -1), 1.0, colors.black))
    for index, row in enumerate(rows, start=1):
        if row.is_penalty:
            commands.append(("BACKGROUND", (0, index), (-1, index), PENALTY_SHADE))
        if not row.ok:
            commands.append(("TEXTCOLOR", (-1, index), (-1, index), colors.HexColor("#b91c1c")))
    return table([head, *body], widths, commands, heights=heights, repeat_rows=1)


# --- beside the rows ------------------------------------------------------------------------


def _small_table(
    data: list[list[object]],
    widths: list[float],
    scale: float,
    *,
    blank: bool = False,
    extra: Sequence[Command] = (),
) -> Table:
    """A side table; its header texts wrap at spaces within their columns; on a blank
    list each row is tall enough to write in by hand."""
    regular, heavy = register_fonts()
    head_style = style("sidehead", 7.5 * scale, bold_face=True)
    data = [
        [
            para(wrapped(h, w - 6 * scale, 7.5 * scale, bold_face=True), head_style)
            if isinstance(h, str) and h
            else h
            for h, w in zip(data[0], widths, strict=True)
        ],
        *data[1:],
    ]
    heights: list[float | None] | None = None
    if blank:
        heights = [None] + [6.4 * mm * scale] * (len(data) - 1)
    commands: list[Command] = [
        ("FONT", (0, 0), (-1, -1), regular, 8 * scale),
        ("FONT", (0, 0), (-1, 0), heavy, 7.5 * scale),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3 * scale),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3 * scale),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2 * scale),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6 * scale),
        *extra,
    ]
    return table(data, widths, commands, heights=heights)


def _fixed_widths(
    headers: Sequence[str], cells: Sequence[Sequence[str]], scale: float
) -> list[float]:
    """Each column as wide as the longest word of its header (bold; the header wraps at
    spaces) or its widest cell, plus padding: a header such as "vorgeführt" always fits."""
    out = []
    for i, header in enumerate(headers):
        wanted = [text_width(word, 7.5 * scale, bold_face=True) for word in header.split()]
        wanted += [text_width(row[i], 8 * scale) for row in cells]
        out.append(max(wanted) + 6 * scale + 1)
    return out


def _pflicht_table(
    snap: ListeSnapshot, seated: Seating, *, blank: bool, scale: float, width: float
) -> Table:
    headers = [_("Spiel"), _("Solo"), _("Punkte"), _("vorgeführt")]
    name_style = style("cell", 8 * scale)
    if blank:
        cells = [["", "", "", ""] for _s in snap.seats]
        names = list(seated.labels)
    else:
        entries = pflichtsolo_section(snap)
        cells = [
            [str(e.game or ""), e.solo, _points(e.points), _("ja") if e.vorfuehrung else ""]
            for e in entries
        ]
        label = dict(zip(snap.seat_names, seated.labels, strict=True))
        names = [label.get(e.player, e.player) for e in entries]
    fixed = _fixed_widths(headers, cells, scale)
    if blank:
        fixed = [max(w, 14 * mm * scale) for w in fixed]
    data: list[list[object]] = [[_("Pflichtsolo"), *headers]]
    data += [[para(n, name_style), *c] for n, c in zip(names, cells, strict=True)]
    return _small_table(data, [width - sum(fixed), *fixed], scale, blank=blank)


def _series(snap: ListeSnapshot, rows: Sequence[ListRow]) -> list[list[tuple[float, float]]]:
    """Each seat's total after each row, from 0 before the first game."""
    out: list[list[tuple[float, float]]] = []
    for seat in range(len(snap.seats)):
        points: list[tuple[float, float]] = [(0.0, 0.0)]
        points += [(float(r.number), float(r.cells[seat].total)) for r in rows if not r.is_redeal]
        out.append(points)
    return out


def _legend_line(index: int, scale: float) -> Drawing:
    out = drawing(9 * mm * scale, 3 * mm * scale)
    line = Line(0, 1.5 * mm * scale, 9 * mm * scale, 1.5 * mm * scale)
    line.strokeColor = colors.HexColor(SERIES_COLOURS[index % len(SERIES_COLOURS)])
    line.strokeWidth = 1.4
    line.strokeDashArray = SERIES_DASHES[index % len(SERIES_DASHES)]
    out.add(line)
    return out


def totals_chart(
    snap: ListeSnapshot, rows: Sequence[ListRow], *, width: float, height: float, scale: float
) -> Drawing:
    """The running totals, one line per seat (colour and dash as in the legend), drawn
    from plain shapes: a grid every ``step`` points, game numbers every 6 games."""
    regular, _heavy = register_fonts()
    size = 6.5 * scale
    chart = drawing(width, height)
    left: float = 8 * mm * scale
    bottom: float = 5 * mm * scale
    plot_w: float = width - left - 2 * mm
    plot_h: float = height - bottom - 5 * mm * scale
    series = _series(snap, rows)
    games = max(_games(snap), int(max((r.number for r in rows), default=0)))
    values = [v for line in series for _x, v in line]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    step = _nice_step(high - low)
    y_min = step * math.floor(low / step)
    y_max = max(step * math.ceil(high / step), y_min + step)

    def x_at(game: float) -> float:
        return left + plot_w * game / games

    def y_at(value: float) -> float:
        return bottom + plot_h * (value - y_min) / (y_max - y_min)

    light = colors.HexColor("#e2e8f0")
    for value in range(int(y_min), int(y_max) + 1, step):
        y = y_at(value)
        chart.add(
            Line(
                left,
                y,
                left + plot_w,
                y,
                strokeColor=GRID if value == 0 else light,
                strokeWidth=0.6 if value == 0 else 0.4,
            )
        )
        chart.add(
            String(
                left - 1.5,
                y - size / 3,
                str(value),
                fontName=regular,
                fontSize=size,
                textAnchor="end",
            )
        )
    # game numbers every 6 games; a short open list numbers each
    for game in range(0, games + 1, 6 if games >= 12 else 1):
        x = x_at(game)
        chart.add(Line(x, bottom, x, bottom - 1.5, strokeColor=GRID, strokeWidth=0.5))
        chart.add(
            String(
                x,
                bottom - 1.5 - size,
                str(game),
                fontName=regular,
                fontSize=size,
                textAnchor="middle",
            )
        )
    chart.add(Line(left, bottom, left, bottom + plot_h, strokeColor=GRID, strokeWidth=0.5))
    for i, line in enumerate(series):
        points: list[float] = []
        for x, y in line:
            points += [x_at(x), y_at(y)]
        chart.add(
            PolyLine(
                points,
                strokeColor=colors.HexColor(SERIES_COLOURS[i % len(SERIES_COLOURS)]),
                strokeWidth=1.3,
                strokeDashArray=SERIES_DASHES[i % len(SERIES_DASHES)],
                strokeLineJoin=1,
            )
        )
    caption = _("Punktestand nach jedem Spiel")
    chart.add(String(left, height - 3 * mm * scale, caption, fontName=regular, fontSize=size + 0.5))
    return chart


def _nice_step(span: float) -> int:
    for step in (5, 10, 20, 25, 50, 100):
        if span / step <= 6:
            return step
    return 200


def _totals_table(
    snap: ListeSnapshot, seated: Seating, *, blank: bool, chart: bool, scale: float, width: float
) -> Table:
    """The final totals; with the chart's line beside each name (its legend)."""
    name_style = style("cell", 8 * scale)
    totals = snap.counted_totals if not blank else {}  # a paper list: its typed totals
    head = _("Endstand")
    values = [_points(totals.get(n)) or ("0" if not blank else "") for n in snap.seat_names]
    total_w = _fixed_widths([_("Punkte")], [[v] for v in values], scale)[0]
    if blank:
        total_w = max(total_w, 18 * mm * scale)
    data: list[list[object]] = []
    if chart:
        line_w = 9 * mm * scale + 6 * scale
        widths = [line_w, width - line_w - total_w, total_w]
        data.append(["", head, _("Punkte")])
        for i, (name, value) in enumerate(zip(seated.labels, values, strict=True)):
            data.append([_legend_line(i, scale), para(name, name_style), value])
    else:
        widths = [width - total_w, total_w]
        data.append([head, _("Punkte")])
        data += [[para(n, name_style), v] for n, v in zip(seated.labels, values, strict=True)]
    return _small_table(
        data, widths, scale, blank=blank, extra=[("ALIGN", (-1, 0), (-1, -1), "RIGHT")]
    )


def _side(
    snap: ListeSnapshot,
    seated: Seating,
    rows: Sequence[ListRow],
    *,
    blank: bool,
    chart: bool,
    scale: float,
    width: float,
) -> list[Flowable]:
    small = style("note", 7.5 * scale)
    # a profile without Pflichtsolo (house rules) has no Pflichtsolo section, nor has a list
    # entered from paper (its totals only: nobody's solos are known, none "fehlt")
    pflicht = snap.rules.pflicht and (blank or not snap.from_paper)
    out: list[Flowable] = (
        [_pflicht_table(snap, seated, blank=blank, scale=scale, width=width)] if pflicht else []
    )
    if chart:
        out += [
            Spacer(1, 2 * mm * scale),
            totals_chart(snap, rows, width=width, height=52 * mm * scale, scale=scale),
        ]
    out += [
        Spacer(1, 2 * mm * scale),
        _totals_table(snap, seated, blank=blank, chart=chart, scale=scale, width=width),
    ]
    for line in seated.split:
        out.append(para(line, small))
    penalties = [r for r in rows if r.is_penalty]
    if penalties:
        out.append(Spacer(1, 1.5 * mm * scale))
    for r in penalties:
        line = _("Strafzeile nach Spiel %(n)s: %(what)s") % {"n": r.number, "what": r.penalty_label}
        out.append(para(line, small))
    out += [
        Spacer(1, 1.5 * mm * scale),
        para(
            (
                _("P: Pflichtsolo · V: Vorführung · %(ok)s/%(bad)s: Zeile geprüft (TSR 7.3.3)")
                if snap.rules.pflicht
                else _("%(ok)s/%(bad)s: Zeile geprüft")
            )
            % {"ok": CHECK_OK, "bad": CHECK_BAD}
            + (" · " + _("–: neu gegeben (kein Spiel)") if snap.rules.schmeissen else ""),
            small,
        ),
    ]
    return out


def _signatures(snap: ListeSnapshot, seated: Seating, *, scale: float, width: float) -> Table:
    """One line to sign per seat, the name under it (a substitute signs for his seat),
    across the page."""
    label_style = style("sig", 8 * scale, bold_face=True)
    name_style = style("signame", 7.5 * scale, alignment=TA_CENTER)
    label_w = text_width(_("Unterschriften"), 8 * scale, bold_face=True) + 4 * mm
    gap = 5 * mm
    count = len(snap.seats)
    line_w = (width - label_w - gap * count) / max(1, count)
    widths = [label_w]
    top: list[object] = [para(_("Unterschriften"), label_style)]
    bottom: list[object] = [""]
    commands: list[Command] = [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), *NO_PADDING]
    for i, name in enumerate(seated.labels):
        widths += [gap, line_w]
        top += ["", ""]
        bottom += ["", para(name, name_style)]
        commands.append(("LINEABOVE", (2 + 2 * i, 1), (2 + 2 * i, 1), 0.7, colors.black))
    return table([top, bottom], widths, commands, heights=[9 * mm * scale, None])


# --- the page -------------------------------------------------------------------------------


def _page(
    snap: ListeSnapshot,
    seated: Seating,
    code_url: str | None,
    *,
    blank: bool,
    chart: bool,
    scale: float,
    qr: Drawing | None = None,
) -> list[Flowable]:
    width, _height = frame_size(wide=True)
    rows = [] if blank else dealers_named(list_rows(snap), seated.subs)
    side_w = (92 if len(snap.seats) == 4 else 86) * mm
    table_w = width - side_w - GAP
    body = layout(
        [
            [
                _game_table(snap, seated, rows, blank=blank, scale=scale, width=table_w),
                _side(snap, seated, rows, blank=blank, chart=chart, scale=scale, width=side_w),
            ]
        ],
        [table_w + GAP, side_w],
    )
    return [
        _header(snap, seated, blank=blank, code_url=code_url, qr=qr, scale=scale, width=width),
        body,
        *([] if blank else kasse_story(snap)),
        Spacer(1, 3 * mm * scale),
        _signatures(snap, seated, scale=scale, width=width),
    ]


def _one_page(snap: ListeSnapshot, code_url: str | None, *, blank: bool) -> list[Flowable]:
    """The page at the largest scale that fits; the chart only on a filled list, and left
    out should it not fit even small (it always fits at 24 and 30 games)."""
    chart = not blank and snap.state is not None and bool(snap.state.rows)
    qr = qr_drawing(code_url, QR_SIZE) if code_url is not None else None
    seated = seating(snap, blank=blank)
    for with_chart in [True, False] if chart else [False]:

        def make(scale: float, with_chart: bool = with_chart) -> list[Flowable]:
            return _page(snap, seated, code_url, blank=blank, chart=with_chart, scale=scale, qr=qr)

        fitted = fit_story(make)
        if fitted is not None:
            return fitted[0]
    # Longer than any list (cannot happen within 30 games): print at the smallest scale.
    return _page(snap, seated, code_url, blank=blank, chart=False, scale=0.7, qr=qr)


def spielliste_story(snap: ListeSnapshot, code_url: str | None = None) -> list[Flowable]:
    """The filled list as one page of flowables, to build alone or many in one file;
    with the table code when ``code_url`` (the ``/t/<code>/`` address) is given; the Kasse
    above the signatures when the table plays for money (fitted into the one page)."""
    return _one_page(snap, code_url, blank=False)


def blank_spielliste_story(snap: ListeSnapshot, code_url: str | None = None) -> list[Flowable]:
    return _one_page(snap, code_url, blank=True)


def _title(snap: ListeSnapshot) -> str:
    return _("Spielliste") + f" – {snap.liste.title}"


def rehearsal_mark(rehearsal: bool) -> str:
    """The line on every page of a practice run's list (a tournament's Probelauf)."""
    return _("PROBELAUF – zählt nirgends") if rehearsal else ""


def spielliste_pdf(
    snap: ListeSnapshot, code_url: str | None = None, *, rehearsal: bool = False
) -> bytes:
    return build_pdf(spielliste_story(snap, code_url), _title(snap), mark=rehearsal_mark(rehearsal))


def blank_spielliste_pdf(
    snap: ListeSnapshot, code_url: str | None = None, *, rehearsal: bool = False
) -> bytes:
    return build_pdf(
        blank_spielliste_story(snap, code_url), _title(snap), mark=rehearsal_mark(rehearsal)
    )
