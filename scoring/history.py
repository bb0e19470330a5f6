"""A club's history from its spreadsheets: the sheets read into lists, every cell checked.

history-import.md (**Decision**, "Layouts"): a header row names the columns (case,
surrounding spaces and a trailing ``:`` do not matter); ``Datum`` is required, ``Tisch``
optional (default 1), ``Spiel``, ``Bock`` and ``Bemerkung`` are read for nothing but order
and notes; every other column is a player, its header his name as the club wrote it.

- **Spiele** (``Layout.GAMES``): a row is one game at one table on one date; exactly 4
  players score, the row sums to 0; a blank cell: he did not play it, ``0`` is a value.
  The rows of one (date, table) are one list in row order; its seats are the players who
  score in any of its rows (4 or 5), in column order. Each row becomes a quick row
  (``scoring.quick``), so its points must be a game's: two winners ``+v`` and two losers
  ``−v``, or a solo ``±3v`` against three times ``∓v`` (**Decision** here: a sheet row of
  any other shape cannot be a game of the list and is refused, naming the row).
- **Abende** (``Layout.TOTALS``): a row is one table on one evening, 4 or 5 filled cells
  summing to 0: one list holding its totals only.

Dates: ``TT.MM.JJJJ``, ``TT.MM.JJ`` (20JJ), ``JJJJ-MM-TT`` or a date cell; a row without a
date takes the one above; wholly empty rows, rows without any points and rows whose date
cell says ``Summe``, ``Gesamt`` or ``Total`` are skipped.

All or nothing: :func:`read_history` reads every sheet and returns every problem found
(``HistoryError`` with ``sheet``, ``row`` — as the spreadsheet numbers it — and
``column`` parameters and a ``wrap.history_*`` frame), never only the first.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.errors import Param, ScoringError
from scoring.quick import MAX_QUICK_VALUE, QuickGame

Cell = str | int | float | datetime.date | None
"""A spreadsheet cell as the file reader gives it (a datetime is a date)."""

MAX_TOTAL = 30_000  # a list's total must fit the site's score column (±32,767)
MAX_TABLE = 99
FIRST_YEAR = 1950
LAST_YEAR = 2100

DATE = "datum"
TABLE = "tisch"
IGNORED = frozenset({"spiel", "bock", "bemerkung"})
SKIP_WORDS = frozenset({"summe", "gesamt", "total"})
TABLE_SIZES = (4, 5)

_INT = re.compile(r"^[+\-−]?\d+$")
_DMY = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


class HistoryError(ScoringError):
    """A cell, row or sheet of a club's old spreadsheet that cannot be imported
    (``params``: ``sheet``, ``row``, ``column`` where known)."""


class Layout(StrEnum):
    GAMES = "spiele"
    TOTALS = "abende"


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet of a file: its name and its rows from the first (row 1) on."""

    name: str
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True, slots=True)
class HistoryList:
    """One list found: a table on a date, its seats (header names as written, column
    order), and either its games (each seat's points, ``None``: did not play) or its
    totals (the "Abende" layout)."""

    sheet: str
    row: int  # the first row of the list, as the spreadsheet numbers it
    date: datetime.date
    table: int
    seats: tuple[str, ...]
    games: tuple[tuple[int | None, ...], ...] = ()
    totals: tuple[int, ...] | None = None

    def quick_games(self) -> tuple[QuickGame, ...]:
        """The games as quick rows (names: the seats; checked shapes only)."""
        return tuple(_quick(self.seats, points) for points in self.games)


@dataclass(frozen=True, slots=True)
class History:
    """What a file holds: its lists in order, the player names of its headers (as written,
    in order of first appearance), the sheets skipped, and every problem."""

    lists: tuple[HistoryList, ...]
    names: tuple[str, ...]
    skipped: tuple[str, ...]
    errors: tuple[HistoryError, ...] = field(default=())

    @property
    def games(self) -> int:
        return sum(len(x.games) for x in self.lists)

    @property
    def dates(self) -> tuple[datetime.date, ...]:
        return tuple(sorted({x.date for x in self.lists}))


def header_key(cell: Cell) -> str:
    """A header cell as the layouts compare it: trimmed, case folded, no trailing ``:``."""
    text = "" if cell is None else str(cell)
    return " ".join(text.strip().rstrip(":").strip().casefold().split())


def _blank(cell: Cell) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


def _cell_error(
    code: str, sheet: str, row: int, column: str, params: dict[str, Param] | None = None
) -> HistoryError:
    return HistoryError(
        code,
        {**(params or {}), "sheet": sheet, "row": row, "column": column},
        context="wrap.history_cell",
    )


def _row_error(
    code: str, sheet: str, row: int, params: dict[str, Param] | None = None
) -> HistoryError:
    return HistoryError(
        code, {**(params or {}), "sheet": sheet, "row": row}, context="wrap.history_row"
    )


def _show(cell: Cell) -> str:
    return str(cell).strip()[:40]


