"""Issue 36: each participant's personal link (his own page, no account) and his check-in."""

import secrets

from django.db import migrations, models

import league.tournaments.models


def fill_links(apps, schema_editor):
    # AddField gave every existing row the same token: one of his own each.
    participant = apps.get_model("tournaments", "Participant")
    for row in participant.objects.only("pk").iterator():
        participant.objects.filter(pk=row.pk).update(link=secrets.token_urlsafe(16))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0012_tournament_people_open")]

    operations = [
        migrations.AddField(
            model_name="participant",
            name="link",
            field=models.CharField(
                db_index=True,
                default=league.tournaments.models.new_link,
                editable=False,
                max_length=32,
            ),
        ),
        migrations.AddField(
            model_name="participant",
            name="checked_in_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="anwesend seit"),
        ),
        migrations.RunPython(fill_links, migrations.RunPython.noop),
    ]
