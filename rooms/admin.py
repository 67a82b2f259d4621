"""Staff views of rooms and their history: read-only records that answer questions.

Every name shown for the past comes from the hands' participants (who held each
seat, when), seats are numbered from 1, moves are sentences from the shared
describer (rooms/describe.py), and nothing a staff member can type here changes
a room: live state is read-only, and closing or pausing a room are explicit
actions behind a confirmation page (rooms/admin_actions.py).
"""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import Prefetch
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games import registry
from rooms import admin_actions, hand_export, hand_record, match_access, stored
from rooms.describe import holder_name, seat_label, team_label, winner_names
from rooms.models import Hand, Heartbeat, Match, Participant, PlayerStat, Presence, Room, Seat

admin.site.site_header = gettext_lazy("Mesa staff")
admin.site.site_title = gettext_lazy("Mesa staff")
admin.site.index_title = gettext_lazy("Rooms, matches, hands and players")


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records are written by the room services only: staff read them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def _link(url: str, text) -> str:
    return format_html('<a href="{}">{}</a>', url, text)


def _holders_line(rows) -> str:
    """ "1 alice · 2 Bruno → Bot (normal) standing in · 3 Bot (easy)": who held each seat of a hand, in order."""
    by_seat: dict[int, list[str]] = {}
    for row in rows:
        names = by_seat.setdefault(row.seat, [])
        name = holder_name(row)
        if name not in names:
            names.append(name)
    return " · ".join(f"{seat + 1} {' → '.join(names)}" for seat, names in sorted(by_seat.items()))


# -- filters ----------------------------------------------------------------------------------


class PlayerFilter(admin.SimpleListFilter):
    """Every hand (or match) a person held a seat in, also the ones they left: by the recorded participants."""

    title = gettext_lazy("player")
    parameter_name = "player"

    def lookups(self, request, model_admin):
        users = (
            get_user_model()
            .objects.filter(participations__isnull=False)
            .distinct()
            .order_by("username")
            .only("id", "username", "display_name")[:200]
        )
        return [(u.id, f"{u.username} ({u.display_name})" if u.display_name else u.username) for u in users]

    def queryset(self, request, queryset):
        if self.value() and str(self.value()).isdigit():
            return queryset.filter(participants__user_id=int(self.value())).distinct()
        return queryset


class RoomFilter(admin.SimpleListFilter):
    """Admin's own filter by room would load every room row, next seeds included: names only here."""

    title = gettext_lazy("room")
    parameter_name = "room"

    def lookups(self, request, model_admin):
        rooms = Room.objects.only("id", "name", "game", "code").order_by("name")[:200]
        return [(room.id, f"{room.name} ({room.code})") for room in rooms]

    def queryset(self, request, queryset):
        if self.value() and str(self.value()).isdigit():
            return queryset.filter(room_id=int(self.value()))
        return queryset


# -- rooms ------------------------------------------------------------------------------------


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
        return [*admin_actions.room_urls(self), *super().get_urls()]

    @admin.display(description=gettext_lazy("options"))
    def options_table(self, obj):
        options = stored.as_dict(obj.options)
        if not options:
            return "—"
        return format_html(
            '<table class="mesa-small"><tbody>{}</tbody></table>',
            format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", ((k, v) for k, v in options.items())),
        )

    @admin.display(description=gettext_lazy("current match"))
    def current_match_link(self, obj):
        if not obj.current_match_id:
            return "—"
        return _link(reverse("admin:rooms_match_change", args=[obj.current_match_id]), _("Open the match"))

    @admin.display(description=gettext_lazy("current hand"))
    def current_hand_link(self, obj):
        if not obj.current_hand_id:
            return "—"
        return _link(reverse("admin:rooms_hand_change", args=[obj.current_hand_id]), _("Open the hand"))

    @admin.display(description=gettext_lazy("staff actions"))
    def staff_actions(self, obj):
        return admin_actions.links(obj)

    @admin.action(description=gettext_lazy("Close the selected rooms…"))
    def close_rooms(self, request, queryset):
        return admin_actions.confirm_bulk(self, request, queryset, "close")

    @admin.action(description=gettext_lazy("Pause the selected rooms…"))
    def pause_rooms(self, request, queryset):
        return admin_actions.confirm_bulk(self, request, queryset, "pause")

    @admin.action(description=gettext_lazy("Resume the selected rooms paused by staff…"))
    def resume_rooms(self, request, queryset):
        return admin_actions.confirm_bulk(self, request, queryset, "resume")


