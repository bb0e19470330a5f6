"""The Rangliste as files (CSV, Excel-CSV, XLSX, ODS): the tournaments' export writers, so
a name that a spreadsheet would run as a formula is written as text."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from league.rankings.presenters import average_number
from league.rankings.selectors import RanglisteView
from league.tournaments.tables import EXPORT_FORMATS, to_csv, to_ods, to_xlsx

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
    values = export_values(view, which)
    title = str(_("Rangliste"))
    if fmt in ("csv", "csv-excel"):
        data = to_csv(values, excel=fmt == "csv-excel")
    elif fmt == "xlsx":
        data = to_xlsx(values, title)
    else:
        data = to_ods(values, title)
    content_type, ext = EXPORT_FORMATS[fmt]
    response = HttpResponse(data, content_type=content_type)
    name = f"{which}-{view.as_of.isoformat()}.{ext}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
