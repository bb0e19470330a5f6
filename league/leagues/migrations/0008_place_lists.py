"""Every league list gets its placement (``lists.Placement``), as
``leagues.owner.list_places`` writes it (issue 30)."""

from django.db import migrations

OWNER = "league"  # leagues.owner.OWNER, frozen as it was


def place(apps, schema_editor):
    SpieltagTable = apps.get_model("leagues", "SpieltagTable")
    Placement = apps.get_model("lists", "Placement")
    rows = SpieltagTable.objects.values_list(
        "spielliste_id",
        "spieltag__group__group_round__league_id",
        "spieltag__group__group_round__league__name",
        "spieltag__group__group_round__league__season",
        "spielliste__created_at",
        "spieltag__number",
        "table",
    ).order_by("spielliste_id")
    batch = []
    for liste, league_id, name, season, created_at, number, table in rows.iterator(
        chunk_size=2000
    ):
        batch.append(
            Placement(
                spielliste_id=liste,
                owner=OWNER,
                event_id=league_id,
                event=name[:200],
                day=created_at.date(),
                number=number,
                table=table,
                season=season[:20],
            )
        )
        if len(batch) >= 1000:
            Placement.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    Placement.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0007_spieltag_move"),
        ("lists", "0010_placement"),
    ]

    operations = [migrations.RunPython(place, migrations.RunPython.noop)]
