"""Every tournament gets its uid (federation.md "An event travels"): existing ones a new
one each, then the column becomes unique and required; and where the federation's site
records a venue's publication."""

import uuid

from django.db import migrations, models


def give_uids(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for pk in Tournament.objects.values_list("pk", flat=True):
        Tournament.objects.filter(pk=pk).update(uid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_merge_0007_silent_rounds_0008_participant_pin"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(null=True, editable=False, verbose_name="Kennung"),
        ),
        migrations.RunPython(give_uids, migrations.RunPython.noop),
        migrations.AddField(
            model_name="tournament",
            name="published_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="Veröffentlicht"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="published_digest",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="Kennung"
            ),
        ),
    ]
