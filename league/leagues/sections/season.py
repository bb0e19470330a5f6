"""The league season's part of a backup (``sections.league`` uses these): each
Spieltag's date and place, the captains' reports and the organiser's decision, the
requests to move it (their accounts are not in a backup, as captains are not). Every key is
optional: an export of main 2df3d1c has none of them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils.dateparse import parse_time

from league.clubs.models import Player
from league.core.backup_fields import day, flag, need, number, opt, text, when
from league.core.sections import Fault, Place, move_rows, moved_key
from league.leagues.models import (
    Availability,
    AvailabilityLink,
    Spieltag,
    SpieltagDecision,
    SpieltagMove,
    SpieltagMoveAnswer,
    SpieltagReport,
    Team,
)
from league.lists.sections import iso


def clock(data: Any, key: str, place: Place) -> dt.time | None:
    """A time of day "HH:MM" (missing or null: None)."""
    value = opt(data, key, str, place)
    if value is None:
        return None
    try:
        parsed = parse_time(value)
    except ValueError:
        parsed = None
    if parsed is None:
        raise Fault(place, "backup_field_not_time", {"key": key})
    return parsed


def check_place(spieltag: dict[str, Any], place: Place, members: set[int]) -> None:
    """A Spieltag's date, start, venue and host (a team of its group); all optional."""
    date = day(spieltag, "date", place, optional=True)
    if clock(spieltag, "start_time", place) is not None and date is None:
        raise Fault(place, "backup_field_invalid", {"key": "start_time"})
    text(spieltag, "venue", place, Spieltag, optional=True)
    host = opt(spieltag, "host", int, place)
    if host is not None and host not in members:
        raise Fault(place, "backup_team_not_in_group")
    number(spieltag, "sequence", place, Spieltag, optional=True)
    for report in opt(spieltag, "reports", list, place) or []:
        team = need(report, "team", int, place)
        if team not in members:
            raise Fault(place, "backup_team_not_in_group")
        if need(report, "status", str, place) not in SpieltagReport.Status.values:
            raise Fault(place, "backup_field_invalid", {"key": "status"})
        text(report, "note", place, SpieltagReport, optional=True)
        need(report, "result", list, place)
        when(report.get("at"), place, "at")
    decision = opt(spieltag, "decision", dict, place)
    if decision is not None:
        text(decision, "note", place, SpieltagDecision)
        need(decision, "result", list, place)
        when(decision.get("at"), place, "at")


def restore_reports(
    spieltag: Spieltag, data: dict[str, Any], teams: dict[int, Team], place: Place
) -> None:
    for r in data.get("reports") or []:
        report = SpieltagReport.objects.create(
            spieltag=spieltag,
            team=teams[r["team"]],
            status=r["status"],
            note=r.get("note") or "",
            result=r["result"],
        )
        at = when(r.get("at"), place, "at")
        if at is not None:
            SpieltagReport.objects.filter(pk=report.pk).update(at=at)
    decision = data.get("decision")
    if decision is not None:
        made = SpieltagDecision.objects.create(
            spieltag=spieltag, note=decision["note"], result=decision["result"]
        )
        at = when(decision.get("at"), place, "at")
        if at is not None:
            SpieltagDecision.objects.filter(pk=made.pk).update(at=at)


