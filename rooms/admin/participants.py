"""Who held which seat of which hand, from which move: the list staff search by person."""

from django.contrib import admin
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.admin_base import ReadOnlyAdmin
from rooms.admin.columns import link
from rooms.models import Participant
from rooms.records.describe import holder_name


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
        return link(reverse("admin:rooms_hand_change", args=[obj.hand_id]), label)

    @admin.display(description=gettext_lazy("seat"))
    def seat_number(self, obj):
        return obj.seat + 1

    @admin.display(description=gettext_lazy("held by"))
    def holder(self, obj):
        return holder_name(obj)

    @admin.display(description=gettext_lazy("from move"))
    def from_move_shown(self, obj):
        return obj.from_move + 1
