"""The match page: who played, the winners, the totals, the seed once it may be shown, and its hands."""

from django.contrib import admin
from django.db.models import Prefetch
from django.urls import path, reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.admin_base import ReadOnlyAdmin, ReadOnlyInline
from rooms.admin.columns import hands_shown, holders_line, link, score_key, scores_line, small_table
from rooms.admin.filters import PlayerFilter
from rooms.models import Hand, Match, Participant
from rooms.records import hand_export, match_access, stored
from rooms.records.describe import winner_names


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ("hand_link", "holders", "scores_line", "started_at", "ended_at")
    readonly_fields = fields
    ordering = ("number",)
    show_change_link = False

    def get_queryset(self, request):
        # Each row's title names its match and room: loaded here, without their seeds.
        return hands_shown(super().get_queryset(request), with_room=False, with_moves=False)

    @admin.display(description=gettext_lazy("hand"))
    def hand_link(self, obj):
        return link(reverse("admin:rooms_hand_change", args=[obj.pk]), _("Hand %(number)s") % {"number": obj.number})

    # Not "players": Hand has a field of that name, and the admin reads a model's field before a method.
    @admin.display(description=gettext_lazy("players"))
    def holders(self, obj):
        return holders_line(obj.participants.all())

    @admin.display(description=gettext_lazy("scores"))
    def scores_line(self, obj):
        return scores_line(obj)


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
        "export_link",
        "rating_void",
    )
    readonly_fields = fields
    inlines = [HandInline]

    def get_urls(self):
        export = path(
            "<id:match_id>/export.json",
            self.admin_site.admin_view(hand_export.match_view),
            name="rooms_match_export",
        )
        return [export, *super().get_urls()]

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
        return link(obj.verify_url, _("verify"))

    @admin.display(description=gettext_lazy("export"))
    def export_link(self, obj):
        if obj.status == Match.Status.PLAYING:
            return _("(once the match ends)")
        return link(reverse("admin:rooms_match_export", args=[obj.pk]), _("Export the whole match as JSON"))

    @admin.display(description=gettext_lazy("rating"))
    def rating_void(self, obj):
        """Voided (by whom, when, why), or the way to void it: staff's alone (the ratings' admin page)."""
        if obj.voided_at is not None:
            return _("Voided by %(who)s on %(when)s: %(reason)s") % {
                "who": obj.voided_by.username if obj.voided_by else "—",
                "when": date_format(obj.voided_at, "SHORT_DATETIME_FORMAT"),
                "reason": obj.void_reason,
            }
        if obj.status == Match.Status.PLAYING or not obj.room.rated:
            return "—"
        return link(reverse("admin:ratings_match_void", args=[obj.pk]), _("Void its rating…"))

    @admin.display(description=gettext_lazy("who played"))
    def people(self, obj):
        return holders_line(obj.participants.all()) or "—"

    @admin.display(description=gettext_lazy("winners"))
    def winners_named(self, obj):
        return ", ".join(winner_names(obj, list(obj.participants.all()))) or "—"

    @admin.display(description=gettext_lazy("totals"))
    def totals_table(self, obj):
        return small_table((score_key(obj.game, k), v) for k, v in stored.as_dict(obj.totals).items())
