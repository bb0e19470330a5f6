# Club evenings and season settings moved to the app ``evenings`` (its migration 0001 takes
# them over). State only: the tables and their rows stay where they are.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0008_club_seasons'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='EveningTable'),
                migrations.DeleteModel(name='ClubEvening'),
                migrations.DeleteModel(name='SeasonSettings'),
            ],
            database_operations=[],
        ),
    ]
