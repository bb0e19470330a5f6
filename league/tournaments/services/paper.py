"""Results typed from a round's paper lists: all tables or none."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction

from league.core.audit import User
from league.core.errors import ServiceError
from league.lists import services as list_services
from league.tournaments.models import TournamentRound
from scoring.totals import Notice


@dataclass(frozen=True)
class PaperTable:
    """One table's totals from its paper list, by seat position."""

    table: int
    totals: Mapping[int, int]
    deduction: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PaperSaved:
    """A table's typed totals, saved: whether they count yet, and the check's warnings."""

    table: int
    status: str  # accepted / waiting / differs
    warnings: tuple[Notice, ...] = ()


@transaction.atomic
def round_paper_results(
    *,
    tournament_round: TournamentRound,
    entry: int,
    tables: Sequence[PaperTable],
    user: User = None,
) -> list[PaperSaved]:
    """Totals typed from the round's paper lists, all tables or none: the first refusal
    names its table and nothing is written."""
    rnd = TournamentRound.objects.select_for_update().get(pk=tournament_round.pk)
    if rnd.closed:
        raise ServiceError("round_closed")
    if not tables:
        raise ServiceError("paper_no_tables", field="tables")
    by_number = {
        rt.number: rt.spielliste for rt in rnd.tables.select_related("spielliste").order_by()
    }
    seen: set[int] = set()
    out = []
    for typed in tables:
        if typed.table in seen:
            raise ServiceError("paper_table_twice", {"table": typed.table}, field="tables")
        seen.add(typed.table)
        liste = by_number.get(typed.table)
        if liste is None:
            raise ServiceError("paper_table_unknown", {"table": typed.table}, field="tables")
        try:
            status, warnings = list_services.paper_entry_save(
                spielliste=liste,
                entry=entry,
                totals=typed.totals,
                deduction=typed.deduction,
                double_entry=rnd.tournament.double_entry,
                user=user,
            )
        except ServiceError as err:
            wrapped = ServiceError(
                err.code, err.params, field="tables", game=err.game, cause=err.cause
            )
            wrapped.frame = "paper_table_refused"
            wrapped.params["table"] = typed.table
            raise wrapped from None
        out.append(PaperSaved(typed.table, status, warnings))
    return out
