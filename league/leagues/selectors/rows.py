"""The rows the league's reads hand each other and the pages: a Spieltag of the schedule
with its group's teams, a Spieltag's result, the captains' word on it. Plain frozen
dataclasses, so no read patches attributes onto model instances."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.leagues.models import Spieltag, SpieltagDecision, Team
from scoring.liga import TeamDay


@dataclass(frozen=True)
class ScheduledDay:
    """A Spieltag (read with its group and group round) and the ids of its group's teams,
    in their order."""

    spieltag: Spieltag
    team_ids: tuple[int, ...]


@dataclass(frozen=True)
class DayResult:
    """A Spieltag's result: rows by place; ``complete``: every list is complete."""

    spieltag_id: int
    rows: tuple[TeamDay, ...]
    team_ids: dict[str, int]
    started: bool
    complete: bool
    lists_done: int
    lists_total: int

    @property
    def provisional(self) -> bool:
        return self.started and not self.complete


def result_key(rows: Sequence[TeamDay]) -> list[list[object]]:
    """A Spieltag result as a captain saw it (JSON): a later change of any team's points,
    place or no-show makes it another result, and the captains are asked again."""
    return [[r.team, r.place, r.spielpunkte, str(r.siegpunkte), r.absent] for r in rows]


@dataclass(frozen=True)
class TeamReport:
    team: Team
    status: str  # open / confirmed / disputed (on the result as it stands)
    note: str
    asked_again: bool  # he had answered on an earlier result


@dataclass(frozen=True)
class ReportState:
    """The captains' word on a Spieltag: ``pending`` while its lists are not complete;
    then ``open`` (someone has not answered), ``confirmed`` (all have), ``disputed`` (one
    disputes), ``settled`` (the organiser decided the dispute on this result)."""

    status: str
    teams: tuple[TeamReport, ...]
    decision: SpieltagDecision | None

    def of(self, team: Team) -> TeamReport | None:
        return next((t for t in self.teams if t.team.pk == team.pk), None)
