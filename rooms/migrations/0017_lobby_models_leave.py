"""QuickPlayQueue, SitePresence and Invitation leave the rooms app for the lobby's.

State only: their tables and rows stay where they are, under the same names;
lobby/migrations/0001_initial.py takes them into the lobby app's state.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("rooms", "0016_hints"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="QuickPlayQueue"),
                migrations.DeleteModel(name="SitePresence"),
                migrations.DeleteModel(name="Invitation"),
            ],
            database_operations=[],
        ),
    ]
