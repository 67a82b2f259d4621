"""Every account gets the look-alike skeleton of the name tables show (display name or username)."""

from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    from accounts.lookalikes import skeleton

    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username", "display_name").iterator():
        shown = user.display_name or user.username
        User.objects.filter(pk=user.pk).update(shown_name_skeleton=skeleton(shown))


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_email_confirmation")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="shown_name_skeleton",
            field=models.TextField(blank=True, db_index=True, editable=False),
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
