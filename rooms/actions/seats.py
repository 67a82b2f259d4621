"""Sitting down, bots, leaving, and who is host.

Seat changes made during play wait for the boundary the game declares
(``spec.boundary``: the end of the hand or of the match; rooms/seat_rules.py).
"""

import logging

from rooms import clock, room_events, signals
from rooms.actions.no_result import end_if_deserted
from rooms.errors import RoomError
from rooms.models import Participant, Presence, Room, Seat
from rooms.policies import STAND_IN_LEVEL
from rooms.records import participants
from rooms.seat_rules import BOT_LEVELS, clear_seat, in_match, seat_event, stand_in
from rooms.table import Table, open_table

logger = logging.getLogger(__name__)


def sit(user, code: str, index) -> Room:
    """Take an empty seat, or reserve a bot's seat; mid-match both wait for the next deal."""
    with open_table(code, user=user) as t:
        room, seat = t.room, t.seat_at(index)
        _check_can_sit(t, seat)
        if seat.bot_level:
            between_hands = room.status == Room.Status.HAND_OVER and t.spec.boundary == "hand"
            if not in_match(room) or not seat.active or between_hands:
                # Between matches (or between hands where seat changes wait for the hand)
                # a person simply takes the bot's place.
                seat.bot_level, seat.bot_memory, seat.user = "", {}, user
                seat.active = seat.stand_in = seat.remove_pending = False
            else:
                if seat.reserved_by_id:
                    raise RoomError("seat_reserved", "Someone already reserved this bot's seat.")
                seat.reserved_by = user
        else:
            seat.user, seat.active = user, False
        seat.absent_since = None
        t.touch_seat(seat)
        if room.host_id is None:
            room.host = user
    return t.room


def _check_can_sit(t: Table, seat: Seat) -> None:
    if t.room.arena:
        raise RoomError("arena_seats")  # its app seats the people it pairs (rooms/actions/arena.py)
    mine = t.seat_for()
    if mine is not None:
        if mine.index == seat.index:
            raise RoomError("already_seated", "You are already in this seat.")
        raise RoomError("already_seated")
    if any(s.reserved_by_id == t.user.id for s in t.seats):
        raise RoomError("already_seated", "You already reserved a seat in this room.")
    if seat.user_id is not None:
        raise RoomError("seat_taken")
    match = t.match
    if in_match(t.room) and match is not None and Participant.objects.filter(match=match, user=t.user).exists():
        # One seat per person per match (docs/ratings.md): whoever left their seat left the match,
        # and sits again when the next one starts, so no one hops to a better seat between hands.
        raise RoomError("left_this_match")


def add_bot(user, code: str, index, level: str = "normal") -> Room:
    with open_table(code, user=user, host_only=True) as t:
        if level not in BOT_LEVELS:
            raise RoomError("bad_level")
        seat = t.seat_at(index)
        if not seat.is_empty:
            raise RoomError("seat_taken")
        bots = sum(1 for s in t.seats if s.bot_level and not s.stand_in)
        if bots >= t.spec.max_bots_for(t.room.seat_count):
            raise RoomError("too_many_bots")
        seat.bot_level, seat.bot_memory = level, {}
        seat.active = False  # a bot added mid-match waits for the next deal
        t.touch_seat(seat)
        room_events.announce(t, "bot_added", seat=seat.index, level=level, by=room_events.person(user))
    return t.room


def remove_bot(user, code: str, index) -> Room:
    with open_table(code, user=user, host_only=True) as t:
        seat = t.seat_at(index)
        if not seat.bot_level:
            raise RoomError("not_a_bot")
        if seat.active and in_match(t.room):
            seat.remove_pending = True  # applied at the boundary the game declares
        else:
            clear_seat(seat)
        t.touch_seat(seat)
    return t.room


def leave(user, code: str) -> Room:
    with open_table(code, user=user) as t:
        if leave_seat(t, user) is None:
            raise RoomError("not_seated")
        t.touch(state_changed=True)
    return t.room


