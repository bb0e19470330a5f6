"""The Rangliste as files (CSV, Excel-CSV, XLSX, ODS) through ``league.core.spreadsheets``,
so a name that a spreadsheet would run as a formula is written as text."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.rankings.presenters import average_number
from league.rankings.selectors import RanglisteView

__all__ = ["EXPORT_FORMATS", "export_values", "rangliste_export"]


def export_values(view: RanglisteView, which: str) -> list[list[Any]]:
    """Header and rows of one of the three lists (numbers as numbers)."""
    players = view.players
    if which == "unter36":
        head: list[Any] = [_("Name"), _("Verein"), _("Runden"), _("Punkte")]
        return [head] + [
            [players[r.player].name, players[r.player].club, r.rounds, r.points]
            for r in view.unter_36
        ]
    if which == "bundeslaender":
        head = [_("Platz"), _("Name"), _("Verein"), _("Punkte"), _("Gewertete Turniere")]
        return [head] + [
            [
                r.rank,
                players[r.player].name,
                players[r.player].club,
                r.points,
                "; ".join(view.tournaments[c.tournament].name for c in r.counted),
            ]
            for r in view.bundeslaender
        ]
    head = [_("Platz"), _("Name"), _("Verein"), _("Runden"), _("Punkte"), _("Rundenschnitt")]
    return [head] + [
        [
            r.rank,
            players[r.player].name,
            players[r.player].club,
            r.rounds,
            r.points,
            average_number(r.average),
        ]
        for r in view.rangliste
    ]


def rangliste_export(view: RanglisteView, fmt: str, *, which: str) -> HttpResponse:
    if which not in ("rangliste", "unter36", "bundeslaender"):
        which = "rangliste"
    return spreadsheet_response(
        export_values(view, which),
        fmt,
        title=str(_("Rangliste")),
        filename=f"{which}-{view.as_of.isoformat()}",
        excel_suffix=False,
    )
