"""Staff views of rooms and hand history (read-only history, readable logs)."""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from rooms import match_access, services, stored
from rooms.models import Hand, Heartbeat, Match, PlayerStat, Presence, Room, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "bot_level", "active", "stand_in", "remove_pending", "reserved_by", "absent_since")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "game", "status", "is_public", "host", "paused", "updated_at")
    list_filter = ("game", "status", "is_public", "paused")
    search_fields = ("name", "code", "host__username")
    list_select_related = ("host",)
    raw_id_fields = ("host", "created_by")
    readonly_fields = ("code", "version", "state_version", "deadline", "deadline_kind", "created_at", "closed_at")
    exclude = ("next_seed",)
    inlines = [SeatInline]
    actions = ["close_rooms"]

    def get_queryset(self, request):
        # The next match's seed is secret: never loaded for a page that does not show it.
        return super().get_queryset(request).defer("next_seed")

    @admin.action(description="Close the selected rooms")
    def close_rooms(self, request, queryset):
        closed = sum(services.close_room(room.id) for room in queryset)
        self.message_user(request, f"{closed} room(s) closed.", messages.SUCCESS)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class PlayerFilter(admin.SimpleListFilter):
    title = "player"
    parameter_name = "player"

    def lookups(self, request, model_admin):
        from django.contrib.auth import get_user_model

        users = get_user_model().objects.filter(matches__isnull=False).distinct().order_by("username")[:200]
        return [(u.id, u.username) for u in users]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(match__players__id=self.value())
        return queryset


class RoomFilter(admin.SimpleListFilter):
    """Admin's own filter by room would load every room row, next seeds included: names only here."""

    title = "room"
    parameter_name = "room"

    def lookups(self, request, model_admin):
        rooms = Room.objects.only("id", "name", "game").order_by("name")[:200]
        return [(room.id, str(room)) for room in rooms]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(room_id=self.value())
        return queryset


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "status", "started_at", "ended_at", "winners", "verify_link")
    list_filter = ("game", "status", "started_at")
    search_fields = ("room__name", "room__code", "players__username", "fingerprint")
    list_select_related = ("room",)
    readonly_fields = ("seed_shown",)
    exclude = ("seed",)

    def get_queryset(self, request):
        # A running match's seed is never loaded: seed_shown reads it only once the match is over.
        return match_access.without_secrets(super().get_queryset(request))

    @admin.display(description="seed")
    def seed_shown(self, obj):
        return obj.revealed_seed or "(secret until the match ends)"

    @admin.display(description="verify")
    def verify_link(self, obj):
        return format_html('<a href="{}">verify</a>', obj.verify_url)


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "room", "number", "started_at", "ended_at", "scores")
    list_filter = ("game", "started_at", PlayerFilter, RoomFilter)
    search_fields = ("room__name", "room__code", "match__players__username")
    list_select_related = ("room", "match", "match__room")
    date_hierarchy = "started_at"
    fields = ("room", "match", "number", "game", "dealer", "seat_map", "breakdown", "move_log", "replay", "verify")
    readonly_fields = fields

    def get_queryset(self, request):
        # Nothing here shows the deck, the hidden state or the match's seed: none is loaded.
        return (
            super()
            .get_queryset(request)
            .select_related("room", "match", "match__room")
            .defer("deck", "state", "match__seed", "room__next_seed", "match__room__next_seed")
        )

    @admin.display(description="scores")
    def scores(self, obj):
        return stored.as_dict(obj.result).get("scores")

    @admin.display(description="result breakdown")
    def breakdown(self, obj):
        result = stored.as_dict(obj.result)
        parts = stored.as_dict(result.get("breakdown"))
        rows = [(k, v, parts.get(k, "")) for k, v in stored.as_dict(result.get("scores")).items()]
        if not rows:
            return "(hand in progress)"
        return format_html(
            "<table><tr><th>seat/team</th><th>score</th><th>parts</th></tr>{}</table>",
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", rows),
        )

    @admin.display(description="move log")
    def move_log(self, obj):
        rows = [
            (i + 1, entry.get("seat"), entry.get("kind"), "auto" if entry.get("auto") else "", entry.get("move"))
            for i, entry in enumerate(stored.dicts(obj.moves))
        ]
        return format_html("<ol>{}</ol>", format_html_join("", "<li>#{} seat {} {} {} {}</li>", rows))

    @admin.display(description="step-through replay")
    def replay(self, obj):
        return format_html('<a href="{}">replay this hand step by step</a>', reverse("rooms:replay", args=[obj.id]))

    @admin.display(description="verify")
    def verify(self, obj):
        return format_html('<a href="{}">verify the match</a>', obj.match.verify_url)


admin.site.register(PlayerStat, ReadOnlyAdmin)
admin.site.register(Presence, ReadOnlyAdmin)
admin.site.register(Heartbeat, ReadOnlyAdmin)
