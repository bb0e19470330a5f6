"""The standings' version: everything the standings depend on, in one compiled query per
variant (the ETag of every phone's poll)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import (
    Aggregate,
    Case,
    CharField,
    Count,
    DateTimeField,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    TextField,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Concat

from league.core.compiled import first_row
from league.lists.models import Spielliste
from league.tournaments.access import can_organise, can_read_tournament
from league.tournaments.models import Participant, Tournament, TournamentRound

CLOSED = TournamentRound.Status.CLOSED


def standings_version(
    *,
    tournament_id: int,
    provisional: bool = True,
    reader: Any = None,
    participant_id: int | None = None,
) -> str | None:
    """Everything the standings (and the pages showing them) depend on, in one query: the
    tournament's own settings, the counted lists' versions and last change (each write bumps
    both, confirmations too), the rounds with their status and start, and the participants
    with their names, clubs and privacy. None when there is no such tournament.
    (league.core.conditional turns it into ETags and cache keys.)

    Only closed rounds count unless ``provisional`` (competitions.md "Live standings"), so
    the counted view's version reads only the closed rounds' lists: a game entered in the
    running round leaves it unchanged and the phones polling it get 304s all round long.
    The SQL is compiled once per process and variant: this runs on every poll of every
    phone. With ``reader`` (an account or anonymous), None also for a members-only
    tournament or a Probelauf he may not read (no ETag, so no 304: the view refuses) — the
    same query says whether it is either, so a phone's poll stays one query.

    With ``participant_id``: what one participant's page shows (his lists, as player or
    substitute, instead of every list) — a game at another table leaves it unchanged, so the
    hall's phones and the followers at home share one rendering of his page per change of
    his own table (issue 31), not one per save anywhere."""
    if not 0 < tournament_id < 2**63:  # an id no column holds: no such tournament
        return None
    if participant_id is not None and not 0 < participant_id < 2**63:
        return None
    row = _version_row(tournament_id, provisional, public=False, participant=participant_id)
    if row is None:
        return None
    members_only, silent_rounds, closed_at, rehearsal = row[0], row[6], row[7], row[15]
    if (
        (members_only or rehearsal)
        and reader is not None
        and not can_read_tournament(
            reader, Tournament(pk=tournament_id, members_only=members_only, rehearsal=rehearsal)
        )
    ):
        return None
    public = bool(
        silent_rounds
        and closed_at is None
        and reader is not None
        and not can_organise(reader, Tournament(pk=tournament_id))
    )
    if public:
        # Silent rounds hidden from this reader (access.round_silent_to): a game entered
        # at a silent table changes nothing he is shown, so not his version either (a new
        # answer would tell him so). Two queries more, only while the silence lasts.
        row = _version_row(tournament_id, provisional, public=True, participant=participant_id)
        if row is None:
            return None
    return hashlib.sha256(repr((provisional, public, participant_id, *row)).encode()).hexdigest()[
        :32
    ]


def _version_row(
    tournament_id: int, provisional: bool, *, public: bool, participant: int | None
) -> Any:
    """The version's one row, its SQL compiled once per process and variant."""
    one = participant is not None
    values = (tournament_id, participant) if participant is not None else (tournament_id,)
    return first_row(
        ("standings_version", provisional, public, one),
        lambda tid, pid=None: _version_query(tid, provisional, public, pid),
        *values,
    )


def _version_query(
    tournament_id: int, provisional: bool, public: bool, participant: int | None = None
) -> QuerySet[Any]:
    lists = Spielliste.objects.filter(
        round_table__tournament_round__tournament=OuterRef("pk")
    ).order_by()
    if participant is not None:  # his lists only: as a player or as a substitute
        his = Participant.objects.filter(pk=participant).values("player_id")
        lists = lists.filter(
            Q(seats__player__in=Subquery(his)) | Q(substitutions__player__in=Subquery(his))
        )
    if not provisional:
        lists = lists.filter(round_table__tournament_round__status=CLOSED)
    if public:  # without the silent rounds' lists (the caller knows the silence lasts)
        rnd = "round_table__tournament_round__"
        lists = lists.filter(
            **{
                f"{rnd}number__lte": F(f"{rnd}tournament__rounds_planned")
                - F(f"{rnd}tournament__silent_rounds")
            }
        )
    rounds = TournamentRound.objects.filter(tournament=OuterRef("pk")).order_by()
    entries = Participant.objects.filter(tournament=OuterRef("pk")).order_by()

    def total(qs: QuerySet[Any], expr: Any, out: Any = None) -> Subquery:
        agg = qs.values(_GROUP[qs.model]).annotate(x=expr).values("x")
        return Subquery(agg, output_field=out or IntegerField())

    closed = Case(When(status=CLOSED, then=F("number")), default=Value(0))
    name = Concat(
        Cast("pk", CharField()),
        Value(":"),
        Cast("player_id", CharField()),
        Value(":"),
        "player__ddv_number",
        Value(":"),
        "player__name",
        Value(":"),
        Coalesce("player__club__name", Value("")),
        Value(":"),
        Cast("player__hide_name", CharField()),
        Cast("withdrawn", CharField()),
        Cast("number", CharField()),
        # Checked in (issue 36): the board's list of who is missing changes at once.
        Case(When(checked_in_at__isnull=True, then=Value("-")), default=Value("+")),
        output_field=CharField(),
    )
    return (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(
            lists_n=total(lists, Count("pk")),
            lists_v=total(lists, Sum("version")),
            lists_at=total(lists, Max("updated_at"), DateTimeField()),
            rounds_n=total(rounds, Count("pk")),
            rounds_closed=total(rounds, Sum(closed)),
            # The round clock (projector, board) runs from the latest start.
            rounds_started=total(rounds, Max("started_at"), DateTimeField()),
            entries=total(entries, _TextAgg(name), TextField()),
        )
        .values_list(
            "members_only",
            "name",
            "rounds_planned",
            "tie_breaks",
            "require_confirmation",
            "round_minutes",
            "silent_rounds",
            "closed_at",
            "lists_n",
            "lists_v",
            "lists_at",
            "rounds_n",
            "rounds_closed",
            "rounds_started",
            "entries",
            "rehearsal",
        )
    )


class _TextAgg(Aggregate):
    """The rows' texts joined (GROUP_CONCAT on SQLite, STRING_AGG on PostgreSQL)."""

    function = "GROUP_CONCAT"
    output_field = TextField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(
            compiler,
            connection,
            function="STRING_AGG",
            template="%(function)s(%(distinct)s%(expressions)s, '|')",
            **extra,
        )


_GROUP: dict[Any, str] = {
    Spielliste: "round_table__tournament_round__tournament",
    TournamentRound: "tournament",
    Participant: "tournament",
}
