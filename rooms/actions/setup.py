"""Creating a room and changing its settings."""

from django.db import transaction

from games import registry
from rooms import clock, extensions, room_events
from rooms.errors import RoomError
from rooms.live import broadcast
from rooms.models import Room, Seat
from rooms.records import stored
from rooms.table import open_table


def validate_options(game: str, options: dict) -> dict:
    """The options a room may set: the engine's own check, narrowed to the values the lobby offers.

    The socket, the lobby's form and every other caller go through here, so a
    room never gets a value the form does not offer (a target of 10⁹, a match of
    a thousand games: a rated match that never ends, where whoever leaves loses).
    """
    if not isinstance(options, dict):
        raise RoomError("bad_options", "Options must be an object.")
    try:
        registry.get(game).check_options(options)
        return registry.spec(game).check_offered_options(options)
    except ValueError as exc:
        raise RoomError("bad_options", f"Invalid options: {exc}") from None


# The seconds per move the lobby's form offers (rooms/forms.py), and all the socket accepts.
TIME_LIMITS = (10, 15, 20, 30, 45, 60, 90, 120)


def validate_time_limit(value) -> int | None:
    if value in (None, "", 0, "none"):
        return None
    if isinstance(value, bool) or not isinstance(value, int | str) or len(str(value)) > 3:
        raise RoomError("bad_time_limit")  # a float, a list, a 4,001-digit number: not what the form offers
    try:
        seconds = int(value)
    except ValueError:
        raise RoomError("bad_time_limit") from None
    if seconds not in TIME_LIMITS:
        raise RoomError("bad_time_limit")
    return seconds


@transaction.atomic
def create_room(
    user,
    game: str,
    name: str,
    is_public: bool = True,
    time_limit="default",
    options=None,
    seat_count=None,
    rated: bool = True,
) -> Room:
    if game not in registry.NAMES:
        raise RoomError("bad_game")
    spec = registry.spec(game)
    # A room's name, public or private, is the opener's words: chat's gate (the staff's site-wide mute,
    # the canonical text, 1 to 60 characters; rooms/extensions.py).
    name = extensions.words(user, "room_name", name)
    seat_count = spec.default_seats if seat_count in (None, "") else int(seat_count)
    if seat_count not in spec.seat_counts:
        raise RoomError("bad_seat_count", f"This game is played with {', '.join(map(str, spec.seat_counts))} seats.")
    limit = spec.default_time_limit if time_limit == "default" else validate_time_limit(time_limit)
    room = Room.objects.create(
        game=game,
        name=name,
        is_public=bool(is_public),
        rated=bool(rated),
        host=user,
        created_by=user,
        seat_count=seat_count,
        options=validate_options(game, options or {}),
        time_limit=limit,
        empty_since=clock.now(),
    )
    Seat.objects.bulk_create([Seat(room=room, index=i, user=user if i == 0 else None) for i in range(seat_count)])
    transaction.on_commit(broadcast.publish_lobby, robust=True)
    return room


def set_options(user, code: str, options=None, time_limit="keep") -> Room:
    with open_table(code, user=user, host_only=True) as t:
        room = t.room
        if options is not None:
            if not isinstance(options, dict):
                raise RoomError("bad_options", "Options must be an object.")
            if room.status in (Room.Status.PLAYING, Room.Status.HAND_OVER):
                raise RoomError("match_in_progress", "Game options change only between matches.")
            before = stored.as_dict(room.options).get("target")
            room.options = validate_options(room.game, {**stored.as_dict(room.options), **options})
            after = stored.as_dict(room.options).get("target")
            if after != before:
                room_events.announce(t, "target_changed", by=room_events.person(user), **{"from": before, "to": after})
        if time_limit != "keep":
            before, room.time_limit = room.time_limit, validate_time_limit(time_limit)
            if room.time_limit != before:
                # Mid-match too: the next deadline planned uses it, and everyone is told.
                room_events.announce(
                    t, "time_limit_changed", by=room_events.person(user), **{"from": before, "to": room.time_limit}
                )
    return t.room
