"""Shape engine results for display. Arithmetic comes from scoring/, never from here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.core import messages
from league.core.messages import render
from league.lists.chart import Series, running_totals_svg
from league.lists.selectors import ListeSnapshot, SubstitutionView
from scoring import GameRecord, GameResult, Kind, Party, score_game
from scoring.records import TOTAL_AUGEN
from scoring.results import ITEM_TSR
from scoring.round import Row


@dataclass(frozen=True)
class PlayerPoints:
    name: str
    party: str
    points: int


@dataclass(frozen=True)
class BreakdownRow:
    item: str  # TSR item, e.g. "7.2.2 a"
    label: str  # in the active language
    party: str  # "re" / "kontra"
    points: int


@dataclass(frozen=True)
class ResultSummary:
    record: GameRecord
    result: GameResult
    re_points: int
    kontra_points: int
    players: tuple[PlayerPoints, ...]
    lines: tuple[BreakdownRow, ...]

    @property
    def kontra_augen(self) -> int:
        return TOTAL_AUGEN - self.record.re_augen

    @property
    def multiplier(self) -> int:
        return 3 if self.result.solo_like else 1


def result_summary(record: GameRecord, result: GameResult | None = None) -> ResultSummary:
    result = result or score_game(record)
    return ResultSummary(
        record=record,
        result=result,
        re_points=result.party_points(Party.RE),
        kontra_points=result.party_points(Party.KONTRA),
        players=tuple(
            PlayerPoints(name, "re" if name in record.re else "kontra", pts)
            for name, pts in result.points.items()
        ),
        lines=tuple(
            BreakdownRow(
                ITEM_TSR[line.key],
                messages.label("item", line.key),
                line.party.value,
                line.points,
            )
            for line in result.breakdown
        ),
    )


# --- the Spielliste as on paper ----------------------------------------------------------


def kind_label(record: GameRecord) -> str:
    """The short kind of a list row: "Damen", "Hochzeit (allein)", "Stille H.", "" (normal)."""
    if record.solo is not None:
        return messages.label("solo_short", record.solo.value)
    if record.kind is Kind.HOCHZEIT and record.solo_like:
        return render("row_hochzeit_alone")
    if record.kind is Kind.STILLE_HOCHZEIT:
        return render("row_stille_hochzeit")
    if record.kind in (Kind.HOCHZEIT, Kind.ARMUT):
        return messages.label("kind", record.kind.value)
    return ""


@dataclass(frozen=True)
class Cell:
    points: int | None
    total: int
    plus: bool
    sitting_out: bool
    dealer: bool = False


@dataclass(frozen=True)
class ListRow:
    number: int
    is_penalty: bool
    dealer: str
    kind_label: str
    pflicht: bool
    vorfuehrung: bool
    cells: tuple[Cell, ...]
    ok: bool
    zero_sum: bool
    parity: bool | None
    penalty_label: str = ""
    penalty_id: int | None = None
    bock: int = 1  # house rules: the game's Bock factor
    is_redeal: bool = False  # house rules: "neu gegeben"
    is_quick: bool = False  # a quick-entry row (winners and value)


def list_rows(snapshot: ListeSnapshot) -> list[ListRow]:
    """Rows for the list page and the PDF, one per game or penalty row."""
    state = snapshot.state
    if state is None:
        return []
    seats = state.seats
    rows = []
    for row in state.rows:
        if row.redeal:
            label, penalty_label, pid = render("row_redeal"), "", None
        elif row.quick is not None:
            label, penalty_label, pid = render("row_quick"), "", None
        elif row.penalty is None:
            rec = row.record
            assert rec is not None  # a game row carries its record
            label = kind_label(rec)
            if row.voided:
                label = render("row_voided", {"label": label})
            penalty_label, pid = "", None
        else:
            label = render("row_penalty")
            penalty_label = render(
                "penalty_row",
                {
                    "kind": messages.label("penalty_short", row.penalty.kind.value),
                    "offender": row.penalty.offender,
                },
            )
            pid = snapshot.penalty_of[id(row.penalty)].pk
        cells = tuple(
            Cell(
                points=None
                if name == row.sitting_out and row.points[name] == 0
                else row.points[name],
                total=row.totals[name],
                plus=row.points[name] > 0,
                sitting_out=name == row.sitting_out,
                dealer=row.penalty is None and name == row.dealer,
            )
            for name in seats
        )
        rows.append(
            ListRow(
                number=row.game,
                is_penalty=row.penalty is not None,
                dealer=row.dealer,
                kind_label=label,
                pflicht=row.pflicht,
                vorfuehrung=row.vorfuehrung,
                cells=cells,
                ok=row.check.ok,
                zero_sum=row.check.zero_sum,
                parity=row.check.parity,
                penalty_label=penalty_label,
                penalty_id=pid,
                bock=row.bock,
                is_redeal=row.redeal,
                is_quick=row.quick is not None,
            )
        )
    return rows


@dataclass(frozen=True)
class PflichtsoloEntry:
    player: str
    game: int | None
    solo: str
    points: int | None
    vorfuehrung: bool


def pflichtsolo_section(snapshot: ListeSnapshot) -> list[PflichtsoloEntry]:
    """The list's own Pflichtsolo section (4.2.4): one line per seat."""
    state = snapshot.state
    if state is None:
        return []
    by_player: dict[str, Row] = {}
    for row in state.rows:
        if row.pflicht and row.record is not None and row.record.soloist:
            by_player[row.record.soloist] = row
    out = []
    for name in state.seats:
        found = by_player.get(name)
        if found is None:
            out.append(PflichtsoloEntry(name, None, "", None, False))
            continue
        solo = found.record.solo if found.record is not None else None
        out.append(
            PflichtsoloEntry(
                player=name,
                game=found.game,
                solo=messages.label("solo_short", solo.value) if solo else "",
                points=found.points[name],
                vorfuehrung=found.vorfuehrung,
            )
        )
    return out