def decision_dict(decision: SpieltagDecision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    return {"note": decision.note, "result": decision.result, "at": iso(decision.at)}


def season_merge_move(keep: int, merge: int) -> dict[str, int]:
    """Availability answers and personal links: the surviving record's where both have one
    (a Spieltag, a team); the merged record's others move to him."""
    return {
        moved_key(Availability, "player"): move_rows(
            Availability.objects, keep, merge, unique_with="spieltag_id"
        ),
        moved_key(AvailabilityLink, "player"): move_rows(
            AvailabilityLink.objects, keep, merge, unique_with="team_id"
        ),
    }


def check_availability(spieltag: dict[str, Any], place: Place, players: set[int]) -> None:
    for row in opt(spieltag, "availability", list, place) or []:
        pid = need(row, "player", int, place)
        if pid not in players:
            raise Fault(place, "backup_player_missing", {"id": pid})
        if need(row, "answer", str, place) not in Availability.Answer.values:
            raise Fault(place, "backup_field_invalid", {"key": "answer"})
        when(row.get("at"), place, "at")


def restore_availability(
    spieltag: Spieltag, data: dict[str, Any], players: dict[int, Player], place: Place
) -> None:
    for row in data.get("availability") or []:
        made = Availability.objects.create(
            spieltag=spieltag, player=players[row["player"]], answer=row["answer"]
        )
        at = when(row.get("at"), place, "at")
        if at is not None:
            Availability.objects.filter(pk=made.pk).update(at=at)


# --- move requests (league.leagues.services.moves) -------------------------------------


def load_moves(of_day: dict[str, Any]) -> dict[int, list[SpieltagMove]]:
    """The requests of the exported Spieltage with their answers, by Spieltag (two queries)."""
    out: dict[int, list[SpieltagMove]] = {}
    rows = SpieltagMove.objects.filter(**of_day).prefetch_related("answers").order_by("pk")
    for move in rows:
        out.setdefault(move.spieltag_id, []).append(move)
    return out


def moves_list(moves: list[SpieltagMove]) -> list[dict[str, Any]]:
    return [
        {
            "team": m.team_id,
            "date": m.date.isoformat(),
            "start_time": m.start_time.strftime("%H:%M") if m.start_time else None,
            "venue": m.venue,
            "note": m.note,
            "state": m.state,
            "reason": m.reason,
            "created_at": iso(m.created_at),
            "decided_at": iso(m.decided_at),
            "answers": [
                {"team": a.team_id, "accept": a.accept, "at": iso(a.at)}
                for a in sorted(m.answers.all(), key=lambda a: a.team_id)
            ],
        }
        for m in moves
    ]


def check_moves(spieltag: dict[str, Any], place: Place, members: set[int]) -> None:
    """Each request: a team of the group, a date, a state; at most one open; its answers
    by other teams of the group, each once. Old exports have none."""
    open_count = 0
    for move in opt(spieltag, "moves", list, place) or []:
        if need(move, "team", int, place) not in members:
            raise Fault(place, "backup_team_not_in_group")
        day(move, "date", place)
        clock(move, "start_time", place)
        text(move, "venue", place, SpieltagMove, optional=True)
        text(move, "note", place, SpieltagMove, optional=True)
        text(move, "reason", place, SpieltagMove, optional=True)
        state = need(move, "state", str, place)
        if state not in SpieltagMove.State.values:
            raise Fault(place, "backup_field_invalid", {"key": "state"})
        open_count += state == SpieltagMove.State.OPEN
        if open_count > 1:
            raise Fault(place, "backup_duplicate")
        when(move.get("created_at"), place, "created_at")
        when(move.get("decided_at"), place, "decided_at")
        answered: set[int] = set()
        for answer in opt(move, "answers", list, place) or []:
            team = need(answer, "team", int, place)
            if team not in members or team == move["team"] or team in answered:
                raise Fault(place, "backup_team_not_in_group")
            answered.add(team)
            flag(answer, "accept", place)
            when(answer.get("at"), place, "at")


def restore_moves(
    spieltag: Spieltag, data: dict[str, Any], teams: dict[int, Team], place: Place
) -> None:
    for m in data.get("moves") or []:
        move = SpieltagMove.objects.create(
            spieltag=spieltag,
            team=teams[m["team"]],
            date=dt.date.fromisoformat(m["date"]),
            start_time=clock(m, "start_time", place),
            venue=m.get("venue") or "",
            note=m.get("note") or "",
            state=m["state"],
            reason=m.get("reason") or "",
            decided_at=when(m.get("decided_at"), place, "decided_at"),
        )
        created = when(m.get("created_at"), place, "created_at")
        if created is not None:
            SpieltagMove.objects.filter(pk=move.pk).update(created_at=created)
        for a in m.get("answers") or []:
            answer = SpieltagMoveAnswer.objects.create(
                move=move, team=teams[a["team"]], accept=a["accept"]
            )
            at = when(a.get("at"), place, "at")
            if at is not None:
                SpieltagMoveAnswer.objects.filter(pk=answer.pk).update(at=at)
