""" "Jogar agora": one press seats a person where a game of theirs starts soonest.

The order (docs/rooms.md): (1) a public quick-play room of that game and kind
waiting to start with a free seat, the one whose seated people's ratings are
closest to the presser's, within a rating window that widens with the room's
waiting time (as Lichess's pools widen a seek's range); (2) else a public room
of that game and kind in play where a bot holds a seat a person may take under
the game's rules (the seat is reserved: rooms/seat_rules.py applies it at the
game's boundary); (3) else a new public quick-play room with the game's defaults
and a clock, the presser as host, whose empty seats get bots when the wait runs
out (rooms/actions/quick_start.py). A press never seats a person in a room where
someone they block, or who blocks them, sits or holds a reserved seat
(``kept_apart``): that room is skipped, and a new room is always another seating.

One person holds one quick-play place at a time: a press while they wait at a
quick-play table, play an undecided match at one, or hold a reserved bot's seat,
sends them back there (that game and kind) or is refused with ``play_elsewhere``
(another), under the lock of their own user row, so that two presses of one
person at once never take two places.

Every press of one game and kind runs under the lock of that pair's queue row
(``QuickPlayQueue``; on SQLite the IMMEDIATE transaction serialises every
writer anyway), and the candidate rooms are then locked in id order: two
presses at the same instant see each other's seat, so they land at the same
table, a room is never overfilled and no second half-empty room is opened.
"""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from friends import relations
from games import registry
from lobby.models import QuickPlayQueue
from ratings import method
from ratings.models import Rating
from rooms import clock
from rooms.actions.match import begin_match
from rooms.actions.quick_start import QUICK, fill_and_start, schedule_start
from rooms.actions.seats import sit
from rooms.actions.setup import create_room
from rooms.errors import RoomError
from rooms.models import Room, Seat
from rooms.table import open_table

# The rating window (shown points) around the presser's rating: its width at first and
# how much it widens per second the room has waited. After the wait the room starts with
# bots, so the widest window a room ever reaches is base + growth × the wait.
WINDOW_BASE = 100
WINDOW_PER_SECOND = 20
# A quick-play table always has a clock: the game's default time per move, else this.
QUICK_TIME_LIMIT = 30


@dataclass(frozen=True)
class Seating:
    """Where a press put the person: the room, and how (``waiting``, ``reserved``, ``new`` or ``already``)."""

    room: Room
    how: str


def rating_window(waited_seconds: float) -> float:
    """How far (shown points) from the presser's rating a waiting room's people may be."""
    return WINDOW_BASE + WINDOW_PER_SECOND * max(0.0, waited_seconds)


def waited(room: Room, now) -> float:
    """Seconds the room has waited for people, from its start deadline (read on the rooms' clock)."""
    wait = settings.QUICK_PLAY_WAIT_SECONDS
    if room.deadline is not None:
        return wait - (room.deadline - now).total_seconds()
    return wait - (room.deadline_left or 0.0)


def time_limit_for(game: str) -> int:
    return registry.spec(game).default_time_limit or QUICK_TIME_LIMIT


def play_now(user, game: str, rated: bool) -> Seating:
    """Seat ``user`` for ``game`` (rated or casual) in the order of the module's docstring."""
    if game not in registry.NAMES:
        raise RoomError("bad_game")
    rated = bool(rated)
    with transaction.atomic():
        # The person first, then the game's queue, then rooms: every press locks in that order.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        QuickPlayQueue.objects.bulk_create([QuickPlayQueue(game=game, rated=rated)], ignore_conflicts=True)
        QuickPlayQueue.objects.select_for_update().get(game=game, rated=rated)
        held = place_held(user)
        if held is not None:
            if held.game == game and held.rated == rated:
                return Seating(held, "already")
            raise RoomError("play_elsewhere", room=held.code)
        mine = _already_there(user, game, rated)
        if mine is not None:
            return Seating(mine, "already")
        rating = rating_of(user, game)
        apart = kept_apart(user.pk)
        room = _waiting_room(user, game, rated, rating, apart)
        if room is not None:
            return Seating(room, "waiting")
        room = _bot_seat(user, game, rated, rating, apart)
        if room is not None:
            return Seating(room, "reserved")
        return Seating(_new_room(user, game, rated), "new")


