"""django-tables2 tables and the standings exports; values come from selectors."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

import django_tables2 as tables
import tablib
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook  # type: ignore[import-untyped]  # via tablib[xlsx], untyped
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE  # type: ignore[import-untyped]

from league.tournaments.selectors import Standings


class PointsColumn(tables.Column):  # type: ignore[misc]  # django-tables2 is untyped
    def render(self, value: Any) -> Any:
        return "–" if value is None else value

    def value(self, value: Any) -> Any:  # exports get plain numbers
        return "" if value is None else value


class StandingsTable(tables.Table):  # type: ignore[misc]
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
# The standings as files: CSV (plain: comma, UTF-8; Excel: the German Excel dialect —
# semicolon, UTF-8 with BOM, decimal comma), XLSX and ODS. A text cell that a spreadsheet
# would read as a formula (starting with = + - @, tab or CR: "=HYPERLINK(…)" as a name) is
# written as text; numbers stay numbers.

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
EXPORT_FORMATS = {
    "csv": ("text/csv; charset=utf-8", "csv"),
    "csv-excel": ("text/csv; charset=utf-8", "csv"),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
    "ods": ("application/vnd.oasis.opendocument.spreadsheet", "ods"),
}


def neutralise(value: str) -> str:
    """A text that a spreadsheet would run as a formula, with a leading apostrophe (the
    spreadsheet convention for "this is text"); other texts unchanged."""
    return "'" + value if value.startswith(FORMULA_START) else value


def export_values(table: StandingsTable) -> list[list[Any]]:
    """Header and rows as exported (the table's columns and order; numbers as numbers)."""
    return [list(row) for row in table.as_values()]


def _csv_cell(value: Any, *, excel: bool) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float | Decimal):
        text = f"{value}"
        return text.replace(".", ",") if excel else text
    return neutralise("" if value is None else str(value))


def to_csv(values: list[list[Any]], *, excel: bool) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if excel else ",", lineterminator="\r\n")
    for row in values:
        writer.writerow([_csv_cell(v, excel=excel) for v in row])
    text = buffer.getvalue()
    return ("\ufeff" + text).encode("utf-8") if excel else text.encode("utf-8")


def to_xlsx(values: list[list[Any]], title: str) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title[:31] or "Wertung"
    for r, row in enumerate(values, start=1):
        for c, value in enumerate(row, start=1):
            cell = sheet.cell(row=r, column=c)
            if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
                cell.value = value
            else:
                # A string cell, never a formula, whatever it starts with.
                cell.value = ILLEGAL_CHARACTERS_RE.sub("", "" if value is None else str(value))
                cell.data_type = "s"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def to_ods(values: list[list[Any]], title: str) -> bytes:
    # tablib writes every str as a string cell (office:value-type="string"), never a formula.
    data = tablib.Dataset(*values[1:], headers=values[0], title=title[:31] or "Wertung")
    return bytes(data.export("ods"))


def standings_export(table: StandingsTable, fmt: str, filename: str) -> HttpResponse:
    """The response for ``?_export=<fmt>`` (one of EXPORT_FORMATS)."""
    values = export_values(table)
    title = str(_("Wertung"))
    if fmt in ("csv", "csv-excel"):
        data = to_csv(values, excel=fmt == "csv-excel")
    elif fmt == "xlsx":
        data = to_xlsx(values, title)
    else:
        data = to_ods(values, title)
    content_type, extension = EXPORT_FORMATS[fmt]
    suffix = "-excel" if fmt == "csv-excel" else ""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}{suffix}.{extension}"'
    return response
