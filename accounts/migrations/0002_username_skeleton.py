"""Every username gets its look-alike skeleton (accounts/lookalikes.py), existing ones too."""

from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    from accounts.lookalikes import skeleton

    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username").iterator():
        User.objects.filter(pk=user.pk).update(username_skeleton=skeleton(user.username))


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_skeleton",
            field=models.TextField(blank=True, db_index=True, editable=False),
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
