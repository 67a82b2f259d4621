"""The staff's answers to a text a person published outside the chat: a room's name, a display name.

Each goes through the room's unit of work, so every table that shows the text
gets a new snapshot at once (the room's name in its header, the person's name
on their seat); the admin checks the permission and writes the audit log
(rooms/admin/room_rename.py, accounts/admin.py).
"""

from django.contrib.auth import get_user_model
from django.db import transaction

from rooms.errors import RoomError
from rooms.live import broadcast
from rooms.models import Room, Seat
from rooms.table import open_table


def rename_room(room_id: int, name: str) -> str | None:
    """Staff give a room a new name; returns the old one (None if the room is gone or the name is the same)."""
    name = (name or "").strip()
    if not 1 <= len(name) <= 60:
        raise RoomError("bad_name")
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None or t.room.name == name:
            if t is not None:
                t.skip()
            return None
        old, t.room.name = t.room.name, name
        t.touch(state_changed=True)
    transaction.on_commit(broadcast.publish_lobby, robust=True)
    return old


def reset_display_name(user_id: int) -> str | None:
    """Staff empty a person's display name (tables show the username again); returns the old one, or None."""
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().filter(pk=user_id).first()
        if user is None or not user.display_name:
            return None
        old, user.display_name = user.display_name, ""
        user.save(update_fields=["display_name"])
    rooms = Seat.objects.filter(user_id=user_id).exclude(room__status=Room.Status.CLOSED).values_list("room_id")
    for (room_id,) in set(rooms):
        with open_table(room_id=room_id, missing_ok=True) as t:
            if t is not None:
                t.touch(state_changed=True)  # the seat's name in every snapshot of the table
    return old
