"""When a deadline passes: a bot's turn or the automatic move of a person whose time ran out; pausing.

Every entry point is idempotent: it acts only if the room is still at the
state version its deadline was planned for, under the room's lock.
"""

import logging
import random
from datetime import timedelta

from django.conf import settings
from django.db import transaction

from bots import registry as bot_registry
from rooms import clock, room_events
from rooms.actions.match import begin_match
from rooms.actions.no_result import end_if_deserted
from rooms.actions.quick_start import QUICK, run_quick_start, waiting_to_start
from rooms.errors import RoomError
from rooms.live import fastjson
from rooms.models import Room
from rooms.records import stored
from rooms.table import Table, deadline_planned, open_table

logger = logging.getLogger(__name__)

MAX_AUTO_STEPS = 8
# Levels whose decision may take tens of milliseconds (docs/benchmarks.md): they think
# outside the room's lock. The others decide inside it, so their move is one transaction.
THINK_OUTSIDE_LOCK = frozenset({"hard"})


def run_deadline(room_id: int, version: int | None = None) -> bool:
    """Act for the seat whose deadline passed: a bot turn or an automatic move.

    Idempotent: does nothing unless the room is still at ``version`` (when
    given), not paused, and its deadline has passed. Returns True if it acted.
    """
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None:
            return False
        if t.room.paused and t.room.pause_reason == HOST:
            return _end_capped_pause(t)
        if t.room.deadline_kind == QUICK:
            return run_quick_start(t, version, begin_match)
        if not _due(t, version):
            t.skip()
            return False
        seat, engine_seat = t.turn()
        if not seat.bot_level:
            _auto_turn(t, engine_seat, "grace" if t.room.deadline_kind == "grace" else "timeout")
            return True
        turn = BotTurn(t, seat, engine_seat)
        if turn.level not in THINK_OUTSIDE_LOCK:
            turn.play(t, turn.decide())
            return True
        t.skip()
    # A slow bot thinks outside the lock; its move is applied only if nothing changed.
    choice = turn.decide()
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None:
            return False
        if not _due(t, turn.version) or not t.turn()[0].bot_level:
            t.skip()
            return False
        turn.play(t, choice)
        return True


class BotTurn:
    """What a bot decides from: its seat's view, its legal moves and its memory, read under the lock."""

    def __init__(self, t: Table, seat, engine_seat: int):
        self.game, self.room_id, self.version = t.room.game, t.room.id, t.room.state_version
        self.level, self.engine_seat = seat.bot_level, engine_seat
        self.view = t.engine.view(t.state, engine_seat)
        self.legal = t.engine.legal_moves(t.state, engine_seat)
        # A copy the bot may change, compared with the stored one after its move: JSON
        # through orjson copies it in a tenth of ``copy.deepcopy``'s time.
        self.memory = fastjson.loads_stored(fastjson.dumps(stored.as_dict(seat.bot_memory)))

    def decide(self) -> dict:
        bot = bot_registry.get(self.game, self.level)
        try:
            return bot.choose(self.view, self.legal, random.Random(f"{self.room_id}:{self.version}"), self.memory)
        except (AttributeError, KeyError, TypeError, ValueError):
            # A stored memory the bot cannot read (a row changed by hand, an older shape):
            # the bot forgets it and plays on, rather than stalling the room at every try.
            logger.warning("room %s: bot memory unreadable, forgotten", self.room_id, exc_info=True)
            self.memory.clear()
            return bot.choose(self.view, self.legal, random.Random(f"{self.room_id}:{self.version}"), self.memory)

    def play(self, t: Table, choice: dict) -> None:
        """Apply the bot's choice and keep what it remembers (written only when it changed)."""
        seat = t.turn()[0]
        if self.memory != (seat.bot_memory or {}):
            seat.bot_memory = self.memory
            t.touch_seat(seat, "bot_memory")
        t.apply(self.engine_seat, choice, "bot", by=f"bot:{self.level}")
        t.lobby = None
        end_if_deserted(t)  # the bots finished a hand whose last person had left


def _due(t: Table, version: int | None) -> bool:
    room = t.room
    if room.status != Room.Status.PLAYING or room.paused or room.deadline is None:
        return False
    if version is not None and room.state_version != version:
        return False
    return room.deadline <= clock.now() + timedelta(milliseconds=50)


