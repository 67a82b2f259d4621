"""A person's move: the checks of who may play on which table, then ``Table.apply``."""

from rooms.errors import RoomError
from rooms.models import Room
from rooms.table import open_table


def move(user, code: str, version, move_data) -> Room:
    with open_table(code, user=user) as t:
        room = t.room
        if not isinstance(move_data, dict):
            raise RoomError("bad_move", "A move must be an object.")
        if room.status != Room.Status.PLAYING:
            raise RoomError("not_playing")
        if room.paused:
            raise RoomError("paused")
        seat, hand = t.seat_for(), t.hand
        if seat is None or not seat.active or seat.index not in hand.seat_map:
            raise RoomError("not_playing_here")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RoomError("bad_version")
        if version != room.state_version:
            raise RoomError("stale")
        t.apply(hand.seat_map.index(seat.index), move_data, "move", by=user.username)
        t.lobby = None
    return t.room
