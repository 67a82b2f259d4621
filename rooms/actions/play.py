"""A person's move: the checks of who may play on which table, then ``Table.apply``."""

from rooms.errors import RoomError
from rooms.models import Room
from rooms.table import open_table


def playing_seat(t):
    """The user's seat and its engine seat in the hand being played; ``RoomError`` when they have none now."""
    room = t.room
    if room.status != Room.Status.PLAYING:
        raise RoomError("not_playing")
    if room.paused:
        raise RoomError("paused")
    seat, hand = t.seat_for(), t.hand
    if seat is None or not seat.active or seat.index not in hand.seat_map:
        raise RoomError("not_playing_here")
    return seat, hand.seat_map.index(seat.index)


def move(user, code: str, version, move_data) -> Room:
    with open_table(code, user=user) as t:
        room = t.room
        if not isinstance(move_data, dict):
            raise RoomError("bad_move", "A move must be an object.")
        _seat, engine_seat = playing_seat(t)
        if not isinstance(version, int) or isinstance(version, bool):
            raise RoomError("bad_version")
        if version != room.state_version:
            raise RoomError("stale")
        t.apply(engine_seat, move_data, "move", by=user.username)
        t.lobby = None
    return t.room