def parse_points(cell: Cell) -> int | None:
    """A points cell: ``None`` for a blank; an int (a leading ``+`` allowed); ValueError
    for anything else."""
    if _blank(cell):
        return None
    if isinstance(cell, (bool, datetime.date)):
        raise ValueError(cell)
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float):
        if cell.is_integer():
            return int(cell)
        raise ValueError(cell)
    text = str(cell).strip().replace("−", "-")
    if _INT.match(text):
        return int(text)
    raise ValueError(cell)


def parse_date(cell: Cell) -> datetime.date:
    """A date cell (``TT.MM.JJJJ``, ``TT.MM.JJ`` as 20JJ, ``JJJJ-MM-TT`` or a date);
    ValueError otherwise."""
    if isinstance(cell, datetime.datetime):
        found = cell.date()
    elif isinstance(cell, datetime.date):
        found = cell
    elif isinstance(cell, str):
        text = cell.strip()
        if (m := _DMY.match(text)) is not None:
            year = int(m.group(3))
            found = datetime.date(
                2000 + year if year < 100 else year, int(m.group(2)), int(m.group(1))
            )
        elif (m := _ISO.match(text.split(" ")[0].split("T")[0])) is not None:
            found = datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        else:
            raise ValueError(cell)
    else:
        raise ValueError(cell)
    if not FIRST_YEAR <= found.year <= LAST_YEAR:
        raise ValueError(cell)
    return found


