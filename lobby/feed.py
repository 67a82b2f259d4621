"""What the lobby shows besides the public list: who is about, per game, and the reader's own rooms.

Counts, never names: how many people have a site or table socket open (online),
and per game how many people sit at a table with their socket open and how many
tables are in play. Private rooms count in the numbers like any other, and are
never named or linked here. The reader's own rooms (a seat or a reserved bot's
seat) are theirs to know, private or not.

Liveness comes from the presence rows, across every server process: a socket's
row is refreshed while it lives (PRESENCE_REFRESH_SECONDS) and one not refreshed
for PRESENCE_STALE_SECONDS belonged to a process that died.

What every reader of a change sees alike (the public list in one language, the
counts) is built once per change in each server process: every lobby socket is
told of a change, with its id, and sends its frame half a second later, so a
hundred open lobbies made a hundred copies of the same list. Only the reader's
own rooms are read per socket.
"""

from collections import OrderedDict
from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import translation

from games import registry
from lobby.models import SitePresence
from rooms import clock
from rooms.models import Presence, Room, Seat

IN_PLAY = (Room.Status.PLAYING, Room.Status.HAND_OVER)


def _fresh():
    return clock.now() - timedelta(seconds=settings.PRESENCE_STALE_SECONDS)


def online_count() -> int:
    """People with a socket open anywhere on the site: a page's, the lobby's or a table's."""
    fresh = _fresh()
    site = SitePresence.objects.filter(last_seen__gte=fresh).values_list("user_id", flat=True)
    tables = Presence.objects.filter(last_seen__gte=fresh).values_list("user_id", flat=True)
    return len(set(site) | set(tables))


def game_counts() -> dict[str, dict[str, int]]:
    """Per game: ``playing`` (people seated with their socket open) and ``tables`` (tables in play)."""
    counts = {name: {"playing": 0, "tables": 0} for name in registry.NAMES}
    rooms = Room.objects.exclude(status=Room.Status.CLOSED).filter(empty_since__isnull=True)
    rooms = rooms.values_list("id", "game", "status", "connected")
    connected_by_room = {}
    for room_id, game, status, connected in rooms:
        users = {int(uid) for uid, n in (connected or {}).items() if n > 0}
        if users and game in counts:
            connected_by_room[room_id] = (game, users)
            counts[game]["tables"] += status in IN_PLAY
    seated: dict[str, set[int]] = {name: set() for name in counts}
    for room_id, user_id in Seat.objects.filter(room_id__in=connected_by_room, user__isnull=False).values_list(
        "room_id", "user_id"
    ):
        game, users = connected_by_room[room_id]
        if user_id in users:
            seated[game].add(user_id)
    for game, people in seated.items():
        counts[game]["playing"] = len(people)
    return counts


def my_rooms(user) -> list[dict]:
    """The open rooms where ``user`` has a seat or has reserved a bot's seat, newest change first."""
    mine = (
        Room.objects.defer("next_seed", "history", "events")
        .filter(Q(seats__user=user) | Q(seats__reserved_by=user))
        .exclude(status=Room.Status.CLOSED)
        .distinct()
        .order_by("-updated_at")
    )
    reserved = set(Seat.objects.filter(reserved_by=user).values_list("room_id", flat=True))
    return [
        {
            "code": room.code,
            "name": room.name,
            "game": room.game,
            "status": room.status,
            "status_name": str(room.get_status_display()),
            "rated": room.rated,
            "public": room.is_public,
            "reserved": room.id in reserved,
        }
        for room in mine[:50]
    ]


def frame(user, game: str | None, change: str | None = None) -> dict:
    """The lobby frame for one reader: the public list (each room marked with the reader's place), counts, theirs.

    ``change`` is the id of the lobby change the frame answers: the readers of one change
    share its public part. None (a socket just opened, a new filter) builds it afresh.
    """
    shared = _shared_part(change, game)
    mine = my_rooms(user)
    places = {room["code"]: "reserved" if room["reserved"] else "seated" for room in mine}
    listed = [{**room, "you": places.get(room["code"])} for room in shared["rooms"]]
    return {
        "type": "lobby",
        "rooms": listed,
        "online": shared["online"],
        "games": shared["games"],
        "mine": mine,
        "filter": game or "",
    }


_SHARED: OrderedDict = OrderedDict()
SHARED_KEPT = 16  # changes x filters x languages; older ones are never asked for again


def _shared_part(change: str | None, game: str | None) -> dict:
    key = (change, game or "", translation.get_language())
    part = _SHARED.get(key) if change else None
    if part is None:
        part = {"rooms": lobby_rooms(game), "online": online_count(), "games": game_counts()}
        if change:
            _SHARED[key] = part
            while len(_SHARED) > SHARED_KEPT:
                _SHARED.popitem(last=False)
    return part


def lobby_rooms(game: str | None = None) -> list[dict]:
    """The public rooms the lobby lists: open, and with somebody connected."""
    rooms = (
        Room.objects.filter(is_public=True, empty_since__isnull=True)
        .exclude(status=Room.Status.CLOSED)
        .select_related("host")
        .prefetch_related("seats__user")
        .order_by("-updated_at")
    )
    if game:
        rooms = rooms.filter(game=game)
    out = []
    for room in rooms[:200]:
        seats = list(room.seats.all())
        out.append(
            {
                "code": room.code,
                "name": room.name,
                "game": room.game,
                "game_name": room.get_game_display(),
                "status": room.status,
                "status_name": str(room.get_status_display()),
                "host": (room.host.display_name or room.host.username) if room.host else None,
                "host_url": reverse("player", args=[room.host_id]) if room.host else None,  # their page
                "seats": room.seat_count,
                "people": sum(1 for s in seats if s.user_id),
                "bots": sum(1 for s in seats if s.bot_level),
                "free": sum(1 for s in seats if s.is_empty),
                # Bots' seats a person may take (reserved from the game's next boundary while in play).
                "bot_seats": sum(1 for s in seats if s.bot_level and not s.stand_in and s.reserved_by_id is None),
                "quick_play": room.quick_play,
                "time_limit": room.time_limit,
                "paused": room.paused,
                "rated": room.rated,
            }
        )
    return out
