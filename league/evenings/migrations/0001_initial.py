# Club evenings and season settings, taken over from ``clubs`` (clubs.0009 let them go).
# State only: the tables keep their names (``db_table``) and rows. The content types and
# the audit log's target names follow the models to their new app label.

import django.db.models.deletion
from django.db import migrations, models

MODELS = ("clubevening", "eveningtable", "seasonsettings")


def relabel(old, new):
    def run(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        AuditEntry = apps.get_model("core", "AuditEntry")
        for model in MODELS:
            if not ContentType.objects.filter(app_label=new, model=model).exists():
                ContentType.objects.filter(app_label=old, model=model).update(app_label=new)
            AuditEntry.objects.filter(target=f"{old}.{model}").update(target=f"{new}.{model}")

    return run


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('clubs', '0009_evenings_moved'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('core', '0002_roles'),
        ('lists', '0006_quick_entry'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ClubEvening',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('date', models.DateField(verbose_name='Datum')),
                        ('note', models.CharField(blank=True, max_length=120, verbose_name='Notiz')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='evenings', to='clubs.club')),
                    ],
                    options={
                        'verbose_name': 'Vereinsabend',
                        'verbose_name_plural': 'Vereinsabende',
                        'db_table': 'clubs_clubevening',
                        'ordering': ['-date', '-pk'],
                    },
                ),
                migrations.CreateModel(
                    name='SeasonSettings',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('mode', models.CharField(choices=[('total', 'Gesamtpunkte'), ('schnitt_liste', 'Schnitt je Liste'), ('schnitt_spiel', 'Schnitt je Spiel'), ('best_n', 'Beste N Listen')], default='total', max_length=16, verbose_name='Wertung')),
                        ('minimum', models.PositiveSmallIntegerField(default=1, help_text='Listen (Schnitt je Liste) bzw. Spiele (Schnitt je Spiel), um gewertet zu werden.', verbose_name='Mindestanzahl')),
                        ('best_n', models.PositiveSmallIntegerField(default=10, verbose_name='N (beste Listen)')),
                        ('start_month', models.PositiveSmallIntegerField(default=1, help_text='1 = Kalenderjahr.', verbose_name='Saisonbeginn (Monat)')),
                        ('club', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='season_settings', to='clubs.club')),
                    ],
                    options={
                        'verbose_name': 'Saisonwertung',
                        'verbose_name_plural': 'Saisonwertungen',
                        'db_table': 'clubs_seasonsettings',
                    },
                ),
                migrations.CreateModel(
                    name='EveningTable',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField(verbose_name='Tisch')),
                        ('evening', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='evenings.clubevening')),
                        ('spielliste', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='evening_table', to='lists.spielliste')),
                    ],
                    options={
                        'db_table': 'clubs_eveningtable',
                        'ordering': ['number'],
                        'constraints': [models.UniqueConstraint(fields=('evening', 'number'), name='evening_table_unique')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(relabel("clubs", "evenings"), relabel("evenings", "clubs")),
    ]
