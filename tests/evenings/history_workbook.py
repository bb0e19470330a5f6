"""Generated club workbooks for the history import's tests and ``bench/history_import.py``:
rows of real game shapes (two +v against two −v, a solo ±3v against three ∓v), tables of
four (everyone plays every game) and five (the dealer sits out, in any order)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
from collections.abc import Sequence

import openpyxl


def game_points(rng: random.Random, players: int = 4) -> list[int]:
    """One game's points for four players (zero sum, a game's shape)."""
    value = rng.randint(1, 6)
    if rng.random() < 0.15:
        soloist = rng.randrange(4)
        sign = rng.choice((1, -1))
        return [sign * 3 * value if i == soloist else -sign * value for i in range(4)]
    winners = set(rng.sample(range(4), 2))
    return [value if i in winners else -value for i in range(4)]


def sheet_rows(
    header: Sequence[str],
    evenings: Sequence[tuple[dt.date, Sequence[Sequence[int]]]],
    rng: random.Random,
    games: int = 24,
) -> list[list[object]]:
    """Rows of a "Spiele" sheet: ``header`` the player columns; each evening a date and its
    tables (column indexes of the players seated, 4 or 5)."""
    rows: list[list[object]] = [["Datum", "Tisch", *header]]
    for day, tables in evenings:
        for number, seated in enumerate(tables, start=1):
            for g in range(games):
                row: list[object] = [day.strftime("%d.%m.%Y") if g == 0 else None, number]
                row += [None] * len(header)
                playing = list(seated)
                if len(playing) == 5:
                    playing.pop(rng.randrange(5))
                for col, pts in zip(playing, game_points(rng), strict=True):
                    row[2 + col] = f"+{pts}" if pts > 0 and rng.random() < 0.3 else pts
                rows.append(row)
        rows.append(["Summe", None, *([None] * len(header))])
    return rows


def workbook(sheets: dict[str, list[list[object]]]) -> bytes:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        ws = book.create_sheet(title)
        for row in rows:
            ws.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_bytes(rows: list[list[object]], *, delimiter: str = ";", encoding: str = "cp1252") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    for row in rows:
        writer.writerow(["" if c is None else c for c in row])
    return out.getvalue().encode(encoding)