def _quick(seats: Sequence[str], points: Sequence[int | None]) -> QuickGame:
    scored = [(name, p) for name, p in zip(seats, points, strict=True) if p is not None]
    players = tuple(name for name, _p in scored)
    plus = [name for name, p in scored if p > 0]
    value = max(abs(p) for _n, p in scored)
    if not plus:
        return QuickGame(players=players, winners=(), value=0)
    if len(plus) == 2:
        return QuickGame(players=players, winners=tuple(plus), value=value)
    minus = [name for name, p in scored if p < 0]
    if len(plus) == 1:  # a won solo: +3v against three times -v
        return QuickGame(players=players, winners=tuple(plus), value=value // 3, soloist=plus[0])
    return QuickGame(players=players, winners=tuple(plus), value=value // 3, soloist=minus[0])


def game_shape(points: Sequence[int]) -> bool:
    """Whether four players' points (summing to 0) are a game's: two ``+v`` and two ``−v``,
    a solo ``±3v`` against three ``∓v``, or all 0 — and within the quick row's value."""
    ordered = sorted(points)
    if ordered == [0, 0, 0, 0]:
        return True
    low, high = ordered[0], ordered[3]
    if ordered[1] == low and ordered[2] == high and high == -low:  # a normal game
        return high <= MAX_QUICK_VALUE
    if ordered[1] == ordered[2] == high and low == -3 * high:  # a lost solo
        return high <= MAX_QUICK_VALUE
    if ordered[0] == ordered[1] == ordered[2] and high == -3 * low:  # a won solo
        return -low <= MAX_QUICK_VALUE
    return False


@dataclass
class _Columns:
    date: int
    table: int | None
    players: list[tuple[int, str]]  # (column index, header as written)


def _columns(sheet: Sheet, header_row: int, errors: list[HistoryError]) -> _Columns | None:
    header = sheet.rows[header_row]
    keys = [header_key(c) for c in header]
    if DATE not in keys:
        return None
    date, table = keys.index(DATE), keys.index(TABLE) if TABLE in keys else None
    players: list[tuple[int, str]] = []
    seen: dict[str, str] = {}
    for i, cell in enumerate(header):
        key = keys[i]
        if not key or key in (DATE, TABLE) or key in IGNORED:
            continue
        name = " ".join(str(cell).split()) if cell is not None else ""
        written = str(cell).strip()
        if key in seen:
            errors.append(
                _cell_error("history_duplicate_column", sheet.name, header_row + 1, written)
            )
            continue
        seen[key] = name
        players.append((i, written))
    return _Columns(date, table, players)


def _at(row: tuple[Cell, ...], i: int | None) -> Cell:
    return row[i] if i is not None and i < len(row) else None


@dataclass
class _Reader:
    layout: Layout
    errors: list[HistoryError] = field(default_factory=list)
    games: dict[tuple[datetime.date, int], list[tuple[str, int, dict[str, int]]]] = field(
        default_factory=dict
    )
    columns: dict[tuple[datetime.date, int], dict[str, int]] = field(default_factory=dict)
    totals: list[HistoryList] = field(default_factory=list)
    totals_at: dict[tuple[datetime.date, int], int] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)

    def sheet(self, sheet: Sheet) -> bool:
        first = next((i for i, row in enumerate(sheet.rows) if not all(map(_blank, row))), None)
        if first is None:
            return False
        cols = _columns(sheet, first, self.errors)
        if cols is None:
            return False
        for _i, name in cols.players:
            if name not in self.names:
                self.names.append(name)
        date: datetime.date | None = None
        for index in range(first + 1, len(sheet.rows)):
            row, number = sheet.rows[index], index + 1
            if all(map(_blank, row)):
                continue
            cell = _at(row, cols.date)
            if isinstance(cell, str) and header_key(cell) in SKIP_WORDS:
                continue
            if not _blank(cell):
                try:
                    date = parse_date(cell)
                except ValueError:
                    self.errors.append(
                        _cell_error(
                            "history_bad_date",
                            sheet.name,
                            number,
                            str(sheet.rows[first][cols.date]).strip(),
                            {"value": _show(cell)},
                        )
                    )
                    continue
            self.row(sheet, cols, row, number, date)
        return True

    def row(
        self,
        sheet: Sheet,
        cols: _Columns,
        row: tuple[Cell, ...],
        number: int,
        date: datetime.date | None,
    ) -> None:
        points: dict[str, int] = {}
        bad = False
        for i, name in cols.players:
            try:
                value = parse_points(_at(row, i))
            except ValueError:
                self.errors.append(
                    _cell_error(
                        "history_not_a_number", sheet.name, number, name, {"value": _show(row[i])}
                    )
                )
                bad = True
                continue
            if value is not None:
                if abs(value) > MAX_TOTAL:
                    self.errors.append(
                        _cell_error(
                            "history_too_high",
                            sheet.name,
                            number,
                            name,
                            {"value": value, "max": MAX_TOTAL},
                        )
                    )
                    bad = True
                points[name] = value
        table = 1
        table_cell = _at(row, cols.table)
        if not _blank(table_cell):
            try:
                parsed = parse_points(table_cell)
            except ValueError:
                parsed = None
            if parsed is None or not 1 <= parsed <= MAX_TABLE:
                self.errors.append(
                    _cell_error(
                        "history_bad_table",
                        sheet.name,
                        number,
                        "Tisch",
                        {"value": _show(table_cell)},
                    )
                )
                return
            table = parsed
        if bad or not points:
            return  # a row of its date only (or already reported)
        if date is None:
            self.errors.append(_row_error("history_no_date", sheet.name, number))
            return
        total = sum(points.values())
        if self.layout is Layout.GAMES:
            if len(points) != 4:
                self.errors.append(
                    _row_error("history_player_count", sheet.name, number, {"count": len(points)})
                )
            elif total:
                self.errors.append(
                    _row_error("history_sum", sheet.name, number, {"sum": f"{total:+d}"})
                )
            elif not game_shape(list(points.values())):
                shown = ", ".join(f"{n} {p:+d}" for n, p in points.items())
                self.errors.append(
                    _row_error("history_shape", sheet.name, number, {"points": shown})
                )
            else:
                key = (date, table)
                self.games.setdefault(key, []).append((sheet.name, number, points))
                seen = self.columns.setdefault(key, {})
                for column, name in cols.players:
                    if name in points:
                        seen.setdefault(name, column)
            return
        if len(points) not in TABLE_SIZES:
            self.errors.append(
                _row_error(
                    "history_player_count",
                    sheet.name,
                    number,
                    {"count": len(points), "variant": "totals"},
                )
            )
        elif total:
            self.errors.append(
                _row_error("history_sum", sheet.name, number, {"sum": f"{total:+d}"})
            )
        elif (date, table) in self.totals_at:
            self.errors.append(
                _row_error(
                    "history_table_twice",
                    sheet.name,
                    number,
                    {
                        "table": table,
                        "date": f"{date:%d.%m.%Y}",
                        "other": self.totals_at[(date, table)],
                    },
                )
            )
        else:
            self.totals_at[(date, table)] = number
            seats = tuple(n for _i, n in cols.players if n in points)
            self.totals.append(
                HistoryList(
                    sheet=sheet.name,
                    row=number,
                    date=date,
                    table=table,
                    seats=seats,
                    totals=tuple(points[n] for n in seats),
                )
            )

    def game_lists(self) -> list[HistoryList]:
        out = []
        for (date, table), rows in self.games.items():
            sheet, first, _p = rows[0]
            # Seats in column order: the order of the header that first names each.
            columns = self.columns[(date, table)]
            seats = tuple(sorted(columns, key=columns.__getitem__))
            if len(seats) not in TABLE_SIZES:
                self.errors.append(
                    _row_error(
                        "history_table_size",
                        sheet,
                        first,
                        {"count": len(seats), "table": table, "date": f"{date:%d.%m.%Y}"},
                    )
                )
                continue
            games = tuple(tuple(points.get(s) for s in seats) for _s, _n, points in rows)
            out.append(HistoryList(sheet, first, date, table, seats, games=games))
        return out


def read_history(sheets: Sequence[Sheet], layout: Layout = Layout.GAMES) -> History:
    """Every sheet of a file read by ``layout``; sheets without a layout's header skipped.
    The result carries every problem found (``errors``): a file with any is refused."""
    reader = _Reader(layout)
    skipped = [sheet.name for sheet in sheets if not reader.sheet(sheet)]
    lists = reader.totals if layout is Layout.TOTALS else reader.game_lists()
    if not lists and not reader.errors:
        reader.errors.append(HistoryError("history_nothing", {"sheets": len(sheets)}))
    lists.sort(key=lambda x: (x.date, x.table))
    return History(tuple(lists), tuple(reader.names), tuple(skipped), tuple(reader.errors))
