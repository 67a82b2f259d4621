"""Staff views of rooms and their history: read-only records that answer questions.

Every name shown for the past comes from the hands' participants (who held each
seat, when), seats are numbered from 1, moves are sentences from the shared
describer (rooms/records/describe.py), and nothing a staff member can type here changes
a room: live state is read-only, and closing or pausing a room are explicit
actions behind a confirmation page (rooms/admin/room_actions.py).

One module a record: rooms, matches, hands, participants, and the activity
tables (statistics, presence, heartbeats); what they share is in base.py
(read-only admins), columns.py (links, holders, scores) and filters.py.
Importing this package registers them all, as Django's admin discovery expects.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from accounts.admin_base import ReadOnlyAdmin, ReadOnlyInline
from rooms.admin import activity, hands, matches, participants, rooms

admin.site.site_header = gettext_lazy("Mesa staff")
admin.site.site_title = gettext_lazy("Mesa staff")
admin.site.index_title = gettext_lazy("Rooms, matches, hands and players")

__all__ = ["ReadOnlyAdmin", "ReadOnlyInline", "activity", "hands", "matches", "participants", "rooms"]
