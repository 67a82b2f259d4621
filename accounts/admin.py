"""The player account in the admin: Django's user admin plus display name and language."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from accounts.models import User


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
