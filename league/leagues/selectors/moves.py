"""Moving a Spieltag (issue 24, item 6), the reads: a request as the pages show it with each
other team's answer, a group's open or latest request, the league's open requests and the
Spieltage an open request would move (the writes: ``league.leagues.services.moves``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Case, When

from league.leagues.models import League, Spieltag, SpieltagMove, Team
from league.leagues.selectors.league import spieltag_label

OPEN = SpieltagMove.State.OPEN


@dataclass(frozen=True)
class MoveAnswer:
    team: Team
    answer: str  # "accepted", "declined" or "" (not yet)


@dataclass(frozen=True)
class MoveView:
    """A request as a page shows it: each other team's answer, whether all accepted."""

    move: SpieltagMove
    answers: tuple[MoveAnswer, ...]

    @property
    def all_accepted(self) -> bool:
        return all(a.answer == "accepted" for a in self.answers)

    @property
    def waiting(self) -> list[Team]:
        """The other teams that have not answered yet."""
        return [a.team for a in self.answers if not a.answer]


def move_view(move: SpieltagMove, group_teams: Sequence[Team]) -> MoveView:
    """``move`` with its answers prefetched or read (one query)."""
    given = {a.team_id: a.accept for a in move.answers.all()}
    return MoveView(
        move=move,
        answers=tuple(
            MoveAnswer(
                team=t,
                answer="" if t.pk not in given else ("accepted" if given[t.pk] else "declined"),
            )
            for t in group_teams
            if t.pk != move.team_id
        ),
    )


def spieltag_moves(
    spieltag: Spieltag, group_teams: Sequence[Team]
) -> tuple[MoveView | None, SpieltagMove | None]:
    """The group's open request (a view, with its answers), else its latest decided one:
    one query, two with an open request."""
    latest = (
        SpieltagMove.objects.filter(spieltag__group_id=spieltag.group_id)
        .select_related("team", "spieltag")
        .order_by(Case(When(state=OPEN, then=0), default=1), "-created_at", "-pk")
        .first()
    )
    if latest is None:
        return None, None
    if latest.state == OPEN:
        return move_view(latest, group_teams), None
    return None, latest


def open_moves(*, league: League) -> list[tuple[str, MoveView]]:
    """The league's open requests for its organiser's page: (label, view), oldest first."""
    moves = (
        SpieltagMove.objects.filter(state=OPEN, spieltag__group__group_round__league=league)
        .select_related("team", "spieltag__group__group_round")
        .prefetch_related("answers", "spieltag__group__teams")
        .order_by("created_at", "pk")
    )
    return [
        (spieltag_label(m.spieltag), move_view(m, list(m.spieltag.group.teams.all())))
        for m in moves
    ]


def moving_days(spieltage: Iterable[Spieltag]) -> set[int]:
    """The Spieltage among ``spieltage`` that an open request would move (its own and its
    group's others that day): the league's and a team's pages mark them. One query."""
    days = list(spieltage)
    groups = {d.group_id for d in days}
    open_at = set(
        SpieltagMove.objects.filter(state=OPEN, spieltag__group_id__in=groups).values_list(
            "spieltag__group_id", "spieltag__date"
        )
    )
    return {d.pk for d in days if (d.group_id, d.date) in open_at}
