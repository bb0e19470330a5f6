"""django-tables2 tables and the standings exports; values come from selectors."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.core.spreadsheets import EXPORT_FORMATS, spreadsheet_response
from league.tournaments.selectors import Standings

__all__ = [
    "EXPORT_FORMATS",
    "PointsColumn",
    "StandingsTable",
    "export_values",
    "standings_export",
]


class PointsColumn(tables.Column):
    def render(self, value: Any) -> Any:
        return "–" if value is None else value

    def value(self, value: Any) -> Any:  # exports get plain numbers
        return "" if value is None else value


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Platz"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"))
    club = tables.Column(verbose_name=_("Verein"))
    rounds_played = tables.Column(verbose_name=_("Runden"), attrs={"td": {"class": "num"}})
    total = tables.Column(verbose_name=_("Punkte"), attrs={"td": {"class": "num total-col"}})

    class Meta:
        attrs = {"class": "standings"}
        sequence = ("rank", "name", "club", "rounds_played", "...", "total")
        order_by = ("rank",)
        orderable = True
        # Rows are rendered by a lean template of ours (tournaments/_standings_table.html):
        # the generic per-cell rendering cost 5x the SQL on a 168-player page.
        template_name = "tournaments/_standings_table.html"

    def __init__(self, standings: Standings, *, tournament_id: int, **kwargs: Any) -> None:
        # One reverse() for the page, not one per row.
        player_url = reverse("tournament-player", args=[tournament_id, 0])[: -len("0/")]
        data = []
        for row in standings.rows:
            item = {
                "rank": row.rank,
                "name": row.name,
                "club": row.club,
                "rounds_played": row.rounds_played,
                "total": row.total,
                "participant_id": row.participant_id,
                "withdrawn": row.withdrawn,
                # Display strings: the row template needs no branch and no number
                # localisation per cell (that alone cost a third of the page).
                "per_round": ["–" if v is None else str(v) for v in row.per_round],
                "rank_text": str(row.rank),
                "rounds_text": str(row.rounds_played),
                "total_text": str(row.total),
                "url": f"{player_url}{row.participant_id}/",
            }
            for n, pts in enumerate(row.per_round, start=1):
                item[f"r{n}"] = pts
            data.append(item)
        extra = [
            (f"r{n}", PointsColumn(verbose_name=f"R{n}", attrs={"td": {"class": "num"}}))
            for n in range(1, standings.rounds + 1)
        ]
        super().__init__(data, extra_columns=extra, **kwargs)

    def value_name(self, value: str) -> str:
        return value


# --- exports ------------------------------------------------------------------------------
# The standings as files (league.core.spreadsheets: CSV in both dialects, XLSX, ODS; a name
# a spreadsheet would run as a formula is written as text).


def export_values(table: StandingsTable) -> list[list[Any]]:
    """Header and rows as exported (the table's columns and order; numbers as numbers)."""
    return [list(row) for row in table.as_values()]


def standings_export(table: StandingsTable, fmt: str, filename: str) -> HttpResponse:
    """The response for ``?_export=<fmt>`` (one of EXPORT_FORMATS)."""
    return spreadsheet_response(
        export_values(table), fmt, title=str(_("Wertung")), filename=filename
    )