# -- matches ----------------------------------------------------------------------------------


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ("hand_link", "players", "scores_line", "started_at", "ended_at")
    readonly_fields = fields
    ordering = ("number",)
    show_change_link = False

    def get_queryset(self, request):
        # Each row's title names its match and room: loaded here, without their seeds.
        return (
            super()
            .get_queryset(request)
            .select_related("match", "match__room")
            .defer("deck", "state", "moves", "match__seed", "match__room__next_seed")
            .prefetch_related(Prefetch("participants", queryset=Participant.objects.order_by("seat", "from_move")))
        )

    @admin.display(description=gettext_lazy("hand"))
    def hand_link(self, obj):
        return _link(reverse("admin:rooms_hand_change", args=[obj.pk]), _("Hand %(number)s") % {"number": obj.number})

    @admin.display(description=gettext_lazy("players"))
    def players(self, obj):
        return _holders_line(obj.participants.all())

    @admin.display(description=gettext_lazy("scores"))
    def scores_line(self, obj):
        return _scores_line(obj)


def _scores_line(hand) -> str:
    scores = stored.as_dict(stored.as_dict(hand.result).get("scores"))
    return " · ".join(f"{_score_key(hand.game, k)}: {v}" for k, v in scores.items()) or "—"


def _score_key(game: str, key) -> str:
    try:
        return team_label(int(key)) if registry.spec(game).teams else seat_label(int(key))
    except (TypeError, ValueError, KeyError):
        return str(key)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "status", "started_at", "ended_at", "people", "winners_named", "verify_link")
    list_filter = ("game", "status", PlayerFilter, "started_at")
    search_fields = (
        "room__name",
        "room__code",
        "participants__name",
        "participants__user__username",
        "fingerprint",
        "public_id",
    )
    list_select_related = ("room",)
    fields = (
        "room",
        "number",
        "game",
        "status",
        "started_at",
        "ended_at",
        "people",
        "winners_named",
        "totals_table",
        "fingerprint",
        "seed_shown",
        "verify_link",
    )
    readonly_fields = fields
    inlines = [HandInline]

    def get_queryset(self, request):
        # A running match's seed is never loaded: seed_shown reads it only once the match is over.
        return match_access.without_secrets(super().get_queryset(request)).prefetch_related(
            Prefetch("participants", queryset=Participant.objects.order_by("hand_number", "seat", "from_move"))
        )

    @admin.display(description=gettext_lazy("seed"))
    def seed_shown(self, obj):
        return obj.revealed_seed or _("(secret until the match ends)")

    @admin.display(description=gettext_lazy("verify"))
    def verify_link(self, obj):
        return _link(obj.verify_url, _("verify"))

    @admin.display(description=gettext_lazy("who played"))
    def people(self, obj):
        return _holders_line(obj.participants.all()) or "—"

    @admin.display(description=gettext_lazy("winners"))
    def winners_named(self, obj):
        return ", ".join(winner_names(obj, list(obj.participants.all()))) or "—"

    @admin.display(description=gettext_lazy("totals"))
    def totals_table(self, obj):
        totals = stored.as_dict(obj.totals)
        if not totals:
            return "—"
        return format_html(
            '<table class="mesa-small"><tbody>{}</tbody></table>',
            format_html_join(
                "", "<tr><th>{}</th><td>{}</td></tr>", ((_score_key(obj.game, k), v) for k, v in totals.items())
            ),
        )


