"""The staff's audit log in the admin, and django-axes' failed log-ins (accounts/admin_lockout.py).

The player account's own admin is players/admin.py: it reaches the rooms and the erasure.
"""

from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.utils.translation import gettext_lazy as _

from accounts import admin_lockout, admin_permissions, audit  # noqa: F401  (they register axes' attempts and the groups)
from accounts.admin_base import ReadOnlyAdmin


@admin.register(LogEntry)
class AuditLogAdmin(ReadOnlyAdmin):
    """Every staff action, read-only: the admin's own changes and the site's actions (accounts/audit.py)."""

    list_display = ("action_time", "user", "what", "target")
    list_filter = ("content_type", "action_time")
    search_fields = ("user__username", "object_repr", "change_message")
    list_select_related = ("user", "content_type")
    date_hierarchy = "action_time"
    fields = ("action_time", "user", "what", "target", "object_id")
    readonly_fields = fields

    @admin.display(description=_("what"))
    def what(self, obj):
        return audit.describe(obj)

    @admin.display(description=_("on"))
    def target(self, obj):
        kind = obj.content_type.model_class()._meta.verbose_name if obj.content_type_id else ""
        return " · ".join(filter(None, [str(kind).capitalize(), obj.object_repr]))
