"""Every club evening's list gets its placement (``lists.Placement``), as
``evenings.owner.list_places`` writes it (issue 30)."""

import datetime

from django.db import migrations

OWNER = "evening"  # evenings.owner.OWNER, frozen as it was


def _season(day: datetime.date, start: int) -> str:
    year = day.year if day.month >= start else day.year - 1
    return str(year) if start == 1 else f"{year}/{(year + 1) % 100:02d}"


def place(apps, schema_editor):
    EveningTable = apps.get_model("evenings", "EveningTable")
    SeasonSettings = apps.get_model("evenings", "SeasonSettings")
    Placement = apps.get_model("lists", "Placement")
    starts = dict(SeasonSettings.objects.values_list("club_id", "start_month"))
    rows = EveningTable.objects.values_list(
        "spielliste_id",
        "evening__club_id",
        "evening__club__name",
        "evening__date",
        "number",
        "evening__club__members_only",
    ).order_by("spielliste_id")
    batch = []
    for liste, club_id, club, day, number, members_only in rows.iterator(chunk_size=2000):
        start = starts.get(club_id) or 1
        batch.append(
            Placement(
                spielliste_id=liste,
                owner=OWNER,
                event_id=club_id,
                event=club[:200],
                day=day,
                table=number,
                members_only=members_only,
                season=_season(day, start),
            )
        )
        if len(batch) >= 1000:
            Placement.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    Placement.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("evenings", "0001_initial"),
        ("lists", "0010_placement"),
    ]

    operations = [migrations.RunPython(place, migrations.RunPython.noop)]
