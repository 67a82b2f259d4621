"""The host's powers over the table: arranging seats, removing a person, handing the role on, closing.

Each is checked here, under the room's lock, and announced to everyone at the
table (rooms/room_events.py). Seats are arranged only while no match is being
played (before the first, or after one ends): a move between two hands would
hand a person another seat's or team's total and make the match's record
credit a result to someone who did not earn it (docs/rooms.md).
"""

from rooms import room_events
from rooms.actions.match import close
from rooms.actions.seats import leave_seat
from rooms.errors import RoomError
from rooms.models import Room, Seat
from rooms.table import Table, open_table

# What belongs to whoever sits in a seat, and so moves with them.
SEAT_CONTENT = (
    "user",
    "bot_level",
    "bot_memory",
    "active",
    "stand_in",
    "remove_pending",
    "reserved_by",
    "absent_since",
    "client_seed",
    "joined_via",
)


def _two_seats(t: Table, index, other) -> tuple[Seat, Seat]:
    """The seats a move or swap names, once the room may be arranged: two seats, the first occupied."""
    if t.room.status not in (Room.Status.WAITING, Room.Status.MATCH_OVER):
        raise RoomError("seats_locked")
    seat, second = t.seat_at(index), t.seat_at(other)
    if seat.index == second.index:
        raise RoomError("same_seat")
    if seat.is_empty:
        raise RoomError("seat_empty")
    return seat, second


def _exchange(t: Table, a: Seat, b: Seat) -> None:
    for field in SEAT_CONTENT:
        first, second = getattr(a, field), getattr(b, field)
        setattr(a, field, second)
        setattr(b, field, first)
    t.touch_seat(a)
    t.touch_seat(b)


def move_seat(user, code: str, index, to) -> Room:
    """Move the person (or bot) in seat ``index`` to the empty seat ``to``."""
    with open_table(code, user=user, host_only=True) as t:
        seat, target = _two_seats(t, index, to)
        if not target.is_empty:
            raise RoomError("seat_taken")
        who = room_events.holder(seat)
        _exchange(t, seat, target)
        room_events.announce(
            t, "seat_moved", name=who, by=room_events.person(user), **{"from": seat.index, "to": target.index}
        )
    return t.room


def swap_seats(user, code: str, index, other) -> Room:
    """Exchange whoever sits in two seats (the Buraco partnerships are chosen this way)."""
    with open_table(code, user=user, host_only=True) as t:
        seat, second = _two_seats(t, index, other)
        if second.is_empty:
            raise RoomError("seat_empty")
        first_name, second_name = room_events.holder(seat), room_events.holder(second)
        _exchange(t, seat, second)
        room_events.announce(
            t,
            "seats_swapped",
            seat=seat.index,
            other=second.index,
            name=first_name,
            other_name=second_name,
            by=room_events.person(user),
        )
    return t.room


def remove_person(user, code: str, index) -> Room:
    """Take a person off a seat of a private room, never during a hand; they stay in the room watching."""
    with open_table(code, user=user, host_only=True) as t:
        seat = t.seat_at(index)
        if t.room.is_public:
            raise RoomError("public_room")
        if t.room.status == Room.Status.PLAYING:
            raise RoomError("hand_in_progress")
        if seat.user_id is None:
            raise RoomError("not_a_person")
        if seat.user_id == user.id:
            raise RoomError("not_yourself")
        removed = seat.user
        room_events.announce(
            t,
            "removed_by_host",
            name=room_events.holder(seat),
            seat=seat.index,
            by=room_events.person(user),
            user=removed.id,
        )
        leave_seat(t, removed, reason="removed")
        t.touch(state_changed=True)
    return t.room


def hand_host(user, code: str, index) -> Room:
    """Give the host role to the person in seat ``index`` (so an old host can have it back)."""
    with open_table(code, user=user, host_only=True) as t:
        seat = t.seat_at(index)
        if seat.user_id is None:
            raise RoomError("not_a_person")
        if seat.user_id == user.id:
            raise RoomError("not_yourself")
        t.room.host = seat.user
        t.room.host_absent_since = None
        room_events.announce(
            t, "host_changed", reason="handed", to=room_events.person(seat.user), **{"from": room_events.person(user)}
        )
    return t.room


def close_by_host(user, code: str) -> Room:
    """The host ends the room: a match being played is abandoned, and every socket is closed.

    Closing never erases a loss: the host is rated as having left a match being
    played, as ``end_match`` rates them (docs/ratings.md).
    """
    with open_table(code, user=user, host_only=True) as t:
        room_events.announce(t, "room_closed", by=room_events.person(user))
        close(t, ended_by=user)
        t.emit("room_closed")
    return t.room
