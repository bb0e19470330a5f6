"""Reads for a club's history import (history-import.md): whom each name of the file means
(``scoring.people.match``: the club's members first, then every player record), the
decisions taken on the proposals, and everything that refuses the file — the preview the
console prints and the club page shows. The write is ``services.club_history_import``.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from league.clubs.models import Club, Player
from league.core.dates import FIRST_DAY, last_day
from league.evenings.models import EveningTable
from scoring.history import History, HistoryError
from scoring.people import Candidate, Outcome, match, normalise, parse_ddv

SAME, MAYBE, NEW, MAPPED = "same", "maybe", "new", "mapped"


@dataclass(frozen=True, slots=True)
class Proposal:
    id: int
    name: str
    club: str
    member: bool


@dataclass(frozen=True, slots=True)
class NameChoice:
    """One name of the file's headers: what it matched or what is proposed for it.
    ``status``: ``same`` (matched without asking), ``mapped`` (decided: that player),
    ``new`` (a new record: nobody close, or decided), ``maybe`` (undecided proposals)."""

    name: str  # as written in the header
    key: str  # normalised: the decisions' key
    display: str  # the name without its "(DDV n)"
    ddv: str
    status: str
    player_id: int | None
    player_name: str
    proposals: tuple[Proposal, ...]


@dataclass(frozen=True, slots=True)
class EveningRow:
    date: datetime.date
    lists: int
    games: int
    replaced: int  # imported lists of that evening a replace removes


@dataclass(frozen=True, slots=True)
class Preview:
    file_name: str
    history: History
    names: tuple[NameChoice, ...]
    evenings: tuple[EveningRow, ...]
    errors: tuple[HistoryError, ...]

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def new_people(self) -> int:
        return len({n.key for n in self.names if n.status == NEW})

    @property
    def matched(self) -> int:
        return len({n.player_id for n in self.names if n.status in (SAME, MAPPED)})


def decision_key(name: str) -> str:
    """The key a decision ("NAME=ID", "new NAME") and a header name meet on."""
    return normalise(parse_ddv(name)[0])


def _candidates() -> list[Candidate]:
    return [
        Candidate(pk, name, ddv or None, frozenset({club_id}) if club_id else frozenset())
        for pk, name, ddv, club_id in Player.objects.values_list(
            "pk", "name", "ddv_number", "club_id"
        ).iterator(chunk_size=5000)
    ]


def _choices(
    club: Club, names: tuple[str, ...], mapping: Mapping[str, int], new: Collection[str]
) -> tuple[list[NameChoice], list[HistoryError]]:
    errors: list[HistoryError] = []
    candidates = _candidates()
    keys = {decision_key(n) for n in names}
    for written in [*mapping, *new]:
        if decision_key(written) not in keys:
            errors.append(HistoryError("history_unknown_name", {"name": written}))
    mapped = {decision_key(k): v for k, v in mapping.items()}
    made_new = {decision_key(n) for n in new}
    found = []
    for name in names:
        display, ddv = parse_ddv(name)
        result = match(name, candidates, club=club.pk)
        found.append(
            (
                name,
                decision_key(name),
                display,
                ddv or "",
                result.outcome,
                result.candidate_ids,
                result.same_id,
            )
        )
    ids = {i for *_rest, cands, _same in found for i in cands} | set(mapping.values())
    wanted = Player.objects.select_related("club").in_bulk(ids)
    by_id = wanted
    out: list[NameChoice] = []
    for name, key, display, ddv, outcome, cands, same in found:
        proposals = tuple(
            Proposal(
                i,
                wanted[i].name,
                club_name.name if (club_name := wanted[i].club) is not None else "",
                wanted[i].club_id == club.pk,
            )
            for i in cands
            if i in wanted
        )
        if key in mapped:
            pid = mapped[key]
            player = by_id.get(pid)
            if player is None:
                errors.append(HistoryError("history_unknown_player", {"name": name, "id": pid}))
                status, pid_or_none, pname = MAYBE, None, ""
            else:
                status, pid_or_none, pname = MAPPED, pid, player.name
        elif key in made_new or outcome is Outcome.NONE:
            status, pid_or_none, pname = NEW, None, display
        elif outcome is Outcome.SAME and same is not None:
            status, pid_or_none, pname = SAME, same, wanted[same].name
        else:
            status, pid_or_none, pname = MAYBE, None, ""
            shown = ", ".join(f"{p.name} ({p.id})" for p in proposals[:5])
            errors.append(HistoryError("history_undecided", {"name": name, "candidates": shown}))
        out.append(NameChoice(name, key, display, ddv, status, pid_or_none, pname, proposals))
    return out, errors


def person_of(choice: NameChoice) -> int | str:
    """What a name means at the write: a player id, or the key of a new person."""
    return choice.player_id if choice.player_id is not None else f"new:{choice.key}"


def history_preview(
    *,
    club: Club,
    history: History,
    file_name: str,
    mapping: Mapping[str, int] | None = None,
    new: Collection[str] = (),
    replace: bool = False,
) -> Preview:
    """Everything the file would import and everything that refuses it."""
    names, errors = _choices(club, history.names, mapping or {}, new)
    people = {c.name: person_of(c) for c in names}
    for x in history.lists:
        seen: dict[int | str, str] = {}
        for seat in x.seats:
            who = people[seat]
            if who in seen:
                errors.append(
                    HistoryError(
                        "history_same_seat",
                        {"name": seen[who], "other": seat, "sheet": x.sheet, "row": x.row},
                        context="wrap.history_row",
                    )
                )
            seen[who] = seat
    last = last_day()
    errors.extend(
        HistoryError(
            "history_date_range",
            {
                "date": f"{date:%d.%m.%Y}",
                "first": f"{FIRST_DAY:%d.%m.%Y}",
                "last": f"{last:%d.%m.%Y}",
            },
        )
        for date in history.dates
        if not FIRST_DAY <= date <= last
    )
    imported = (
        EveningTable.objects.filter(evening__club=club, evening__date__in=history.dates)
        .exclude(imported_from="")
        .values_list("evening__date", "imported_from")
    )
    held: dict[datetime.date, list[str]] = {}
    for date, source in imported:
        held.setdefault(date, []).append(source)
    if not replace:
        errors.extend(
            HistoryError(
                "history_already_imported",
                {"date": f"{date:%d.%m.%Y}", "file": ", ".join(sorted(set(files)))},
            )
            for date, files in sorted(held.items())
        )
    evenings = tuple(
        EveningRow(
            date,
            sum(1 for x in history.lists if x.date == date),
            sum(len(x.games) for x in history.lists if x.date == date),
            len(held.get(date, ())),
        )
        for date in history.dates
    )
    return Preview(file_name, history, tuple(names), evenings, (*history.errors, *errors))