def kept_apart(user_id: int) -> set[int]:
    """Whom a press of ``user_id`` is never seated with: a block between the two, either way (friends/relations.py).

    A room where one of them sits or holds a reserved seat is skipped; a new room
    is always another seating, so a block never keeps anyone from playing.
    """
    return set(relations.blocked_ids(user_id).values_list("blocked_id", flat=True)) | relations.blocker_ids(user_id)


def _with_someone_apart(seats: list[Seat], apart: set[int]) -> bool:
    return bool(apart) and any(s.user_id in apart or s.reserved_by_id in apart for s in seats)


def rating_of(user, game: str) -> int:
    shown = Rating.objects.filter(user=user, game=game).values_list("shown", flat=True).first()
    return method.INITIAL_SHOWN if shown is None else shown


def _ratings(game: str, user_ids) -> dict[int, int]:
    shown = dict(Rating.objects.filter(game=game, user_id__in=set(user_ids)).values_list("user_id", "shown"))
    return {uid: shown.get(uid, method.INITIAL_SHOWN) for uid in user_ids}


def _listed(room: Room, now) -> bool:
    """A room others may be sent to: someone is connected, or its last person left only just now.

    A press gives a seat before its socket opens, so a room whose people are still
    on their way (empty for less than the quick-play wait) counts as listed; a room
    left empty longer is paused, off the public list, and expires (the seed rule).
    """
    if any(count > 0 for count in (room.connected or {}).values()):
        return True
    return room.empty_since is not None and (now - room.empty_since).total_seconds() < settings.QUICK_PLAY_WAIT_SECONDS


def _already_there(user, game: str, rated: bool) -> Room | None:
    """A person pressing again (a double tap, a second tab) goes back to the quick-play table they hold."""
    seat = (
        Seat.objects.filter(room__game=game, room__rated=rated, room__quick_play=True, room__is_public=True)
        .exclude(room__status=Room.Status.CLOSED)
        .filter(user=user)
        .select_related("room")
        .order_by("-room_id")
        .first()
    )
    return seat.room if seat is not None else None


def live_seat(user) -> Room | None:
    """The newest table other than quick play where ``user`` holds a seat and a match is waiting or being played.

    "Jogar agora" offers the way back to it before it opens a second table. A
    quick-play place is ``place_held``'s: a press goes back to it or is refused.
    """
    live = (Room.Status.WAITING, Room.Status.PLAYING, Room.Status.HAND_OVER)
    seat = (
        Seat.objects.filter(room__status__in=live, room__quick_play=False, user=user)
        .select_related("room")
        .order_by("-room_id")
        .first()
    )
    return seat.room if seat is not None else None


def place_held(user) -> Room | None:
    """The place a press of ``user`` holds until it is played out: the newest first.

    A seat at an open quick-play table whose match is not decided (waiting to start,
    playing, between hands), or a bot's seat reserved anywhere: pressing again must
    not add a second one.
    """
    undecided = (Room.Status.WAITING, Room.Status.PLAYING, Room.Status.HAND_OVER)
    seat = (
        Seat.objects.filter(room__quick_play=True, room__status__in=undecided, user=user)
        .select_related("room")
        .order_by("-room_id")
        .first()
    )
    open_rooms = Seat.objects.exclude(room__status=Room.Status.CLOSED)
    reserved = open_rooms.filter(reserved_by=user).select_related("room").order_by("-room_id").first()
    held = [s.room for s in (seat, reserved) if s is not None]
    return max(held, key=lambda r: r.id) if held else None


def _distance(seats: list[Seat], ratings: dict[int, int], rating: int) -> float:
    people = [ratings[s.user_id] for s in seats if s.user_id is not None]
    return abs(sum(people) / len(people) - rating) if people else 0.0


