"""Room events everyone at the table is told of: the host passing on, removals, bots, settings, staff.

Each event is stored in the room's ``events`` (the latest ``KEEP``) under a
stable ``code`` with its parameters, and with its sentence in every site
language (``describe.room_event``), so that a client that reconnects reads
what happened from the snapshot instead of depending on having seen every
broadcast (docs/protocol.md). People are named as they were named at that
moment: a record names who actually did or suffered it, not who holds the
seat later.
"""

from rooms import clock
from rooms.records import describe, stored

KEEP = 20

CODES = (
    "host_changed",
    "removed_absent",
    "removed_by_host",
    "stand_in",
    "bot_added",
    "bots_filled",
    "time_limit_changed",
    "target_changed",
    "match_started",
    "staff_paused",
    "staff_resumed",
    "room_closed",
    "seat_moved",
    "seats_swapped",
    "quick_started",
    "host_paused",
    "host_resumed",
    "pause_ended",
    "match_ended",
    "match_deserted",
    "hint_asked",
)


def holder(seat) -> dict:
    """Who holds ``seat`` now, as an event names them: a person's shown name or a bot's level."""
    if seat.user_id is not None:
        return {"name": seat.user.shown_name}
    if seat.bot_level:
        return {"bot": seat.bot_level, **({"stand_in": True} if seat.stand_in else {})}
    return {}


def person(user) -> dict | None:
    return {"name": user.shown_name} if user is not None else None


def announce(table, code: str, **params) -> dict:
    """Add the event to the room (written and sent with the table's commit, in full snapshots)."""
    if code not in CODES:
        raise ValueError(f"unknown room event {code!r}")
    room = table.room
    events = stored.dicts(room.events)
    last_id = events[-1].get("id", 0) if events else 0
    event = {
        "id": (last_id if isinstance(last_id, int) else 0) + 1,
        "code": code,
        "params": params,
        "at": clock.now().isoformat(),
        "text": describe.in_languages(describe.room_event, code, params),
    }
    room.events = [*events, event][-KEEP:]
    # The events travel with the full snapshot, as the history does (rooms/live/broadcast.py).
    room.history_changed = True
    table.touch()
    return event
