"""Matches get an unguessable public id for their verify links; existing matches get one too."""

from django.db import migrations, models

import rooms.models


def fill_public_ids(apps, schema_editor):
    Match = apps.get_model("rooms", "Match")
    for match in Match.objects.filter(public_id__isnull=True).only("pk").iterator():
        Match.objects.filter(pk=match.pk).update(public_id=rooms.models.new_public_id())


class Migration(migrations.Migration):
    dependencies = [("rooms", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="match", name="public_id", field=models.CharField(max_length=32, null=True, editable=False)
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="public_id",
            field=models.CharField(default=rooms.models.new_public_id, editable=False, max_length=32, unique=True),
        ),
    ]
