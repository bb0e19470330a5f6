"""Every tournament list gets its placement (``lists.Placement``), as
``tournaments.selectors.owner.list_places`` writes it (issue 30)."""

from django.db import migrations

OWNER = "tournament"  # tournaments.selectors.owner.OWNER, frozen as it was


def place(apps, schema_editor):
    RoundTable = apps.get_model("tournaments", "RoundTable")
    Placement = apps.get_model("lists", "Placement")
    rows = RoundTable.objects.values_list(
        "spielliste_id",
        "tournament_round__tournament_id",
        "tournament_round__tournament__name",
        "tournament_round__tournament__date",
        "tournament_round__number",
        "number",
        "tournament_round__tournament__members_only",
        "tournament_round__tournament__silent_rounds",
        "tournament_round__tournament__official",
        "tournament_round__tournament__rating_approved_at",
    ).order_by("spielliste_id")
    batch = []
    for liste, tid, name, day, number, table, members_only, silent, official, approved in rows.iterator(
        chunk_size=2000
    ):
        batch.append(
            Placement(
                spielliste_id=liste,
                owner=OWNER,
                event_id=tid,
                event=name[:200],
                day=day,
                number=number,
                table=table,
                members_only=members_only or silent > 0,
                vouched=official or approved is not None,
            )
        )
        if len(batch) >= 1000:
            Placement.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    Placement.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_tournament_uid"),
        ("lists", "0010_placement"),
    ]

    operations = [migrations.RunPython(place, migrations.RunPython.noop)]
