"""The room page: its settings and live seats read-only, its staff actions behind confirmation pages."""

from django.contrib import admin
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.admin_base import ReadOnlyAdmin, ReadOnlyInline
from games import registry
from rooms.admin import room_actions, room_rename
from rooms.admin.columns import link, small_table
from rooms.models import Room, Seat
from rooms.records import stored


def option_rows(game: str, options: dict) -> list[tuple[str, str]]:
    """A room's options as the lobby names them ("Pontos para vencer": 3000), not by their keys."""
    try:
        spec = registry.spec(game)
    except KeyError:
        return list(options.items())
    rows = []
    for key, value in options.items():
        try:
            option = spec.option(key)
        except KeyError:
            rows.append((key, value))
            continue
        label = dict(option.labelled_choices()).get(value) if isinstance(value, str | int) else None
        rows.append((_(option.label), _(label) if isinstance(label, str) else value))
    return rows


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("seat_number", "holder", "active", "stand_in", "remove_pending", "reserved_by", "absent_since")
    readonly_fields = fields
    verbose_name = gettext_lazy("seat now")
    verbose_name_plural = gettext_lazy("seats now")

    @admin.display(description=gettext_lazy("seat"))
    def seat_number(self, obj):
        return obj.index + 1

    @admin.display(description=gettext_lazy("held by"))
    def holder(self, obj):
        if obj.user_id:
            return obj.user.shown_name
        if obj.bot_level:
            return _("Bot (%(level)s)") % {"level": obj.get_bot_level_display()}
        return "—"


@admin.register(Room)
class RoomAdmin(ReadOnlyAdmin):
    list_display = ("name", "code", "game", "status", "is_public", "host", "paused", "updated_at")
    list_filter = ("game", "status", "is_public", "paused")
    search_fields = ("name", "code", "host__username")
    list_select_related = ("host",)
    fields = (
        "name",
        "code",
        "game",
        "status",
        "is_public",
        "host",
        "created_by",
        "seat_count",
        "options_table",
        "time_limit",
        "paused",
        "pause_reason",
        "current_match_link",
        "current_hand_link",
        "created_at",
        "updated_at",
        "closed_at",
        "staff_actions",
    )
    readonly_fields = fields
    inlines = [SeatInline]
    actions = ["close_rooms", "pause_rooms", "resume_rooms"]

    def get_queryset(self, request):
        # The next match's seed is secret: never loaded for a page that does not show it.
        return super().get_queryset(request).defer("next_seed")

    def get_urls(self):
        return [*room_rename.urls(self), *room_actions.room_urls(self), *super().get_urls()]

    @admin.display(description=gettext_lazy("options"))
    def options_table(self, obj):
        return small_table(option_rows(obj.game, stored.as_dict(obj.options)))

    @admin.display(description=gettext_lazy("current match"))
    def current_match_link(self, obj):
        if not obj.current_match_id:
            return "—"
        return link(reverse("admin:rooms_match_change", args=[obj.current_match_id]), _("Open the match"))

    @admin.display(description=gettext_lazy("current hand"))
    def current_hand_link(self, obj):
        if not obj.current_hand_id:
            return "—"
        return link(reverse("admin:rooms_hand_change", args=[obj.current_hand_id]), _("Open the hand"))

    @admin.display(description=gettext_lazy("staff actions"))
    def staff_actions(self, obj):
        return room_actions.links(obj)

    def has_pause_permission(self, request):
        return room_actions.allowed(request.user, "pause")

    def has_close_permission(self, request):
        return room_actions.allowed(request.user, "close")

    @admin.action(description=gettext_lazy("Close the selected rooms…"), permissions=["close"])
    def close_rooms(self, request, queryset):
        return room_actions.confirm_bulk(self, request, queryset, "close")

    @admin.action(description=gettext_lazy("Pause the selected rooms…"), permissions=["pause"])
    def pause_rooms(self, request, queryset):
        return room_actions.confirm_bulk(self, request, queryset, "pause")

    @admin.action(description=gettext_lazy("Resume the selected rooms paused by staff…"), permissions=["pause"])
    def resume_rooms(self, request, queryset):
        return room_actions.confirm_bulk(self, request, queryset, "resume")
