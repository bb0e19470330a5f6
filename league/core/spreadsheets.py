"""Tables as spreadsheet files: CSV (plain: comma, UTF-8; Excel: the German Excel dialect —
semicolon, UTF-8 with BOM, decimal comma), XLSX and ODS, and the download response.

A text cell that a spreadsheet would read as a formula (starting with = + - @, tab or CR:
"=HYPERLINK(…)" as a name) is written as text; numbers stay numbers. Every export of the
site (standings, league table, Rangliste) goes through here."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import tablib
from django.http import HttpResponse
from openpyxl import Workbook  # via tablib[xlsx], untyped
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# ``?_export=<format>``: (content type, file extension)
EXPORT_FORMATS = {
    "csv": ("text/csv; charset=utf-8", "csv"),
    "csv-excel": ("text/csv; charset=utf-8", "csv"),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
    "ods": ("application/vnd.oasis.opendocument.spreadsheet", "ods"),
}

Rows = Sequence[Sequence[Any]]


def neutralise(value: str) -> str:
    """A text that a spreadsheet would run as a formula, with a leading apostrophe (the
    spreadsheet convention for "this is text"); other texts unchanged."""
    return "'" + value if value.startswith(FORMULA_START) else value


def _csv_cell(value: Any, *, excel: bool) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float | Decimal):
        text = f"{value}"
        return text.replace(".", ",") if excel else text
    return neutralise("" if value is None else str(value))


def to_csv(values: Rows, *, excel: bool) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if excel else ",", lineterminator="\r\n")
    for row in values:
        writer.writerow([_csv_cell(v, excel=excel) for v in row])
    text = buffer.getvalue()
    return ("\ufeff" + text).encode("utf-8") if excel else text.encode("utf-8")


def _sheet_title(title: str) -> str:
    return title[:31] or "Tabelle"  # a sheet's name: at most 31 characters, never empty


def to_xlsx(values: Rows, title: str) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = _sheet_title(title)
    for r, row in enumerate(values, start=1):
        for c, value in enumerate(row, start=1):
            cell = sheet.cell(row=r, column=c)
            if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
                cell.value = value
            else:
                # A string cell, never a formula, whatever it starts with.
                cell.value = ILLEGAL_CHARACTERS_RE.sub("", "" if value is None else str(value))
                cell.data_type = "s"
    _size_columns(sheet, values)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


# A column's width in characters: its longest cell and a margin, within these bounds.
COLUMN_WIDTH_MIN = 4
COLUMN_WIDTH_MAX = 60


def column_widths(values: Rows) -> list[float]:
    """Each column's width sized by its content (the header included): a rank column
    narrow, a name column wide, instead of the spreadsheet's 13 everywhere."""
    widths: list[float] = []
    for row in values:
        for c, value in enumerate(row):
            text = "" if value is None else str(value)
            longest = max((len(line) for line in text.splitlines()), default=0)
            if c == len(widths):
                widths.append(0)
            widths[c] = max(widths[c], longest)
    return [float(min(COLUMN_WIDTH_MAX, max(COLUMN_WIDTH_MIN, w + 2))) for w in widths]


def _size_columns(sheet: Any, values: Rows) -> None:
    for c, width in enumerate(column_widths(values), start=1):
        sheet.column_dimensions[get_column_letter(c)].width = width


def to_ods(values: Rows, title: str) -> bytes:
    # tablib writes every str as a string cell (office:value-type="string"), never a formula.
    data = tablib.Dataset(*values[1:], headers=values[0], title=_sheet_title(title))
    return bytes(data.export("ods"))


def spreadsheet_response(
    values: Rows, fmt: str, *, title: str, filename: str, excel_suffix: bool = True
) -> HttpResponse:
    """The download of ``values`` (the header row first) as ``fmt`` (one of
    EXPORT_FORMATS): ``title`` names the sheet, ``filename`` is the file's name without
    its extension — the Excel dialect's ends in "-excel" unless ``excel_suffix`` is False."""
    if fmt in ("csv", "csv-excel"):
        data = to_csv(values, excel=fmt == "csv-excel")
    elif fmt == "xlsx":
        data = to_xlsx(values, title)
    else:
        data = to_ods(values, title)
    content_type, extension = EXPORT_FORMATS[fmt]
    suffix = "-excel" if fmt == "csv-excel" and excel_suffix else ""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}{suffix}.{extension}"'
    return response
