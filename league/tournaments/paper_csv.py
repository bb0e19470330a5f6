"""Results from paper as CSV: one line per table — the table number, then the seats'
totals in seat order (``Tisch;Platz 1;…;Platz 5``), an optional header line. Parsed into
``PaperTable``s before anything is saved; every problem names its line."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from league.core.messages import render
from league.tournaments.services import PaperTable
from scoring.totals import TABLE_SIZES

MAX_BYTES = 200_000


@dataclass(frozen=True)
class PaperCsv:
    tables: tuple[PaperTable, ...]
    problems: tuple[str, ...]


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # German Excel's default


def parse_paper_csv(data: bytes) -> PaperCsv:
    if len(data) > MAX_BYTES:
        return PaperCsv((), (render("csv_too_large", {"mb": MAX_BYTES / 1_000_000}),))
    text = _decode(data).replace("\x00", "")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    tables: list[PaperTable] = []
    problems: list[str] = []
    for line, row in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), start=1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if line == 1 and not cells[0].lstrip("-").isdigit():
            continue  # a header
        try:
            numbers = [int(c) for c in cells if c != ""]
        except ValueError:
            problems.append(render("paper_csv_line", {"line": line}))
            continue
        if len(numbers) - 1 not in TABLE_SIZES or not 1 <= numbers[0] <= 999:
            problems.append(render("paper_csv_line", {"line": line}))
            continue
        totals = dict(enumerate(numbers[1:], start=1))
        tables.append(PaperTable(table=numbers[0], totals=totals))
    if not tables and not problems:
        problems.append(render("csv_empty"))
    return PaperCsv(tuple(tables), tuple(problems))
