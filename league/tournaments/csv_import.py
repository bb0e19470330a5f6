"""Participant lists from CSV: parsed and checked before anything is saved.

Reads what German Excel and LibreOffice write: UTF-8 with or without BOM, UTF-16 with
BOM ("Unicode-Text"), else Windows-1252 (German Excel's "CSV (Trennzeichen-getrennt)");
``;``, ``,`` or tab as separator (the one the header line uses most). A header row with
Name / Verein (Club) / DDV-Nummer — or Vorname and Nachname — in any order, German or
English; without a header the columns are taken in that order. Columns it does not know
are named in a warning, never dropped silently.

Refusals carry their line number: a NUL byte (a binary file) or a line the CSV reader
cannot read refuses the whole file; a missing name, a field longer than its database
column, a bad or repeated DDV number, a repeated name refuse that line.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from league.clubs.models import Club, Player
from league.clubs.services import DDV_NUMBER, clean_name
from league.core.messages import render

HEADERS = {
    "name": "name",
    "spieler": "name",
    "spielername": "name",
    "spieler/in": "name",
    "vorname": "first_name",
    "first name": "first_name",
    "firstname": "first_name",
    "nachname": "last_name",
    "familienname": "last_name",
    "last name": "last_name",
    "lastname": "last_name",
    "surname": "last_name",
    "verein": "club",
    "club": "club",
    "ddv": "ddv_number",
    "ddv-nummer": "ddv_number",
    "ddv-nr": "ddv_number",
    "ddv-nr.": "ddv_number",
    "ddvnummer": "ddv_number",
    "ddv_number": "ddv_number",
    "ddv number": "ddv_number",
    "ddv-nummer (optional)": "ddv_number",
}
POSITIONAL = ["name", "club", "ddv_number"]
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
MAX_BYTES = 2_000_000


def _max_length(model: Any, name: str) -> int:
    length = model._meta.get_field(name).max_length
    assert isinstance(length, int)
    return length


# Each field's limit is its database column (a longer value would 500 on PostgreSQL).
LIMITS = {
    "name": _max_length(Player, "name"),
    "club": _max_length(Club, "name"),
    "ddv_number": _max_length(Player, "ddv_number"),
}


@dataclass(frozen=True)
class ImportRow:
    line: int
    name: str
    club: str
    ddv_number: str


@dataclass(frozen=True)
class ImportIssue:
    """A refused line (0: the file as a whole), or a warning, as a message code with
    parameters."""

    line: int
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return render(self.code, self.params)


@dataclass(frozen=True)
class ImportPreview:
    rows: tuple[ImportRow, ...]
    issues: tuple[ImportIssue, ...]
    warnings: tuple[ImportIssue, ...] = ()
    encoding: str = ""
    delimiter: str = ""


def decode(data: bytes) -> tuple[str, str] | None:
    """(text, encoding name) or None when the bytes are no text in a known encoding."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "UTF-16"
        except UnicodeDecodeError:
            return None
    try:
        return data.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:  # the five bytes cp1252 leaves undefined
        return None


def _delimiter(first_line: str) -> str:
    counts = {d: first_line.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _refuse(issue: ImportIssue, encoding: str = "", delimiter: str = "") -> ImportPreview:
    return ImportPreview((), (issue,), encoding=encoding, delimiter=delimiter)


def _clean(cell: str) -> str:
    return clean_name(CONTROL.sub("", cell))


def parse_participants(data: bytes) -> ImportPreview:
    if len(data) > MAX_BYTES:
        return _refuse(ImportIssue(0, "csv_too_large", {"mb": MAX_BYTES // 1_000_000}))
    decoded = decode(data)
    if decoded is None:
        return _refuse(ImportIssue(0, "csv_unreadable"))
    text, encoding = decoded
    text = text.rstrip("\x1a")  # a DOS end-of-file mark
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return _refuse(ImportIssue(0, "csv_nul", {"line": line}), encoding)
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        return _refuse(ImportIssue(0, "csv_empty"), encoding)
    delimiter = _delimiter(next(line for line in lines if line.strip()))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[ImportRow] = []
    issues: list[ImportIssue] = []
    warnings: list[ImportIssue] = []
    columns = POSITIONAL
    header: list[str] = []
    ignored: set[int] = set()  # indexes of columns not taken that hold something
    seen_numbers: dict[str, int] = {}
    seen_names: dict[tuple[str, str], int] = {}
    header_done = False
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if not header_done:
                header_done = True
                keys = [HEADERS.get(_clean(cell).casefold()) for cell in record]
                if "name" in keys or ("first_name" in keys and "last_name" in keys):
                    columns = [k or "" for k in keys]
                    header = [_clean(cell) for cell in record]
                    ignored = {i for i, k in enumerate(keys) if not k and header[i]}
                    continue
            ignored.update(
                i
                for i, cell in enumerate(record)
                if cell.strip() and (i >= len(columns) or not columns[i])
            )
            values = dict.fromkeys(("name", "first_name", "last_name", "club", "ddv_number"), "")
            for column, cell in zip(columns, record, strict=False):
                if column:
                    values[column] = _clean(cell)
            if not values["name"]:
                values["name"] = " ".join(
                    v for v in (values["first_name"], values["last_name"]) if v
                )
            issue = _check(line, values, seen_numbers, seen_names)
            if issue is not None:
                issues.append(issue)
                continue
            name, club, number = values["name"], values["club"], values["ddv_number"]
            if number:
                seen_numbers[number] = line
            seen_names[(name.casefold(), club.casefold())] = line
            rows.append(ImportRow(line, name, club, number))
    except csv.Error as err:
        line = reader.line_num
        return _refuse(
            ImportIssue(0, "csv_broken", {"line": line, "reason": str(err)}),
            encoding,
            delimiter,
        )
    if ignored:
        names = [
            header[i] if i < len(header) and header[i] else render("csv_column", {"n": i + 1})
            for i in sorted(ignored)
        ]
        warnings.append(ImportIssue(1, "csv_extra_columns", {"columns": ", ".join(names)}))
    if not rows and not issues:
        issues.append(ImportIssue(0, "csv_no_rows"))
    return ImportPreview(tuple(rows), tuple(issues), tuple(warnings), encoding, delimiter)


def _check(
    line: int,
    values: dict[str, str],
    seen_numbers: dict[str, int],
    seen_names: dict[tuple[str, str], int],
) -> ImportIssue | None:
    name, club, number = values["name"], values["club"], values["ddv_number"]
    if not name:
        return ImportIssue(line, "name_missing")
    for key, label in (("name", gettext("Name")), ("club", gettext("Verein"))):
        if len(values[key]) > LIMITS[key]:
            return ImportIssue(
                line,
                "csv_too_long",
                {"column": label, "max": LIMITS[key], "length": len(values[key])},
            )
    if number and (len(number) > LIMITS["ddv_number"] or not DDV_NUMBER.fullmatch(number)):
        return ImportIssue(line, "csv_bad_ddv_number", {"number": number[:40]})
    if number and number in seen_numbers:
        return ImportIssue(
            line, "csv_duplicate_number", {"number": number, "line": seen_numbers[number]}
        )
    same = (name.casefold(), club.casefold())
    if same in seen_names:
        return ImportIssue(
            line,
            "csv_duplicate_name_club" if club else "csv_duplicate_name",
            {"name": name, "club": club, "line": seen_names[same]},
        )
    return None
