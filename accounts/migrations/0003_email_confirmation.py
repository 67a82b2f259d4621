"""The e-mail given at sign-up waits in ``pending_email`` until confirmed; ``email`` may be empty (NULL)."""

from django.db import migrations, models


def empty_is_null(apps, schema_editor):
    apps.get_model("accounts", "User").objects.filter(email="").update(email=None)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_username_skeleton")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="pending_email",
            field=models.EmailField(blank=True, max_length=254, verbose_name="e-mail waiting for confirmation"),
        ),
        migrations.AlterField(
            model_name="user",
            name="email",
            field=models.EmailField(blank=True, max_length=254, null=True, unique=True, verbose_name="e-mail"),
        ),
        migrations.RunPython(empty_is_null, migrations.RunPython.noop),
    ]
