"""The key of each room's history, stored beside it (rooms.records.stored.history_key)."""

from django.db import migrations, models

from rooms.records.stored import history_key


def fill_keys(apps, schema_editor):
    Room = apps.get_model("rooms", "Room")
    for room in Room.objects.only("id", "history").iterator():
        key = history_key(room.history)
        if key:
            Room.objects.filter(pk=room.pk).update(history_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("rooms", "0007_hand_players"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="history_key",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
