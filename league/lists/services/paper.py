"""Results typed from a paper list: a table's final totals instead of its games."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from league.core.audit import User, audit_record
from league.core.errors import ServiceError
from league.lists.models import PaperEntry, ScoreLine, Spielliste, StatLine
from league.lists.selectors import PAPER_ACCEPTED, paper_status
from league.lists.services.context import (
    Line,
    check_open,
    lines_store,
    lock,
    totals_of,
    touch,
)
from league.lists.stats import stats_store
from league.lists.strength import rating_touch
from scoring.errors import ScoringError
from scoring.totals import Notice, check_totals


@transaction.atomic
def paper_entry_save(
    *,
    spielliste: Spielliste,
    entry: int,
    totals: Mapping[int, int],
    deduction: Mapping[int, int] | None = None,
    double_entry: bool = False,
    user: User = None,
) -> tuple[str, tuple[Notice, ...]]:
    """A table's final totals typed from its paper list (``{position: points}``).

    Checked like a list's final row (zero sum but for declared 9.7.2 b deductions). Without
    double entry the totals count at once; with it, ``entry`` 1 and 2 are typed blind by
    two people and count only once they agree. A list with games or penalty rows refuses
    (409): its games are the result. Returns the status (``accepted``, ``waiting`` or
    ``differs``) and the check's warnings (e.g. a parity pattern that suggests a typo).
    """
    liste = lock(spielliste)
    check_open(liste, None)
    if entry not in (1, 2) or (entry == 2 and not double_entry):
        raise ServiceError("paper_entry_invalid", field="entry")
    if liste.ended_early:
        raise ServiceError("list_ended_early")
    if liste.games_played or liste.penalty_rows.exists():
        raise ServiceError("list_has_games")
    seats = list(liste.seats.all())
    names = {s.position: s.name for s in seats}
    deduction = {p: v for p, v in (deduction or {}).items() if v}
    if set(totals) != set(names) or not set(deduction) <= set(names):
        raise ServiceError("paper_seat_count", {"seats": len(names)}, field="totals")
    try:
        checked = check_totals(
            [names[p] for p in sorted(names)],
            {names[p]: v for p, v in totals.items()},
            {names[p]: v for p, v in deduction.items()},
        )
    except ScoringError as err:
        raise ServiceError.from_scoring(err) from None
    stored_totals = {str(p): int(totals[p]) for p in sorted(names)}
    stored_deduction = {str(p): int(v) for p, v in sorted(deduction.items())}
    PaperEntry.objects.update_or_create(
        spielliste=liste,
        entry=entry,
        defaults={"totals": stored_totals, "deduction": stored_deduction},
    )
    status = paper_status(list(liste.paper_entries.all()), double_entry=double_entry)
    lines: list[Line] = []
    if status == PAPER_ACCEPTED:  # each player's counted total, a line of no game
        lines = [(None, None, s.player_id, stored_totals[str(s.position)]) for s in seats]
    lines_store(liste, lines)
    stats_store(liste, None, seats, (), totals_of(lines))
    liste.totals_only = True
    liste.complete = status == PAPER_ACCEPTED
    touch(liste, user)
    audit_record(
        user=user,
        action="paper",
        target=liste,
        item=entry,
        after={
            "totals": {names[int(p)]: v for p, v in stored_totals.items()},
            "deduction": {names[int(p)]: v for p, v in stored_deduction.items()},
            "status": status,
        },
    )
    spielliste.version, spielliste.complete = liste.version, liste.complete
    spielliste.totals_only = True
    return status, checked.warnings


@transaction.atomic
def paper_result_clear(*, spielliste: Spielliste, user: User = None) -> Spielliste:
    """Remove the totals typed from paper, e.g. to enter the list game by game instead."""
    liste = lock(spielliste)
    check_open(liste, None)
    if not liste.totals_only:
        raise ServiceError("list_not_from_paper")
    before = {str(e.entry): e.totals for e in liste.paper_entries.all()}
    PaperEntry.objects.filter(spielliste=liste).delete()
    ScoreLine.objects.filter(spielliste=liste).delete()
    StatLine.objects.filter(spielliste=liste).delete()
    liste.totals_only = False
    liste.complete = False
    touch(liste, user)
    rating_touch(liste)  # no longer rated: the figures from its date on follow
    audit_record(user=user, action="paper_clear", target=liste, before=before)
    spielliste.version, spielliste.totals_only = liste.version, False
    spielliste.complete = False
    return liste
