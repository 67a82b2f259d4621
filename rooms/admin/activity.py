"""What the site counts and watches: players' statistics, who is connected to a room, the periodic tasks' heartbeats."""

from django.contrib import admin

from accounts.admin_base import ReadOnlyAdmin
from rooms.models import Heartbeat, PlayerStat, Presence


@admin.register(PlayerStat)
class PlayerStatAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "played", "won", "abandoned")
    list_filter = ("game",)
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user",)


@admin.register(Presence)
class PresenceAdmin(ReadOnlyAdmin):
    list_display = ("room", "user", "connected_at", "last_seen")
    list_select_related = ("room", "user")

    def get_queryset(self, request):
        return super().get_queryset(request).defer("room__next_seed")


@admin.register(Heartbeat)
class HeartbeatAdmin(ReadOnlyAdmin):
    list_display = ("name", "last_run")
