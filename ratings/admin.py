"""Staff read ratings and every change a rated match made; nothing here writes them (ratings/record.py does)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from ratings import admin_void
from ratings.models import Rating, RatingChange
from rooms.admin import ReadOnlyAdmin


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "shown", "mu", "sigma", "matches", "updated_at")
    list_filter = ("game",)
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user",)
    ordering = ("game", "-shown")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "user", "game", "match", "rank", "left", "shown_before", "shown_after", "delta")
    list_filter = ("game", "left", "created_at")
    search_fields = ("user__username", "user__display_name", "match__public_id")
    list_select_related = ("user", "match", "match__room")
    date_hierarchy = "created_at"

    def get_queryset(self, request):
        return super().get_queryset(request).defer("match__seed", "match__room__next_seed")

    @admin.display(description=gettext_lazy("change"))
    def delta(self, obj):
        return f"{obj.delta:+d}"

    def get_urls(self):
        return [*admin_void.urls(self), *super().get_urls()]
