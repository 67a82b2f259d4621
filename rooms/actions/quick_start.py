"""A quick-play room's start: bots fill its empty seats when the wait runs out, or when the host says so.

The wait is the room's deadline (kind ``quick``), planned when "Jogar agora"
opens the room and run by the same machinery as every deadline (a Celery ETA
task in the stack, a timer in the embedded mode, the sweep if either is lost),
idempotent by the room's state version: it starts the match only if the room
is still waiting at that version, not paused, and its time has come.
"""

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings

from rooms import clock, extensions, room_events
from rooms.models import Match, Room
from rooms.table import Table

QUICK = "quick"


def schedule_start(t: Table) -> None:
    """The room starts with bots ``QUICK_PLAY_WAIT_SECONDS`` from now (the table shows the countdown)."""
    t.room.deadline_kind = QUICK
    t.set_deadline(clock.now() + timedelta(seconds=settings.QUICK_PLAY_WAIT_SECONDS))


def waiting_to_start(room: Room) -> bool:
    return room.quick_play and room.status == Room.Status.WAITING and room.deadline_kind == QUICK


def fill_and_start(t: Table, begin_match: Callable[[Table], Match]) -> None:
    """Bots of the people's level in every empty seat, then the first match, dealt at once.

    ``begin_match`` is rooms/actions/match.py's, handed in by its callers: that module
    imports this one for the host's "start now", so this one cannot import it back."""
    room = t.room
    people = [s.user_id for s in t.seats if s.user_id is not None]
    if not people:
        room.deadline, room.deadline_kind, room.deadline_left = None, "", None
        return
    level = extensions.quick_bot_level(room.game, people)  # the ratings' (ratings/quick_level.py)
    empty = [s for s in t.seats if s.is_empty]
    room_bots = sum(1 for s in t.seats if s.bot_level)
    allowed = max(0, t.spec.max_bots_for(room.seat_count) - room_bots)
    filled = [seat.index for seat in empty[:allowed]]
    for seat in empty[:allowed]:
        seat.bot_level, seat.bot_memory, seat.active = level, {}, False
        t.touch_seat(seat)
    room.deadline, room.deadline_kind, room.deadline_left = None, "", None
    match = begin_match(t)
    room_events.announce(t, "quick_started", seats=filled, level=level, number=match.number)


def run_quick_start(t: Table, version: int | None, begin_match: Callable[[Table], Match]) -> bool:
    """The wait ran out: start with bots. Does nothing unless still due at ``version``."""
    room = t.room
    if not waiting_to_start(room) or room.paused or room.deadline is None:
        t.skip()
        return False
    if version is not None and room.state_version != version:
        t.skip()
        return False
    if room.deadline > clock.now() + timedelta(milliseconds=50):
        t.skip()
        return False
    fill_and_start(t, begin_match)
    return True
