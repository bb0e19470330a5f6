import secrets

from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def give_codes(apps, schema_editor):
    Spielliste = apps.get_model("lists", "Spielliste")
    used = set()
    for liste in Spielliste.objects.all().only("pk"):
        code = ""
        while not code or code in used:
            code = "".join(secrets.choice(ALPHABET) for _ in range(8))
        used.add(code)
        Spielliste.objects.filter(pk=liste.pk).update(code=code)


class Migration(migrations.Migration):
    dependencies = [
        ("lists", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="spielliste",
            name="code",
            field=models.CharField(max_length=8, null=True, verbose_name="Tisch-Code"),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="spielliste",
            name="code",
            field=models.CharField(max_length=8, unique=True, verbose_name="Tisch-Code"),
        ),
        migrations.AddField(
            model_name="spielliste",
            name="created_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="created_lists",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
