"""An arena table: a room an app above opens with its people seated, dealt at once.

A tournament (tournaments/arena.py) groups its waiting players and opens one of
these per group: no host (nobody starts, pauses or ends it; the table deals its
one match by itself), not listed in the lobby (quick play never offers its
bots' seats), no hints, always a clock, and a match that may end after a set
number of hands (rooms/match_length.py); between two hands of its match it deals
the next when its app says so (``deal_next_hand``), as no host is there to press
it. Everything else is an ordinary room:
timers, reconnection, spectators by link, chat, ratings when rated.
"""

from django.db import transaction

from games import registry
from rooms import clock
from rooms.actions.match import begin_match, deal_next
from rooms.actions.setup import validate_options
from rooms.errors import RoomError
from rooms.models import Room, Seat
from rooms.table import open_table


def seat_count_for(game: str, people: int) -> int:
    """The room's seats for a table of ``people`` places: the smallest count the game offers that fits."""
    counts = sorted(registry.spec(game).seat_counts)
    return next((c for c in counts if c >= people), counts[-1])


@transaction.atomic
def open_arena_table(
    *,
    game: str,
    name: str,
    places: list,
    options: dict,
    time_limit: int,
    rated: bool,
    hands_per_match: int | None,
    bot_level: str = "normal",
) -> Room:
    """A new arena room, ``places`` seated in order (a user, or None for a bot), its first match dealt.

    Raises ``RoomError`` (and stores nothing) when the game cannot deal to these places.
    """
    spec = registry.spec(game)
    seat_count = seat_count_for(game, len(places))
    if len(places) > seat_count or not time_limit:
        raise RoomError("bad_seat_count")
    room = Room.objects.create(
        game=game,
        name=name[:60],
        is_public=False,
        rated=bool(rated),
        arena=True,
        hands_per_match=hands_per_match,
        host=None,
        created_by=None,
        seat_count=seat_count,
        options=validate_options(game, options or {}),
        time_limit=int(time_limit),
        empty_since=clock.now(),
    )
    seats = []
    for index in range(seat_count):
        place = places[index] if index < len(places) else False
        user = place if place not in (None, False) else None
        bot = bot_level if place is None else ""
        seats.append(Seat(room=room, index=index, user=user, bot_level=bot))
    if sum(1 for s in seats if s.bot_level) > spec.max_bots_for(seat_count):
        raise RoomError("too_many_bots")
    Seat.objects.bulk_create(seats)
    with open_table(room.code) as t:
        begin_match(t)
    return t.room


def deal_next_hand(room_id: int, ended_before=None) -> bool:
    """An arena room between two hands of its match deals the next, if its last hand ended before ``ended_before``."""
    with open_table(room_id=room_id, missing_ok=True) as t:
        if t is None:
            return False
        room, hand = t.room, t.hand
        late = ended_before is not None and hand is not None and hand.ended_at and hand.ended_at > ended_before
        if not room.arena or room.status != Room.Status.HAND_OVER or room.paused or late:
            t.skip()
            return False
        deal_next(t)
    return True
