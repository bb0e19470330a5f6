"""Participant lists from CSV: parsed and checked before anything is saved.

Accepts UTF-8 with or without BOM, ``,`` or ``;`` as separator, a header row with
Name / Verein (Club) / DDV-Nummer (any order, German or English), or no header (then
the columns are taken in that order). Every problem is reported with its line number.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from league.core.messages import render

HEADERS = {
    "name": "name",
    "spieler": "name",
    "spielername": "name",
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
DDV_NUMBER = re.compile(r"^[0-9A-Za-z-]{1,20}$")
MAX_BYTES = 2_000_000


@dataclass(frozen=True)
class ImportRow:
    line: int
    name: str
    club: str
    ddv_number: str


@dataclass(frozen=True)
class ImportIssue:
    """A refused line (0: the file as a whole), as a message code with parameters."""

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


def parse_participants(data: bytes) -> ImportPreview:
    if len(data) > MAX_BYTES:
        return ImportPreview((), (ImportIssue(0, "csv_too_large", {"mb": MAX_BYTES // 1_000_000}),))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return ImportPreview(
            (),
            (ImportIssue(0, "csv_not_utf8"),),
        )
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        return ImportPreview((), (ImportIssue(0, "csv_empty"),))
    first = next(line for line in lines if line.strip())
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[ImportRow] = []
    issues: list[ImportIssue] = []
    columns = ["name", "club", "ddv_number"]
    seen_numbers: dict[str, int] = {}
    seen_names: dict[tuple[str, str], int] = {}
    header_done = False
    for record in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in record):
            continue
        if not header_done:
            header_done = True
            keys = [HEADERS.get(cell.strip().casefold()) for cell in record]
            if "name" in keys:
                columns = [k or "" for k in keys]
                continue
        values = dict.fromkeys(("name", "club", "ddv_number"), "")
        for column, cell in zip(columns, record, strict=False):
            if column:
                values[column] = " ".join(cell.split())
        name, club, number = values["name"], values["club"], values["ddv_number"]
        if not name:
            issues.append(ImportIssue(line, "name_missing"))
            continue
        if number and not DDV_NUMBER.match(number):
            issues.append(ImportIssue(line, "csv_bad_ddv_number", {"number": number}))
            continue
        if number and number in seen_numbers:
            issues.append(
                ImportIssue(
                    line, "csv_duplicate_number", {"number": number, "line": seen_numbers[number]}
                )
            )
            continue
        key = (name.casefold(), club.casefold())
        if key in seen_names:
            issues.append(
                ImportIssue(
                    line,
                    "csv_duplicate_name_club" if club else "csv_duplicate_name",
                    {"name": name, "club": club, "line": seen_names[key]},
                )
            )
            continue
        if number:
            seen_numbers[number] = line
        seen_names[key] = line
        rows.append(ImportRow(line, name, club, number))
    return ImportPreview(tuple(rows), tuple(issues))
