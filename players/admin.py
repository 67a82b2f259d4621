"""The player account in the admin: Django's user admin plus display name, language, records and erasure."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import audit
from accounts.admin_base import RefusedActions
from accounts.admin_permissions import TranslatedPermissions
from accounts.models import User
from players import admin_erasure
from rooms.actions import moderation

# The chat moderators' power over what people publish: the mute's counterpart for names.
RESET_PERMISSION = "chat.add_sitemute"


@admin.register(User)
class UserAdmin(TranslatedPermissions, RefusedActions, DjangoUserAdmin):
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (_("Mesa"), {"fields": ("display_name", "language", "pending_email", "records", "erase_link")}),
    )
    readonly_fields = ("records", "erase_link")
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "email", "usable_password", "password1", "password2")}),
    )
    list_display = ("username", "display_name", "email", "language", "is_staff", "date_joined")
    list_filter = ("language", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)
    actions = ["reset_display_names"]

    def has_delete_permission(self, request, obj=None):
        """Never Django's delete: it would take the person's messages, ratings and audit rows with them.

        An account goes through its erasure instead (players/admin_erasure.py, ``erase_link``).
        """
        return False

    def get_urls(self):
        return [*admin_erasure.urls(self), *super().get_urls()]

    def get_fieldsets(self, request, obj=None):
        """The erasure's link only for whoever may erase (a chat moderator reads accounts, nothing more)."""
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None or admin_erasure.allowed(request.user):
            return fieldsets
        return [
            (name, {**options, "fields": tuple(f for f in options["fields"] if f != "erase_link")})
            for name, options in fieldsets
        ]

    def has_moderate_permission(self, request):
        return request.user.has_perm(RESET_PERMISSION)

    @admin.action(description=_("Reset the display name of the selected players"), permissions=["moderate"])
    def reset_display_names(self, request, queryset):
        """A name that breaks the rules goes at once; tables show the username again (rooms/actions/moderation.py)."""
        done = 0
        for user in queryset.only("id"):
            old = moderation.reset_display_name(user.id)
            if old is not None:
                user.refresh_from_db()
                audit.record(request.user, user, "display_name_reset", old)
                done += 1
        self.message_user(
            request, ngettext("%(n)s display name reset.", "%(n)s display names reset.", done) % {"n": done}
        )

    @admin.display(description=_("account"))
    def erase_link(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        if obj.pseudonym:
            return _("Deleted: the records name %(name)s.") % {"name": obj.shown_name}
        url = reverse("admin:accounts_user_erase", args=[obj.pk])
        return format_html('<a class="button mesa-erase" href="{}">{}</a>', url, _("Delete this account…"))

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
