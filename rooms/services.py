"""The room layer's public face: every action that changes a room, by name.

The actions live in ``rooms.actions`` by domain (setup, seats, match, play,
deadlines, presence), each a check-then-do function over one unit of work
(``rooms.table.open_table``): one transaction with the room row locked, the
engine called through the table, and only after commit the per-seat
snapshots published and the next bot turn or timeout scheduled. Consumers,
views, tasks and tests call them through this module.
"""

from rooms.actions.deadlines import THINK_OUTSIDE_LOCK, pause, resume, run_deadline, staff_pause, staff_resume
from rooms.actions.hint import hint
from rooms.actions.host import close_by_host, hand_host, move_seat, remove_person, swap_seats
from rooms.actions.match import close_room, end_match, expire, next_hand, set_client_seed, start_match
from rooms.actions.play import move
from rooms.actions.presence import (
    connect,
    disconnect,
    room_version,
    sweep,
    touch_presence,
    touch_room_presences,
)
from rooms.actions.seats import add_bot, leave, remove_bot, sit
from rooms.actions.setup import create_room, set_options, validate_options, validate_time_limit
from rooms.errors import RoomError
from rooms.seat_rules import BOT_LEVELS, seat_for_user
from rooms.table import HISTORY_KEEP, ROOM_FIELDS_BUT_HISTORY

__all__ = [
    "BOT_LEVELS",
    "HISTORY_KEEP",
    "ROOM_FIELDS_BUT_HISTORY",
    "THINK_OUTSIDE_LOCK",
    "RoomError",
    "add_bot",
    "close_by_host",
    "hand_host",
    "hint",
    "move_seat",
    "remove_person",
    "swap_seats",
    "close_room",
    "connect",
    "create_room",
    "disconnect",
    "end_match",
    "expire",
    "leave",
    "move",
    "next_hand",
    "pause",
    "remove_bot",
    "resume",
    "room_version",
    "run_deadline",
    "seat_for_user",
    "set_client_seed",
    "set_options",
    "start_match",
    "sit",
    "staff_pause",
    "staff_resume",
    "sweep",
    "touch_presence",
    "touch_room_presences",
    "validate_options",
    "validate_time_limit",
]
