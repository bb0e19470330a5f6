"""The Ranglistenwart role (league.accounts.roles): a group staff assigns in the admin."""

from django.db import migrations


def create(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.get_or_create(name="Ranglistenwart")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_invitations"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create, migrations.RunPython.noop)]