def leave_seat(t: Table, user, reason: str = "left") -> Seat | None:
    """Remove a person from their seat under the game's leaving rule; None if they had none."""
    for seat in t.seats:
        if seat.reserved_by_id == user.id:
            seat.reserved_by = None
            t.touch_seat(seat)
    seat = t.seat_for(user)
    if seat is None:
        transfer_host(t, leaving=user)
        return None
    room, rules = t.room, t.spec
    ended = ENDED.get(reason, Participant.Ended.REMOVED)
    if reason in ("removed after absence", "removed in pause"):
        room_events.announce(t, "removed_absent", name=room_events.holder(seat), seat=seat.index)
    if room.status == Room.Status.PLAYING and seat.active:
        if rules.on_leave == "remove":
            t.remove_player(seat, by=user.username)
            participants.record_departure(t.hand, seat, ended, clock.now())
            room.last_move = seat_event(seat, "leave")
            clear_seat(seat)
            t.touch_seat(seat)
            if t.hand_is_over():
                t.end_hand()
        else:
            participants.record_departure(t.hand, seat, ended, clock.now(), stand_in_level=STAND_IN_LEVEL)
            stand_in(t, seat)
    elif room.status == Room.Status.HAND_OVER and seat.active:
        # Between two hands of a match: the person leaves the match after the last hand.
        participants.record_departure(room.current_hand, seat, ended, clock.now())
        if rules.on_leave == "stand_in" and rules.stand_in_until == "match":
            stand_in(t, seat)  # the seat keeps a bot for the rest of the match
        else:
            clear_seat(seat)
            t.touch_seat(seat)
    else:
        clear_seat(seat)
        t.touch_seat(seat)
    end_if_deserted(t)  # between two hands with no person left, nobody could deal the next
    signals.seat_left.send(sender=Room, room=room, user_id=user.id, reason=reason)  # in this unit of work
    transfer_host(t, leaving=user, reason=HOST_REASON.get(reason, "left"))
    logger.info("room %s: %s %s seat %s", room.code, user.username, reason, seat.index)
    return seat


# Why the host role passed, by the reason a person left their seat.
HOST_REASON = {"left": "left", "removed after absence": "absent", "removed in pause": "absent", "removed": "removed"}
# How the participant row ends, by the reason: an absence inside a host's pause is not a leave.
ENDED = {"left": Participant.Ended.LEFT, "removed in pause": Participant.Ended.REMOVED_IN_PAUSE}


def transfer_host(t: Table, leaving, reason: str = "left") -> None:
    """The host role passes to another person of the room ("quando necessário").

    A connected seated person first (lowest seat), then a connected watcher (the
    one connected longest), then a seated person who is away. With nobody else
    the leaver keeps the role while still connected (a host who only stood up),
    and a room with no person left has no host.
    """
    room = t.room
    if room.host_id != leaving.id:
        return
    new_host = next_host(t, leaving)
    connected = t.connected_user_ids()
    if new_host is None and leaving.id in connected:
        return
    room.host = new_host
    room.host_absent_since = None if new_host is None or new_host.id in connected else clock.now()
    room_events.announce(
        t, "host_changed", reason=reason, to=room_events.person(new_host), **{"from": room_events.person(leaving)}
    )


def next_host(t: Table, leaving):
    """Who takes the host role from ``leaving``, in the order of ``transfer_host``; None if nobody."""
    connected = t.connected_user_ids() - {leaving.id}
    seated = [s.user for s in t.seats if s.user_id and s.user_id != leaving.id]
    new_host = next((u for u in seated if u.id in connected), None)
    if new_host is None and connected:
        present = (
            Presence.objects.filter(room=t.room, user_id__in=connected)
            .select_related("user")
            .order_by("connected_at", "id")
            .first()
        )
        new_host = present.user if present else None
    if new_host is None and seated:
        new_host = seated[0]
    return new_host
