"""The league season's part of a backup (league.leagues.sections uses these): each
Spieltag's date and place, the captains' reports and the organiser's decision. Every key is
optional: an export of main 2df3d1c has none of them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils.dateparse import parse_time

from league.clubs.models import Player
from league.core.backup_fields import day, need, number, opt, text, when
from league.core.sections import Fault, Place, moved_key
from league.leagues.models import (
    Availability,
    AvailabilityLink,
    Spieltag,
    SpieltagDecision,
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


def merge_move(keep: int, merge: int) -> dict[str, int]:
    """Availability answers and personal links: the surviving record's where both have one
    (a Spieltag, a team); the merged record's others move to him."""
    answers = Availability.objects
    answers.filter(
        player_id=merge,
        spieltag_id__in=list(answers.filter(player_id=keep).values_list("spieltag_id", flat=True)),
    ).delete()
    links = AvailabilityLink.objects
    links.filter(
        player_id=merge,
        team_id__in=list(links.filter(player_id=keep).values_list("team_id", flat=True)),
    ).delete()
    return {
        moved_key(Availability, "player"): answers.filter(player_id=merge).update(player_id=keep),
        moved_key(AvailabilityLink, "player"): links.filter(player_id=merge).update(player_id=keep),
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
