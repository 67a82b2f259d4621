"""The player account in the admin: Django's user admin plus display name and language."""

from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from accounts import audit
from accounts.models import User
from rooms.admin.base import ReadOnlyAdmin


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (_("Mesa"), {"fields": ("display_name", "language", "pending_email", "records")}),
    )
    readonly_fields = ("records",)
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "email", "usable_password", "password1", "password2")}),
    )
    list_display = ("username", "display_name", "email", "language", "is_staff", "date_joined")
    list_filter = ("language", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)

    @admin.display(description=_("played"))
    def records(self, obj):
        """Links to everything the player played, also what they left: the records filter by participant."""
        if obj is None or obj.pk is None:
            return "—"
        links = (
            (reverse("admin:rooms_hand_changelist"), "player", obj.pk, _("Hands")),
            (reverse("admin:rooms_match_changelist"), "player", obj.pk, _("Matches")),
            (reverse("admin:rooms_playerstat_changelist"), "q", obj.username, _("Statistics")),
        )
        return format_html_join(
            " · ", '<a href="{}?{}">{}</a>', ((url, urlencode({k: v}), t) for url, k, v, t in links)
        )


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
