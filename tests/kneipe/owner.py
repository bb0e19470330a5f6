"""A list owner that exists only in the tests: the pub night ("Kneipenabend") of a pub
team, to prove that a new kind of owner touches its own module only (issue 30). It
registers itself like the site's owners do in their ``AppConfig.ready`` — a kind with its
placement, a backup section and a privacy section — and nothing outside this module names
it: its lists show up in a player's statistics (with its own facet), on his page, in a
backup and in his data export.

It has no tables of its own: where its lists stand is all it knows of them, so its placer
reads its placements back (a real owner derives them from its rows: a round's tables)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from league.core.sections import (
    BackupSection,
    CheckContext,
    Fault,
    Place,
    PrivacySection,
    RestoreContext,
    Selection,
    register_backup,
    register_privacy,
)
from league.lists import owners
from league.lists.models import Placement, Spielliste
from league.lists.owners import Facet, ListOwner, OwnerKind, PlacedList
from league.lists.placement import place_lists

OWNER = "kneipe"


def pub_night_place(liste: Spielliste, *, pub_id: int, pub: str, day: dt.date, table: int) -> None:
    """The pub night writes where its list stands, as every owner does."""
    place_lists(OWNER, {liste.pk: owners.Place(pub_id, pub, day, table=table)})


def _resolve(liste: Spielliste) -> ListOwner | None:
    placed = liste.placement
    return ListOwner(
        label=f"Kneipenabend {placed.event}, Tisch {placed.table}",
        url=f"/?kneipe={placed.event_id}",
        frozen_note="Kneipenabend vorbei",
        table_label=f"Tisch {placed.table}",
        manager_ids=frozenset(),
        own_rules=True,
    )


def _places(list_ids: Sequence[int]) -> dict[int, owners.Place]:
    rows = Placement.objects.filter(owner=OWNER, spielliste_id__in=list(list_ids))
    return {
        p.spielliste_id: owners.Place(p.event_id, p.event, p.day, p.number, p.table) for p in rows
    }


def _label(placed: PlacedList) -> str:
    return f"{placed.event}, Kneipenabend Tisch {placed.table}"


KIND = OwnerKind(
    key=OWNER,
    resolve=_resolve,
    places=_places,
    label=_label,
    page_label=_label,
    facet=Facet("kneipe", "Kneipe", order=40),
    choice=lambda placed: (str(placed.event_id), placed.event),
)

# --- backup: its lists' pub nights, under "kneipen" -------------------------------------------


def _export(selection: Selection, doc: dict[str, Any]) -> None:
    rows = Placement.objects.filter(owner=OWNER, spielliste_id__in=selection.of("list"))
    doc["kneipen"] = [
        {"list": p.spielliste_id, "pub": p.event_id, "name": p.event, "date": p.day.isoformat(),
         "table": p.table}
        for p in rows.order_by("spielliste_id")
    ]  # fmt: skip


def _check(ctx: CheckContext) -> None:
    for entry in ctx.items("kneipen"):
        with ctx.collect():
            place: Place = (("table", entry.get("table")),)
            if entry.get("list") not in ctx.ids["list"]:
                raise Fault(place, "backup_list_missing", {"id": entry.get("list")})
            ctx.own_list(entry["list"], place)


def _restore(ctx: RestoreContext) -> None:
    for entry in ctx.doc.get("kneipen", []):
        pub_night_place(
            ctx.maps["list"][entry["list"]],
            pub_id=entry["pub"],
            pub=entry["name"],
            day=dt.date.fromisoformat(entry["date"]),
            table=entry["table"],
        )


BACKUP = BackupSection(
    name="kneipen",
    after=("lists",),
    keys=("kneipen",),
    export=_export,
    check=_check,
    restore=_restore,
)

# --- one person's data: the pub night of each of his lists -------------------------------------


def _privacy_export(player_id: int, out: dict[str, Any]) -> None:
    entries = out.get("lists", [])
    pubs = dict(
        Placement.objects.filter(
            owner=OWNER, spielliste_id__in=[e["list"] for e in entries]
        ).values_list("spielliste_id", "event")
    )
    for entry in entries:
        entry["kneipe"] = pubs.get(entry["list"])


PRIVACY = PrivacySection(name="kneipen", after=("lists",), export=_privacy_export)


def register() -> None:
    """What its ``AppConfig.ready`` would do."""
    owners.register_kind(KIND)
    register_backup(BACKUP)
    register_privacy(PRIVACY)