# -- hands ------------------------------------------------------------------------------------


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "room_link", "number", "players", "started_at", "ended_at", "scores")
    list_filter = ("game", PlayerFilter, RoomFilter, "started_at")
    search_fields = ("room__name", "room__code", "participants__name", "participants__user__username")
    list_select_related = ("room", "match", "match__room")
    date_hierarchy = "started_at"
    fields = ("room_link", "match_link", "number", "game", "dealer_seat", "started_at", "ended_at", "links")
    readonly_fields = fields
    change_form_template = "admin/rooms/hand/change_form.html"

    def get_queryset(self, request):
        # Nothing here shows the deck, the hidden state or the match's seed: none is loaded
        # (the hand page's cards load them on their own, once the match is over).
        return (
            super()
            .get_queryset(request)
            .select_related("room", "match", "match__room")
            .defer("deck", "state", "match__seed", "room__next_seed", "match__room__next_seed")
            .prefetch_related(Prefetch("participants", queryset=Participant.objects.order_by("seat", "from_move")))
        )

    def get_urls(self):
        export = path(
            "<int:hand_id>/export.json",
            self.admin_site.admin_view(hand_export.view),
            name="rooms_hand_export",
        )
        return [export, *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        hand = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if hand is not None:
            extra["record"] = hand_record.build(hand)
        return super().change_view(request, object_id, form_url, extra_context=extra)

    @admin.display(description=gettext_lazy("room"))
    def room_link(self, obj):
        return _link(reverse("admin:rooms_room_change", args=[obj.room_id]), f"{obj.room.name} ({obj.room.code})")

    @admin.display(description=pgettext_lazy("record", "match"))
    def match_link(self, obj):
        return _link(
            reverse("admin:rooms_match_change", args=[obj.match_id]),
            _("Match %(number)s") % {"number": obj.match.number},
        )

    @admin.display(description=gettext_lazy("dealer"))
    def dealer_seat(self, obj):
        seat_map = stored.as_list(obj.seat_map)
        if not isinstance(obj.dealer, int) or not 0 <= obj.dealer < len(seat_map):
            return "—"
        room_seat = seat_map[obj.dealer]
        dealt = [r for r in obj.participants.all() if r.seat == room_seat and r.from_move == 0]
        name = holder_name(dealt[0]) if dealt else ""
        return " · ".join(filter(None, [seat_label(room_seat), name]))

    @admin.display(description=gettext_lazy("players"))
    def players(self, obj):
        return _holders_line(obj.participants.all()) or "—"

    @admin.display(description=gettext_lazy("scores"))
    def scores(self, obj):
        return _scores_line(obj)

    @admin.display(description=gettext_lazy("records"))
    def links(self, obj):
        parts = [(obj.match.verify_url, _("Verify the match's shuffle"))]
        if obj.ended_at is not None:
            parts.insert(0, (reverse("rooms:replay", args=[obj.pk]), _("Replay this hand step by step")))
        if obj.match.status != Match.Status.PLAYING:
            parts.append((reverse("admin:rooms_hand_export", args=[obj.pk]), _("Export the hand as JSON")))
        return format_html_join(" · ", '<a href="{}">{}</a>', parts)


# -- who played, statistics, presence -----------------------------------------------------------


@admin.register(Participant)
class ParticipantAdmin(ReadOnlyAdmin):
    """Every time someone held a seat: search a person to find every hand they played, also those they left."""

    list_display = (
        "hand_link",
        "seat_number",
        "holder",
        "joined",
        "from_move_shown",
        "until_move",
        "ended",
        "started_at",
    )
    list_filter = ("joined", "ended", "bot_level", "match__game")
    search_fields = ("name", "user__username", "user__display_name", "match__room__name", "match__room__code")
    list_select_related = ("match", "match__room", "hand")
    fields = list_display
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).defer("match__seed", "match__room__next_seed", "hand__deck", "hand__state")

    @admin.display(description=gettext_lazy("hand"))
    def hand_link(self, obj):
        label = f"{obj.match.room.name} · {_('Match %(number)s') % {'number': obj.match.number}} · "
        label += _("Hand %(number)s") % {"number": obj.hand_number}
        if obj.hand_id is None:
            return label
        return _link(reverse("admin:rooms_hand_change", args=[obj.hand_id]), label)

    @admin.display(description=gettext_lazy("seat"))
    def seat_number(self, obj):
        return obj.seat + 1

    @admin.display(description=gettext_lazy("held by"))
    def holder(self, obj):
        return holder_name(obj)

    @admin.display(description=gettext_lazy("from move"))
    def from_move_shown(self, obj):
        return obj.from_move + 1


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
