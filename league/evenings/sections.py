"""Club evenings' and club seasons' sections (``league.core.sections``).

Backup: the evenings of the exported clubs whose tables are exported lists (all of them in
a whole export, tables or not), under the document's ``evenings``; a club's season settings
as the field ``season`` of its entry under ``clubs``. One person's data: the evening each of
his lists was played at; his names in the evenings' history are forgotten with him. No row
of this section names a player, so it has nothing to merge.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q

from league.clubs.models import Club
from league.core.audit import audit_record
from league.core.backup_fields import day, need, number, text
from league.core.errors import ServiceError
from league.core.history import history_check, history_export
from league.core.sections import (
    IMPORT_ACTOR,
    BackupSection,
    CheckContext,
    Erasure,
    Fault,
    Place,
    PrivacySection,
    RestoreContext,
    Selection,
    register_backup,
    register_privacy,
)
from league.evenings.models import ClubEvening, EveningTable, SeasonSettings
from scoring.errors import ScoringError
from scoring.season import season_settings

EVENING = ClubEvening._meta.label_lower

# --- export ------------------------------------------------------------------------------------


def export(selection: Selection, doc: dict[str, Any]) -> None:
    clubs = selection.of("club") if not selection.everything else None
    tables = EveningTable.objects.filter(spielliste_id__in=selection.of("list"))
    if clubs is not None:
        tables = tables.filter(evening__club_id__in=clubs)
    by_evening: dict[int, list[EveningTable]] = {}
    for table in tables.order_by("number"):
        by_evening.setdefault(table.evening_id, []).append(table)
    evenings = ClubEvening.objects.filter(pk__in=list(by_evening))
    if clubs is None:  # a whole export: every evening, with tables or not
        evenings = ClubEvening.objects.all()
    rows = list(evenings.order_by("pk"))
    history = history_export({EVENING: [e.pk for e in rows]})[EVENING]
    doc["evenings"] = [
        {
            "id": e.pk,
            "club": e.club_id,
            "date": e.date.isoformat(),
            "note": e.note,
            "tables": [
                # "imported_from" only for a table a history import brought (version 1
                # documents have none; every other table stays as it was exported).
                {"number": et.number, "list": et.spielliste_id}
                | ({"imported_from": et.imported_from} if et.imported_from else {})
                for et in by_evening.get(e.pk, [])
            ],
            "history": history.get(e.pk, []),
        }
        for e in rows
    ]
    seasons = {
        row.club_id: row
        for row in SeasonSettings.objects.filter(
            club_id__in=[c["id"] for c in doc.get("clubs", [])]
        )
    }
    for i, club in enumerate(doc.get("clubs", [])):
        row = seasons.get(club["id"])
        season = None
        if row is not None:
            season = {
                "mode": row.mode,
                "minimum": row.minimum,
                "best_n": row.best_n,
                "start_month": row.start_month,
            }
        # The field sits before the club's history, where the document always had it.
        history_of = club.pop("history", [])
        doc["clubs"][i] = {**club, "season": season, "history": history_of}


# --- check -------------------------------------------------------------------------------------


def check(ctx: CheckContext) -> None:
    for evening in ctx.items("evenings"):
        with ctx.collect():
            eid = need(evening, "id", int, (("evening", None),))
            place: Place = (("evening", eid),)
            club = need(evening, "club", int, place)
            if club not in ctx.ids["club"]:
                raise Fault(place, "backup_club_missing", {"id": club})
            day(evening, "date", place)
            text(evening, "note", place, ClubEvening, optional=True)
            numbers: set[int] = set()
            for table in need(evening, "tables", list, place):
                tn = number(table, "number", place, EveningTable)
                tplace: Place = (*place, ("table", tn))
                if tn in numbers:
                    raise Fault(tplace, "backup_duplicate")
                numbers.add(tn)
                text(table, "imported_from", tplace, EveningTable, optional=True)
                lid = need(table, "list", int, tplace)
                if lid not in ctx.ids["list"]:
                    raise Fault(tplace, "backup_list_missing", {"id": lid})
                ctx.own_list(lid, tplace)
            history_check(evening.get("history"), place)
    clubs = ctx.doc.get("clubs")  # not a list: the clubs' section said so
    for club in clubs if isinstance(clubs, list) else []:
        season = club.get("season") if isinstance(club, dict) else None
        if season is None:
            continue
        with ctx.collect():
            place = (("club", club.get("id")), ("season", None))
            try:
                season_settings(
                    str(need(season, "mode", str, place)),
                    minimum=number(season, "minimum", place, SeasonSettings),
                    best_n=number(season, "best_n", place, SeasonSettings),
                )
            except ScoringError as err:
                raise Fault(place, error=ServiceError.from_scoring(err)) from None
            if not 1 <= need(season, "start_month", int, place) <= 12:
                raise Fault(place, "backup_season_month")


# --- restore -----------------------------------------------------------------------------------


def restore(ctx: RestoreContext) -> None:
    clubs: dict[int, Club] = ctx.maps["club"]
    for data in ctx.doc.get("evenings", []):
        evening = ClubEvening.objects.create(
            club=clubs[data["club"]],
            date=dt.date.fromisoformat(data["date"]),
            note=data.get("note") or "",
        )
        EveningTable.objects.bulk_create(
            EveningTable(
                evening=evening,
                number=t["number"],
                spielliste=ctx.maps["list"][t["list"]],
                imported_from=t.get("imported_from") or "",
            )
            for t in data["tables"]
        )
        audit_record(
            user=IMPORT_ACTOR, action="import", target=evening, after={"date": data["date"]}
        )
        ctx.maps["evening"][data["id"]] = evening
        ctx.restored(evening, data.get("history"))
    for data in ctx.doc.get("clubs", []):
        season = data.get("season")
        club = clubs[data["id"]]
        if season and not SeasonSettings.objects.filter(club=club).exists():
            SeasonSettings.objects.create(
                club=club,
                mode=season["mode"],
                minimum=season["minimum"],
                best_n=season["best_n"],
                start_month=season["start_month"],
            )


BACKUP = BackupSection(
    name="evenings",
    after=("clubs", "lists"),
    keys=("evenings",),
    export=export,
    check=check,
    restore=restore,
)

# --- one person's data -------------------------------------------------------------------------


def _his_evenings(player_id: int) -> Q:
    return Q(tables__spielliste__seats__player_id=player_id) | Q(
        tables__spielliste__substitutions__player_id=player_id
    )


def privacy_export(player_id: int, out: dict[str, Any]) -> None:
    """For each of his lists the club evening it was played at (None for another list)."""
    entries = out.get("lists", [])
    tables = {
        t.spielliste_id: t
        for t in EveningTable.objects.filter(
            spielliste_id__in=[e["list"] for e in entries]
        ).select_related("evening__club")
    }
    for entry in entries:
        table = tables.get(entry["list"])
        entry["evening"] = (
            None
            if table is None
            else {
                "club": table.evening.club.name,
                "date": table.evening.date.isoformat(),
                "table": table.number,
            }
        )


def privacy_prepare(erasure: Erasure) -> None:
    """An evening's history names the players of its tables."""
    evenings = ClubEvening.objects.filter(_his_evenings(erasure.player_id)).values_list(
        "pk", flat=True
    )
    erasure.history.append(Q(target=EVENING, target_id__in=list(evenings)))


PRIVACY = PrivacySection(
    name="evenings", after=("clubs", "lists"), export=privacy_export, prepare=privacy_prepare
)


def register() -> None:
    """Called from the app's ``AppConfig.ready``."""
    register_backup(BACKUP)
    register_privacy(PRIVACY)
