"""Every account's look-alike skeletons again, now that the accents go before the skeleton (accounts/lookalikes.py).

Without it an account made before the change keeps ``alicé`` as its skeleton,
and a new ``alice`` (or ``alicé`` beside an old ``alice``) would not be found.
Nothing else changes; running it again computes the same values.
"""

from django.db import migrations


def recompute_skeletons(apps, schema_editor):
    from accounts.lookalikes import skeleton
    from accounts.pseudonyms import stored_name

    User = apps.get_model("accounts", "User")
    rows = User.objects.only("pk", "username", "display_name", "pseudonym", "username_skeleton", "shown_name_skeleton")
    for user in rows.iterator():
        # User.shown_name, which the historical model lacks: a deleted account shows its pseudonym.
        shown = stored_name(user.pseudonym) if user.pseudonym else (user.display_name or user.username)
        names = {"username_skeleton": skeleton(user.username), "shown_name_skeleton": skeleton(shown)}
        if names != {"username_skeleton": user.username_skeleton, "shown_name_skeleton": user.shown_name_skeleton}:
            User.objects.filter(pk=user.pk).update(**names)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_pseudonym")]

    operations = [migrations.RunPython(recompute_skeletons, migrations.RunPython.noop)]
