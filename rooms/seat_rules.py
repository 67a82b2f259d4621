"""What happens to seats: finding them, freeing them, stand-ins, and the changes that wait.

Plain functions on the seats a ``Table`` holds; they mark what they change
(``table.touch_seat``) and never write: the table writes dirty rows once, on
exit. The rules themselves come from the game's declaration (``table.spec``).
"""

import secrets

from rooms import clock, room_events
from rooms.errors import RoomError
from rooms.models import Room, Seat
from rooms.policies import STAND_IN_LEVEL
from rooms.records import describe

BOT_LEVELS = ("easy", "normal", "hard")


def seat_for_user(seats: list[Seat], user) -> Seat | None:
    """The seat a user may act for: taken from the server's record, never from a message."""
    return next((s for s in seats if s.user_id == user.id), None)


def seat_at(seats: list[Seat], index) -> Seat:
    try:
        index = int(index)
    except (TypeError, ValueError, OverflowError):
        raise RoomError("bad_seat", "No such seat.") from None
    seat = next((s for s in seats if s.index == index), None)
    if seat is None:
        raise RoomError("bad_seat", "No such seat.")
    return seat


def in_match(room: Room) -> bool:
    return room.status in (Room.Status.PLAYING, Room.Status.HAND_OVER)


def clear_seat(seat: Seat) -> None:
    """Nobody in the seat any more; a person who reserved it takes it."""
    seat.user = None
    seat.bot_level = ""
    seat.bot_memory = {}
    seat.active = False
    seat.stand_in = False
    seat.remove_pending = False
    seat.absent_since = None
    seat.client_seed = ""
    if seat.reserved_by_id:
        seat.user = seat.reserved_by
        seat.reserved_by = None
        seat.joined_via = "reservation"


def seat_event(seat: Seat, kind: str) -> dict:
    """The table's log entry of a person leaving their seat (made while the seat still names them)."""
    holder = describe.seat_holder(seat)
    return {
        "seat": seat.index,
        "kind": kind,
        "at": clock.now().isoformat(),
        "name": holder.name,
        "text": describe.in_languages(describe.live_event, kind, holder),
    }


def stand_in(table, seat: Seat) -> None:
    """A bot takes the leaver's seat and hand (marked as a stand-in) until ``stand_in_until``."""
    table.room.last_move = seat_event(seat, "stand_in")
    room_events.announce(table, "stand_in", name=room_events.holder(seat), seat=seat.index)
    seat.user = None
    seat.bot_level = STAND_IN_LEVEL
    seat.stand_in = True
    seat.bot_memory = {}
    seat.absent_since = None
    table.touch_seat(seat)


def fill_empty_seats(table) -> None:
    """Each empty seat gets a bot ("Um bot ocupa o lugar vazio"), shown as a bot like any other."""
    filled = [seat.index for seat in table.seats if seat.is_empty]
    if filled:
        room_events.announce(table, "bots_filled", seats=filled)
    for seat in table.seats:
        if seat.is_empty:
            seat.bot_level = STAND_IN_LEVEL
            seat.bot_memory = {}
            seat.stand_in = False
            seat.remove_pending = False
            table.touch_seat(seat)


def apply_boundary(table, boundary: str) -> None:
    """Seat changes that wait for the end of a hand or of a match."""
    rules = table.spec
    if boundary == rules.stand_in_until or boundary == "match":
        for seat in table.seats:
            if seat.stand_in:
                clear_seat(seat)
                table.touch_seat(seat)
    if boundary != rules.boundary and boundary != "match":
        return
    # A seat whose bot must stay for the whole match (every empty seat filled) is freed
    # by its host only when the match ends; a reservation is still taken at the hand.
    removals_now = boundary == "match" or not rules.fill_empty_seats
    for seat in table.seats:
        if seat.reserved_by_id and seat.bot_level:
            seat.user = seat.reserved_by
            seat.reserved_by = None
            seat.joined_via = "reservation"
            seat.bot_level = ""
            seat.bot_memory = {}
            seat.active = False
            seat.stand_in = False
            seat.remove_pending = False
            table.touch_seat(seat)
        elif seat.remove_pending and removals_now:
            clear_seat(seat)
            table.touch_seat(seat)


def next_dealer(room: Room, players: list[Seat]) -> Seat:
    """The next occupied seat after the last dealer; the first dealer of a room is drawn."""
    if room.dealer < 0:
        return players[secrets.randbelow(len(players))]
    later = [s for s in players if s.index > room.dealer]
    return later[0] if later else players[0]
