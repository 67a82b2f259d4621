"""The hand page: who held each seat, the dealer, the scores, and its record (cards, moves, replay, export)."""

from django.contrib import admin
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from accounts.admin_base import ReadOnlyAdmin
from rooms.admin.columns import hands_shown, holders_line, link, scores_line
from rooms.admin.filters import PlayerFilter, RoomFilter
from rooms.hints import record as hint_record
from rooms.models import Hand, Match
from rooms.records import hand_export, hand_record, participants, stored
from rooms.records.describe import holder_name, seat_label


def log_by_seat(record, chosen) -> dict:
    """The moves of one seat when ``?seat=N`` (from 1) names one of the hand's seats; links to each seat's.

    Returns ``log`` (the lines shown), ``log_seat`` (the chosen seat or None) and
    ``log_filters`` (every seat with who held it, its link, and whether chosen).
    """
    numbers = [seat.number for seat in record.seats]
    seat = int(chosen) if isinstance(chosen, str) and chosen.isdigit() and int(chosen) in numbers else None
    filters = [{"label": _("All seats"), "query": "", "chosen": seat is None}]
    for row in record.seats:
        names = ", ".join(dict.fromkeys(holder.name for holder in row.holders))
        filters.append(
            {
                "label": " · ".join(filter(None, [seat_label(row.number - 1), names])),
                "query": f"?seat={row.number}",
                "chosen": row.number == seat,
            }
        )
    lines = record.log if seat is None else [line for line in record.log if line.seat == seat]
    return {"log": lines, "log_seat": seat, "log_filters": filters}


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "room_link", "number", "holders", "started_at", "ended_at", "scores")
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
        return hands_shown(super().get_queryset(request), with_room=True, with_moves=True)

    def get_urls(self):
        export = path(
            "<id:hand_id>/export.json",
            self.admin_site.admin_view(hand_export.view),
            name="rooms_hand_export",
        )
        return [export, *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        hand = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if hand is not None:
            record = hand_record.build(hand)
            extra["record"] = record
            extra["hints"] = [
                (line, hint_record.followed_label(line)) for line in hint_record.lines(hand, participants.holders(hand))
            ]
            extra.update(log_by_seat(record, request.GET.get("seat")))
        return super().change_view(request, object_id, form_url, extra_context=extra)

    @admin.display(description=gettext_lazy("room"))
    def room_link(self, obj):
        return link(reverse("admin:rooms_room_change", args=[obj.room_id]), f"{obj.room.name} ({obj.room.code})")

    @admin.display(description=pgettext_lazy("record", "match"))
    def match_link(self, obj):
        return link(
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

    # Not "players": Hand has a field of that name, and the admin reads a model's field before a method.
    @admin.display(description=gettext_lazy("players"))
    def holders(self, obj):
        return holders_line(obj.participants.all()) or "—"

    @admin.display(description=gettext_lazy("scores"))
    def scores(self, obj):
        return scores_line(obj)

    @admin.display(description=gettext_lazy("records"))
    def links(self, obj):
        parts = [(obj.match.verify_url, _("Verify the match's shuffle"))]
        if obj.ended_at is not None:
            parts.insert(0, (reverse("rooms:replay", args=[obj.pk]), _("Replay this hand step by step")))
        if obj.match.status != Match.Status.PLAYING:
            parts.append((reverse("admin:rooms_hand_export", args=[obj.pk]), _("Export the hand as JSON")))
        return format_html_join(" · ", '<a href="{}">{}</a>', parts)
