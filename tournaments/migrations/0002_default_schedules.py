"""The site's plan out of the box: an arena of each game every hour, and a daily Grande Arena de Buraco.

Staff edit or switch them off in the admin (docs/tournaments.md, "The schedule").
Names are stored as players read them (pt-BR first).
"""

import datetime

from django.db import migrations

PLANS = [
    {"name": "Arena de Rouba Monte", "game": "rouba_monte", "table_size": 2, "time_limit": 20},
    {"name": "Arena de Stealing Bundles", "game": "stealing_bundles", "table_size": 2, "time_limit": 20},
    {"name": "Arena de Oito Maluco", "game": "crazy_eights", "table_size": 2, "time_limit": 20},
    {"name": "Arena de Buraco", "game": "buraco", "table_size": 4, "time_limit": 30},
]


def add(apps, schema_editor):
    Schedule = apps.get_model("tournaments", "Schedule")
    for plan in PLANS:
        Schedule.objects.create(minutes=57, rated=True, recurrence="hourly", every_hours=1, at_minute=0, **plan)
    Schedule.objects.create(
        name="Grande Arena de Buraco",
        game="buraco",
        table_size=4,
        time_limit=30,
        minutes=90,
        rated=True,
        recurrence="daily",
        daily_at=datetime.time(21, 0),
    )


def remove(apps, schema_editor):
    Schedule = apps.get_model("tournaments", "Schedule")
    Schedule.objects.filter(name__in=[p["name"] for p in PLANS] + ["Grande Arena de Buraco"]).delete()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]
    operations = [migrations.RunPython(add, remove)]