def _auto_turn(t: Table, engine_seat: int, kind: str) -> None:
    """Moves made for a person whose time ran out: one action, or until their turn passes.

    A game whose timeout makes one action (``timeout_ends_turn`` false) gives
    the next action a new deadline; the others play on until the turn passes.
    """
    t.lobby = None
    for _ in range(MAX_AUTO_STEPS if t.spec.timeout_ends_turn else 1):
        if t.hand_is_over() or t.engine.current_seat(t.state) != engine_seat:
            return
        t.apply(engine_seat, t.engine.auto_move(t.state, engine_seat), kind, by="timeout")
        if t.room.status != Room.Status.PLAYING:
            return


# -- pausing ----------------------------------------------------------------------------------

HOST = "host"


def pause_ends_at(room: Room):
    """When a host's pause ends by itself: a rated room's, HOST_PAUSE_CAP_SECONDS after it began; else None.

    A pause without an end let a host hold a rated match (and the people in
    it, whose absence then runs out) for as long as they liked.
    """
    if not (room.paused and room.pause_reason == HOST and room.rated and room.paused_at is not None):
        return None
    return room.paused_at + timedelta(seconds=settings.HOST_PAUSE_CAP_SECONDS)


def cap_minutes() -> int:
    return max(1, round(settings.HOST_PAUSE_CAP_SECONDS / 60))


def _end_capped_pause(t: Table) -> bool:
    """The host's pause past its cap: the table resumes by itself, and says so. False if not due."""
    ends = pause_ends_at(t.room)
    if ends is None or ends > clock.now() + timedelta(milliseconds=50):
        t.skip()
        return False
    room_events.announce(t, "pause_ended", minutes=cap_minutes())
    if t.connected_user_ids():
        thaw(t)
    else:
        room = t.room
        room.pause_reason = "empty"  # nobody there: it waits, as any empty room, for someone to come back
        room.paused_at, room.paused_by = None, None
    return True


def freeze(t: Table) -> None:
    """Stop the clock: the time left is kept for ``thaw``."""
    room = t.room
    if room.deadline is not None:
        room.deadline_left = max(0.0, (room.deadline - clock.now()).total_seconds())
        room.deadline = None


def thaw(t: Table) -> None:
    """Start the clock again with the time that was left, or plan the deadline afresh."""
    room = t.room
    room.paused = False
    room.pause_reason = ""
    room.paused_at, room.paused_by = None, None
    if room.deadline_left is not None and (room.status == Room.Status.PLAYING or waiting_to_start(room)):
        t.set_deadline(clock.now() + timedelta(seconds=room.deadline_left))
        room.deadline_left = None
    else:
        t.replan = True


def pause(user, code: str) -> Room:
    with open_table(code, user=user, host_only=True) as t:
        if t.room.paused:
            raise RoomError("already_paused")
        room = t.room
        room.paused, room.pause_reason = True, HOST
        room.paused_at, room.paused_by = clock.now(), user
        freeze(t)
        ends = pause_ends_at(room)
        if ends is not None:  # the paused room's own deadline, planned as every deadline is
            room_id, version = room.id, room.state_version
            transaction.on_commit(
                lambda: deadline_planned.send(Table, room_id=room_id, version=version, eta=ends, kind=HOST), robust=True
            )
        room_events.announce(
            t, "host_paused", by=room_events.person(user), minutes=cap_minutes() if ends is not None else None
        )
    return t.room


def resume(user, code: str) -> Room:
    with open_table(code, user=user, host_only=True) as t:
        if not t.room.paused:
            raise RoomError("not_paused")
        if t.room.pause_reason == "staff":
            raise RoomError("paused_by_staff", "The site's staff paused this room; only they can resume it.")
        thaw(t)
        # Told as the pause was: the event's notice replaces "... paused the table." and its line is the log's newest.
        room_events.announce(t, "host_resumed", by=room_events.person(user))
    return t.room


def staff_pause(room_id: int) -> bool:
    """Staff stop the clock of a room (a dispute, an incident); only staff resume it. False if nothing changed."""
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None:
            return False
        room = t.room
        if room.status == Room.Status.CLOSED or (room.paused and room.pause_reason == "staff"):
            t.skip()
            return False
        room.paused = True
        room.pause_reason = "staff"
        room.paused_at, room.paused_by = None, None  # a host's pause, if any, is over: staff's begins
        freeze(t)
        room_events.announce(t, "staff_paused")
        return True


def staff_resume(room_id: int) -> bool:
    """Staff let a room they paused go on. False unless it was paused by staff."""
    with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
        if t is None:
            return False
        room = t.room
        if room.status == Room.Status.CLOSED or not (room.paused and room.pause_reason == "staff"):
            t.skip()
            return False
        room_events.announce(t, "staff_resumed")
        if t.connected_user_ids():
            thaw(t)
        else:
            room.pause_reason = "empty"  # nobody there: it waits, as any empty room, for someone to come back
        return True
