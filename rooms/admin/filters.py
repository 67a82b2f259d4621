"""List filters of the record pages that load names only, never whole rows (a room's next seed included)."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy

from config import ids
from rooms.models import Room


class IdFilter(admin.SimpleListFilter):
    """A filter by one row's id: a value that is not an id (config/ids.py) filters nothing."""

    lookup = ""  # the queryset's filter for the chosen id
    distinct = False  # the lookup crosses a to-many relation: each row once

    def queryset(self, request, queryset):
        chosen_id = ids.id_from_text(self.value())
        if chosen_id is None:
            return queryset
        chosen = queryset.filter(**{self.lookup: chosen_id})
        return chosen.distinct() if self.distinct else chosen


class PlayerFilter(IdFilter):
    """Every hand (or match) a person held a seat in, also the ones they left: by the recorded participants."""

    title = gettext_lazy("player")
    parameter_name = "player"
    lookup = "participants__user_id"
    distinct = True

    def lookups(self, request, model_admin):
        users = (
            get_user_model()
            .objects.filter(participations__isnull=False)
            .distinct()
            .order_by("username")
            .only("id", "username", "display_name")[:200]
        )
        return [(u.id, f"{u.username} ({u.display_name})" if u.display_name else u.username) for u in users]


class RoomFilter(IdFilter):
    """Admin's own filter by room would load every room row, next seeds included: names only here."""

    title = gettext_lazy("room")
    parameter_name = "room"
    lookup = "room_id"

    def lookups(self, request, model_admin):
        rooms = Room.objects.only("id", "name", "game", "code").order_by("name")[:200]
        return [(room.id, f"{room.name} ({room.code})") for room in rooms]
