"""A club's old spreadsheet read into sheets of cells (``scoring.history.Sheet``):
``.xlsx`` (openpyxl), ``.ods`` (tablib with odfpy) and ``.csv`` (UTF-8 with or without BOM,
else Windows-1252; ``;`` or ``,``, whichever the first line holds more of).

A file that cannot be read raises ``ServiceError("history_unreadable")``: the console's
exit 2, the upload form's error — never a 500.
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from pathlib import PurePath

import openpyxl
import tablib

from league.core.errors import ServiceError
from scoring.history import Cell, Sheet

MAX_BYTES = 20 * 1024 * 1024  # far above 20,000 game rows (≈ 1 MB as .xlsx)
SUFFIXES = (".xlsx", ".ods", ".csv")


def _unreadable(reason: str) -> ServiceError:
    return ServiceError("history_unreadable", {"reason": reason}, field="file")


def _cell(value: object) -> Cell:
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return str(value)


def _xlsx(data: bytes) -> list[Sheet]:
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        return [
            Sheet(
                ws.title,
                tuple(tuple(_cell(v) for v in row) for row in ws.iter_rows(values_only=True)),
            )
            for ws in book.worksheets
        ]
    finally:
        book.close()


def _ods(data: bytes) -> list[Sheet]:
    book = tablib.Databook()
    book.load(data, "ods", headers=False)
    return [
        Sheet(str(ds.title or f"{i}"), tuple(tuple(_cell(v) for v in row) for row in ds))
        for i, ds in enumerate(book.sheets(), start=1)
    ]


def _text(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


def _csv(data: bytes, name: str) -> list[Sheet]:
    text = _text(data)
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    return [Sheet(PurePath(name).stem or name, tuple(tuple(r) for r in rows))]


def read_sheets(data: bytes, name: str) -> list[Sheet]:
    """The sheets of the file ``name`` (its suffix says the kind)."""
    suffix = PurePath(name.lower()).suffix
    if suffix not in SUFFIXES:
        raise _unreadable(suffix or name)
    if len(data) > MAX_BYTES:
        raise _unreadable(f"> {MAX_BYTES // (1024 * 1024)} MB")
    try:
        if suffix == ".csv":
            return _csv(data, name)
        if suffix == ".xlsx":
            return _xlsx(data)
        return _ods(data)
    except (
        zipfile.BadZipFile,
        csv.Error,
        UnicodeDecodeError,
        KeyError,
        ValueError,
        OSError,
    ) as err:
        raise _unreadable(type(err).__name__) from None
    except Exception as err:  # a broken workbook can fail anywhere in its reader
        raise _unreadable(type(err).__name__) from None
