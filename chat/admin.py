"""The staff's view of every room's chat: messages (filter by room, user, date; search), reports (filter by
reason), site-wide mutes.

Nothing is edited and nothing is removed: a message is deleted for everyone
through its action (which marks it deleted and tells the room's sockets at
once; the row and its reports stay as the record), and its text is shown
escaped like every admin value. Each action needs its permission (the chat
moderators' group has them) and writes a row of the audit log.
"""

from django.contrib import admin, messages
from django.db.models import Count
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import audit
from accounts.admin_base import RefusedActions
from chat import phrases, service
from chat.models import ChatMessage, ChatReport, SiteMute


def short_time(moment) -> str:
    """ "02/12/2026 01:35": the lists' time column, narrow enough that the list fits a 1280-px window."""
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT") if moment else "—"


def message_words(message: ChatMessage) -> str:
    """What the message said: the text as typed (escaped), or a quick phrase in the reader's words."""
    if message.phrase:
        words = phrases.PHRASES.get(message.phrase, message.phrase)
        return format_html('{} <span class="quiet">({})</span>', words, _("quick phrase"))
    return message.text


class ModerationPermissions:
    """What the list actions ask for (``@admin.action(permissions=...)``) and no removal from the record."""

    def has_hide_permission(self, request):
        return request.user.has_perm("chat.hide_chatmessage")

    def has_mute_permission(self, request):
        return request.user.has_perm("chat.add_sitemute")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    class Media:
        # Long messages and names wrap in the lists (static/css/admin_records.css).
        css = {"all": ("css/admin_records.css",)}


@admin.action(description=_("Delete the selected messages for everyone"), permissions=["hide"])
def delete_messages(modeladmin, request, queryset):
    count = service.delete(queryset.select_related(None), by=request.user)
    modeladmin.message_user(
        request, ngettext("%(n)d message deleted.", "%(n)d messages deleted.", count) % {"n": count}, messages.SUCCESS
    )


@admin.action(description=_("Mute the authors site-wide for 24 hours"), permissions=["mute"])
def mute_authors(modeladmin, request, queryset):
    users = {m.user for m in queryset.select_related("user")}
    for user in users:
        service.mute_site_wide(user, 24, reason=str(_("Muted from the chat admin")))
        audit.record(request.user, user, "user_mute", "24 h")
    modeladmin.message_user(request, _("Authors muted for 24 hours."), messages.SUCCESS)


@admin.register(ChatMessage)
class ChatMessageAdmin(RefusedActions, ModerationPermissions, admin.ModelAdmin):
    # One column for the text or the quick phrase, a short time: the list fits 1280 px with its filters.
    list_display = ("when", "room_code", "user", "message", "spectator", "deleted", "report_count")
    list_filter = ("deleted", "spectator", "time", "room__game")
    search_fields = ("text", "user__username", "user__display_name", "room__code", "room__name")
    date_hierarchy = "time"
    list_select_related = ("room", "user")
    readonly_fields = ("room", "user", "text", "phrase", "time", "spectator", "deleted")
    actions = (delete_messages, mute_authors)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(reports_n=Count("reports"))

    @admin.display(description=_("time"), ordering="time")
    def when(self, obj):
        return short_time(obj.time)

    @admin.display(description=_("message"))
    def message(self, obj):
        return message_words(obj)

    @admin.display(description=_("room"), ordering="room__code")
    def room_code(self, obj):
        return obj.room.code

    @admin.display(description=_("reports"), ordering="reports_n")
    def report_count(self, obj):
        return obj.reports_n


@admin.action(description=_("Delete the reported messages for everyone"), permissions=["hide"])
def delete_reported(modeladmin, request, queryset):
    count = service.delete(ChatMessage.objects.filter(reports__in=queryset).distinct(), by=request.user)
    modeladmin.message_user(
        request, ngettext("%(n)d message deleted.", "%(n)d messages deleted.", count) % {"n": count}, messages.SUCCESS
    )


@admin.register(ChatReport)
class ChatReportAdmin(RefusedActions, ModerationPermissions, admin.ModelAdmin):
    list_display = ("when", "reason", "message_text", "message_author", "reporter", "note", "message_deleted")
    list_filter = ("reason", "time", "message__deleted")
    search_fields = (
        "message__text",
        "note",
        "reporter__username",
        "message__user__username",
        "message__room__code",
    )
    list_select_related = ("message", "message__user", "reporter")
    readonly_fields = ("message", "reporter", "time", "reason", "note")
    actions = (delete_reported,)

    @admin.display(description=_("time"), ordering="time")
    def when(self, obj):
        return short_time(obj.time)

    @admin.display(description=_("message"))
    def message_text(self, obj):
        return message_words(obj.message)

    @admin.display(description=_("author"))
    def message_author(self, obj):
        return obj.message.user

    @admin.display(description=_("deleted"), boolean=True)
    def message_deleted(self, obj):
        return obj.message.deleted


@admin.register(SiteMute)
class SiteMuteAdmin(RefusedActions, admin.ModelAdmin):
    list_display = ("user", "ends", "reason")
    search_fields = ("user__username", "reason")
    autocomplete_fields = ("user",)
    list_filter = ("until",)

    @admin.display(description=_("until"), ordering="until")
    def ends(self, obj):
        return short_time(obj.until)

    class Media:
        css = {"all": ("css/admin_records.css",)}