# --- the phone list: initials, the running-totals chart -------------------------------


def initials(names: list[str]) -> list[str]:
    """Short column heads for the phone list, distinct within the table: "Anna Schäfer" →
    "AS", a single name → its first two letters ("Anna" → "An"); on a clash more letters of
    the last part are taken ("AnS", "AnSc" …), and as a last resort the seat number."""

    def short(name: str, extra: int) -> str:
        parts = name.replace("(", " ").replace(")", " ").split()
        if not parts:
            return "?"
        if len(parts) == 1:
            return parts[0][: 2 + extra]
        return parts[0][:1].upper() + parts[-1][: 1 + extra]

    out = [short(n, 0) for n in names]
    for extra in range(1, 4):
        clashes = {s.casefold() for s in out if [o.casefold() for o in out].count(s.casefold()) > 1}
        if not clashes:
            return out
        out = [
            short(n, extra) if s.casefold() in clashes else s
            for n, s in zip(names, out, strict=True)
        ]
    seen: set[str] = set()
    final = []
    for i, s in enumerate(out, start=1):
        final.append(s if s.casefold() not in seen else f"{s}{i}")
        seen.add(s.casefold())
    return final


def list_chart(snapshot: ListeSnapshot, *, title: str, x_label: str) -> str:
    """The list's running totals (every game and penalty row one step) as SVG markup."""
    state = snapshot.state
    if state is None or not state.rows:
        return ""
    names = list(state.seats)
    shorts = initials(names)
    return running_totals_svg(
        [
            Series(name, short, tuple(row.totals[name] for row in state.rows))
            for name, short in zip(names, shorts, strict=True)
        ],
        title=title,
        x_label=x_label,
    )


def kind_word(record: GameRecord | None) -> str:
    """A game's kind in words for a player's page: "Damensolo", "Normalspiel", "Hochzeit"."""
    if record is None:
        return render("row_penalty")
    if record.solo is not None:
        return messages.label("solo", record.solo.value)
    label = kind_label(record)
    return label or messages.label("kind", record.kind.value)


def dealers_named(rows: list[ListRow], subs: Sequence[SubstitutionView]) -> list[ListRow]:
    """The rows with the dealer named as he dealt: a substitute from his first game on
    (the record keeps the seat's name)."""
    if not subs:
        return rows
    out = []
    for row in rows:
        sub = next(
            (s for s in subs if s.seat_name == row.dealer and row.number >= s.from_game), None
        )
        out.append(replace(row, dealer=sub.name) if sub is not None and row.dealer else row)
    return out


@dataclass(frozen=True)
class Head:
    name: str
    short: str


def seat_heads(snapshot: ListeSnapshot, playing: Mapping[str, str] | None = None) -> list[Head]:
    """The list's column heads: each seat's name and initials; a seat a substitute plays
    (``playing``: seat name → his name) names him, "Erika (für Anna)", by his initials."""
    playing = playing or {}
    names = snapshot.seat_names
    shown = [playing.get(n, n) for n in names]
    return [
        Head(
            _("%(new)s (für %(old)s)") % {"new": playing[n], "old": n} if n in playing else n,
            s,
        )
        for n, s in zip(names, initials(shown), strict=True)
    ]


def numbers_text(numbers: Sequence[int]) -> str:
    """Game numbers as ranges: (3, 4, 5, 6, 9) → "3–6, 9"."""
    spans: list[list[int]] = []
    for n in sorted(set(numbers)):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in spans)


def corrected_text(number: int, revalued: Sequence[int], rebocked: Sequence[int]) -> str:
    """What a correction changed: "Spiel 2 berichtigt; Spiele 3–6 neu bewertet (Bock)."."""
    if not revalued:
        return _("Spiel %(n)d berichtigt.") % {"n": number}
    params = {"n": number, "games": numbers_text(revalued)}
    if rebocked:
        return (
            ngettext(
                "Spiel %(n)d berichtigt; Spiel %(games)s neu bewertet (Bock).",
                "Spiel %(n)d berichtigt; Spiele %(games)s neu bewertet (Bock).",
                len(revalued),
            )
            % params
        )
    return (
        ngettext(
            "Spiel %(n)d berichtigt; Spiel %(games)s neu bewertet.",
            "Spiel %(n)d berichtigt; Spiele %(games)s neu bewertet.",
            len(revalued),
        )
        % params
    )
