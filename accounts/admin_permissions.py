"""Permissions named in the reader's language wherever the admin lists them (a group's, a user's).

Django stores a permission's name once, in English, when the migration creates it
("Can change room"), and its admin lists that stored name. Here each is said again at
display time: the app's and the model's verbose names and the action in the reader's
language, and a custom permission by its name as the model declares it (translated
through the catalogue).
"""

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as DjangoGroupAdmin
from django.contrib.auth.models import Group
from django.utils.translation import gettext as _

ACTIONS = {
    "add": lambda model: _("Can add %(model)s") % {"model": model},
    "change": lambda model: _("Can change %(model)s") % {"model": model},
    "delete": lambda model: _("Can delete %(model)s") % {"model": model},
    "view": lambda model: _("Can view %(model)s") % {"model": model},
}


def permission_label(permission) -> str:
    """ "Salas | sala | Pode modificar sala": app, model and action as the reader reads them."""
    content_type = permission.content_type
    model = content_type.model_class()
    if model is None:  # a model gone from the code: its row is all there is
        return str(permission)
    opts = model._meta
    action, _sep, rest = permission.codename.partition("_")
    if action in ACTIONS and rest == opts.model_name:
        name = ACTIONS[action](opts.verbose_name)
    else:
        name = _(permission.name)
    return f"{opts.app_config.verbose_name} | {opts.verbose_name} | {name}"


class TranslatedPermissions:
    """An admin whose permission lists name each permission in the reader's language."""

    def formfield_for_manytomany(self, db_field, request=None, **kwargs):
        field = super().formfield_for_manytomany(db_field, request=request, **kwargs)
        if field is not None and db_field.name in ("permissions", "user_permissions"):
            field.label_from_instance = permission_label
        return field


admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(TranslatedPermissions, DjangoGroupAdmin):
    """Django's group admin, its permissions listed in the reader's language."""
