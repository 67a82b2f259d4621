"""The two staff groups (docs/operations.md "Roles"): table moderators and chat moderators.

Permissions are made by Django after every migration (post_migrate); they are made
here first, so that a fresh database has its groups filled at once.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

TABLE_MODERATORS = "Table moderators"
CHAT_MODERATORS = "Chat moderators"

GROUPS = {
    TABLE_MODERATORS: [
        ("rooms", "room", "view_room"),
        ("rooms", "room", "pause_room"),
        ("rooms", "room", "close_room"),
        ("rooms", "seat", "view_seat"),
        ("rooms", "match", "view_match"),
        ("rooms", "match", "export_match"),
        ("rooms", "hand", "view_hand"),
        ("rooms", "hand", "replay_hand"),
        ("rooms", "participant", "view_participant"),
        ("rooms", "presence", "view_presence"),
    ],
    CHAT_MODERATORS: [
        ("chat", "chatmessage", "view_chatmessage"),
        ("chat", "chatmessage", "hide_chatmessage"),
        ("chat", "chatreport", "view_chatreport"),
        ("chat", "sitemute", "view_sitemute"),
        ("chat", "sitemute", "add_sitemute"),
        ("chat", "sitemute", "change_sitemute"),
        # Choosing whom to mute (the mute form's person search) reads the accounts.
        ("accounts", "user", "view_user"),
    ],
}


def fill_groups(apps) -> None:
    """Each group with its permissions (made if missing; permissions only added)."""
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, wanted in GROUPS.items():
        group, _created = Group.objects.get_or_create(name=name)
        for app_label, model, codename in wanted:
            group.permissions.add(
                Permission.objects.get(
                    content_type__app_label=app_label, content_type__model=model, codename=codename
                )
            )


def make_groups(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    fill_groups(apps)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=list(GROUPS)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_shown_name_skeleton"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("rooms", "0010_staff_permissions"),
        ("chat", "0003_staff_permissions"),
    ]

    operations = [migrations.RunPython(make_groups, remove_groups)]
