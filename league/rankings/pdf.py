"""The Rangliste as a printout (A4 portrait): Rangliste, "unter 36", Bundesländerwertung.
Every text goes through ``league.core.pdf`` (escaped)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer
from reportlab.platypus.flowables import Flowable

from league.core.pdf import GRID, SHADE, build_pdf, para, style, table
from league.rankings.presenters import average_text
from league.rankings.selectors import RanglisteView


def _grid(data: Sequence[Sequence[str]], widths: Sequence[float]) -> Flowable:
    cell = style("cell", 8.5, leading=10)
    head = style("head", 8.5, bold_face=True, leading=10)
    rows = [[para(v, head) for v in data[0]]] + [[para(v, cell) for v in row] for row in data[1:]]
    return table(
        rows,
        widths,
        [
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ],
        repeat_rows=1,
    )


def rangliste_pdf(view: RanglisteView) -> bytes:
    h = style("h", 15, bold_face=True, leading=19, spaceAfter=2 * mm)
    h2 = style("h2", 11.5, bold_face=True, leading=14, spaceAfter=1 * mm, spaceBefore=3 * mm)
    p = style("p", 9, leading=12)
    players = view.players
    story: list[Flowable] = [
        para(_("DDV-Rangliste"), h),
        para(
            _("Stichtag %(day)s · gewertet ab %(start)s · mindestens %(n)s Runden")
            % {
                "day": date_format(view.as_of, "d.m.Y"),
                "start": date_format(view.window_start, "d.m.Y"),
                "n": view.min_rounds,
            },
            p,
        ),
        para(_("Rangliste"), h2),
    ]
    data = [[_("Pl."), _("Name"), _("Verein"), _("Runden"), _("Punkte"), _("Schnitt")]]
    data += [
        [
            str(r.rank),
            players[r.player].name,
            players[r.player].club,
            str(r.rounds),
            str(r.points),
            average_text(r.average),
        ]
        for r in view.rangliste
    ]
    story.append(_grid(data, [12 * mm, 55 * mm, 50 * mm, 18 * mm, 20 * mm, 20 * mm]))
    story += [Spacer(1, 2 * mm), para(_("Unter 36 Runden"), h2)]
    data = [[_("Name"), _("Verein"), _("Runden"), _("Punkte")]]
    data += [
        [players[r.player].name, players[r.player].club, str(r.rounds), str(r.points)]
        for r in view.unter_36
    ]
    story.append(_grid(data, [67 * mm, 70 * mm, 18 * mm, 20 * mm]))
    story += [Spacer(1, 2 * mm), para(_("Bundesländerwertung"), h2)]
    data = [[_("Pl."), _("Name"), _("Punkte"), _("Gewertete Turniere")]]
    data += [
        [
            str(r.rank),
            players[r.player].name,
            str(r.points),
            ", ".join(
                f"{view.tournaments[c.tournament].name} ({c.bundesland}, {c.points})"
                for c in r.counted
            ),
        ]
        for r in view.bundeslaender
    ]
    story.append(_grid(data, [12 * mm, 55 * mm, 20 * mm, 88 * mm]))
    return build_pdf(story, title=_("Rangliste"), wide=False)