def _waiting_room(user, game: str, rated: bool, rating: int, apart: set[int] = frozenset()) -> Room | None:
    """(1) The waiting quick-play room with a free seat whose people's ratings are closest, in its window."""
    now = clock.now()
    rooms = list(
        Room.objects.select_for_update()
        .filter(game=game, rated=rated, quick_play=True, is_public=True, status=Room.Status.WAITING)
        .order_by("id")
    )
    rooms = [r for r in rooms if _listed(r, now)]
    if not rooms:
        return None
    seats_by_room, ratings = _seats_and_ratings(rooms, game)
    fits = []
    for room in rooms:
        seats = seats_by_room[room.id]
        if not any(s.is_empty for s in seats) or not any(s.user_id for s in seats):
            continue  # full, or everyone left: nobody to play with there
        if _with_someone_apart(seats, apart):
            continue
        distance = _distance(seats, ratings, rating)
        if distance <= rating_window(waited(room, now)):
            fits.append((distance, room.id, room, seats))
    for _closeness, _id, room, seats in sorted(fits, key=lambda f: f[:2]):
        index = next(s.index for s in seats if s.is_empty)
        sit(user, room.code, index)
        with open_table(room.code, user=user) as t:
            if all(not s.is_empty for s in t.seats):
                fill_and_start(t, begin_match)  # every seat taken: nobody has anything left to wait for
            else:
                t.skip()
        return Room.objects.get(pk=room.pk)
    return None


def _seats_and_ratings(rooms: list[Room], game: str) -> tuple[dict[int, list[Seat]], dict]:
    """Each candidate room's seats in table order, and the ratings in ``game`` of the people in them."""
    seats_by_room: dict[int, list[Seat]] = {r.id: [] for r in rooms}
    for seat in Seat.objects.filter(room__in=rooms).order_by("room_id", "index"):
        seats_by_room[seat.room_id].append(seat)
    ratings = _ratings(game, [s.user_id for seats in seats_by_room.values() for s in seats if s.user_id])
    return seats_by_room, ratings


def _bot_seat(user, game: str, rated: bool, rating: int, apart: set[int] = frozenset()) -> Room | None:
    """(2) A public room of the game in play with a bot's seat nobody reserved: the presser reserves it."""
    now = clock.now()
    rooms = list(
        Room.objects.select_for_update()
        .filter(game=game, rated=rated, is_public=True, status__in=(Room.Status.PLAYING, Room.Status.HAND_OVER))
        .filter(id__in=Seat.objects.filter(bot_level__gt="", reserved_by=None, stand_in=False).values("room_id"))
        .order_by("id")  # locked in id order: no two presses wait on each other's rooms
    )
    rooms = [r for r in rooms if not r.paused and _listed(r, now)]
    if not rooms:
        return None
    seats_by_room, ratings = _seats_and_ratings(rooms, game)
    order = sorted(rooms, key=lambda r: (_distance(seats_by_room[r.id], ratings, rating), r.id))
    for room in order:
        seats = seats_by_room[room.id]
        if any(s.user_id == user.id or s.reserved_by_id == user.id for s in seats) or _with_someone_apart(seats, apart):
            continue
        free = [s for s in seats if s.bot_level and not s.stand_in and s.reserved_by_id is None]
        if not free:
            continue
        try:
            with transaction.atomic():
                sit(user, room.code, free[0].index)
        except RoomError:
            continue  # taken meanwhile at the table itself: the next room
        return Room.objects.get(pk=room.pk)
    return None


def _new_room(user, game: str, rated: bool) -> Room:
    """(3) A new public quick-play room, the presser its host, starting with bots after the wait."""
    spec = registry.spec(game)
    name = _("Play now · %(game)s") % {"game": spec.display_name()}
    room = create_room(user, game, name[:60], is_public=True, time_limit=time_limit_for(game), rated=rated)
    Room.objects.filter(pk=room.pk).update(quick_play=True)
    with open_table(room.code, user=user) as t:
        schedule_start(t)
    return t.room


__all__ = ["QUICK", "Seating", "play_now", "rating_window"]
