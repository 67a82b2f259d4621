"""Who of a person's friends is online, and what each is doing: the header's list (docs/friends.md).

A person is online while a page of theirs has its site socket open and fresh
(lobby.SitePresence: every page has one, a table's too). What they are doing,
their ``activity``:

- ``table``: a page of theirs is a table (the site socket of a table's page
  names its room, lobby/presence.py); the table's game, and for a public table
  its link, ``join`` when a seat is empty, else to watch. A private table's
  link is never shown: only its game.
- ``tournament``: they play in a running tournament (joined, not withdrawn),
  at one of its tables or waiting on its page: the tournament's game, and for
  a public one its page. A private tournament's link is never shown.
- ``lobby``: anywhere else on the site.

Nobody sees a person who hides their presence (``User.hides_presence``, the
profile's setting), and a friend is never one of a block either way
(friends/relations.py ``friends_of``).

Delivered over the site socket of every page, on the group that carries
invitations (lobby/invitations.py ``notice_group``): a page asks for the list
once its socket is open (``online_friends``), and every change of a person's
presence (a page opened or closed) is told to each of their friends as one
``friend_presence`` frame (the entry, or ``null`` once they are gone or hidden);
a seat taken or freed at their table shows at the next change or page.
Only the site sockets count, so that every change that moves a person is one
that tells their friends (a table's own socket is the room layer's, which
tells the lobby nothing). A follow, unfollow, block or
unblock tells the two people about each other (lobby/friend_hooks.py).
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from config import realtime
from friends import relations
from lobby.invitations import notice_group
from lobby.models import SitePresence
from rooms import clock
from rooms.models import Room, Seat
from tournaments.models import Entry, Tournament

ACTIVITIES = ("lobby", "table", "tournament")
SHOWN_AT_MOST = 50


def _tournaments_of(user_ids) -> dict[int, Tournament]:
    """The running tournament each person plays in (joined, not withdrawn), if any: the newest."""
    rows = (
        Entry.objects.filter(user_id__in=set(user_ids), withdrawn=False, tournament__status=Tournament.Status.STARTED)
        .select_related("tournament")
        .order_by("tournament__starts_at", "id")
    )
    return {row.user_id: row.tournament for row in rows}  # the last written wins: the newest


def _fresh():
    return clock.now() - timedelta(seconds=settings.PRESENCE_STALE_SECONDS)


def _visible(user_ids) -> set[int]:
    """Of ``user_ids``, the open accounts that do not hide their presence."""
    return set(
        get_user_model()
        .objects.filter(pk__in=set(user_ids), is_active=True, pseudonym="", hides_presence=False)
        .values_list("pk", flat=True)
    )


def online_among(viewer_id: int, user_ids) -> set[int]:
    """Which of ``user_ids`` ``viewer_id`` sees online (none they block or who block them, none hidden)."""
    ids = _visible(user_ids) - {viewer_id}
    ids -= set(relations.blocked_ids(viewer_id).values_list("blocked_id", flat=True)) | relations.blocker_ids(viewer_id)
    return _online(ids)


def _online(user_ids) -> set[int]:
    rows = SitePresence.objects.filter(user_id__in=set(user_ids), last_seen__gte=_fresh())
    return set(rows.values_list("user_id", flat=True))


def _rooms_of(user_ids: set[int]) -> dict[int, Room]:
    """The open table whose page each person has open, one each: where they sit if they sit at one, else the newest."""
    fresh = _fresh()
    pairs = set(
        SitePresence.objects.filter(user_id__in=user_ids, last_seen__gte=fresh, room__isnull=False).values_list(
            "user_id", "room_id"
        )
    )
    if not pairs:
        return {}
    rooms = {
        room.id: room
        for room in Room.objects.defer("next_seed", "history", "events")
        .filter(id__in={room_id for _u, room_id in pairs})
        .exclude(status=Room.Status.CLOSED)
    }
    seated = set(Seat.objects.filter(room_id__in=rooms, user_id__in=user_ids).values_list("user_id", "room_id"))
    chosen: dict[int, Room] = {}
    for user_id, room_id in sorted(pairs, key=lambda p: ((p in seated), p[1])):
        if room_id in rooms:
            chosen[user_id] = rooms[room_id]  # the last written wins: seated first, then the newest
    return chosen


def _free_seats(rooms) -> set[int]:
    return set(
        Seat.objects.filter(room__in=list(rooms), user__isnull=True, bot_level="").values_list("room_id", flat=True)
    )


def entries(user_ids) -> dict[int, dict]:
    """Each online, visible person of ``user_ids`` as the header shows them (JSON-safe), by id."""
    people = {
        person.pk: person
        for person in get_user_model()
        .objects.filter(pk__in=_visible(user_ids))
        .only("pk", "username", "display_name", "pseudonym")
    }
    online = _online(people)
    rooms = _rooms_of(online)
    free = _free_seats(rooms.values())
    tournaments = _tournaments_of(online)
    out = {}
    for user_id in online:
        person = people[user_id]
        entry = {
            "id": user_id,
            "name": person.shown_name,
            "url": reverse("player", args=[user_id]),
            "challenge": reverse("lobby:challenge", args=[user_id]),
            "activity": "lobby",
            "game": "",
            "link": "",
            "join": False,
        }
        room, tournament = rooms.get(user_id), tournaments.get(user_id)
        if tournament is not None:  # at one of its tables or on its page: the tournament says more
            entry.update(activity="tournament", game=tournament.game)
            if not tournament.private:
                entry.update(link=reverse("tournaments:tournament", args=[tournament.pk]))
        elif room is not None:
            entry.update(activity="table", game=room.game)
            if room.is_public:
                entry.update(link=reverse("rooms:room", args=[room.code]), join=room.id in free)
        out[user_id] = entry
    return out


def online_friends(user) -> list[dict]:
    """``user``'s friends online and what they do, by name (the header's list, and the page's first)."""
    friends = list(relations.friends_of(user).values_list("pk", flat=True)[:500])
    shown = entries(friends)
    return sorted(shown.values(), key=lambda e: e["name"].casefold())[:SHOWN_AT_MOST]


def frame(user) -> dict:
    return {"type": "online_friends", "friends": online_friends(user)}


def _send(sends: list[tuple[int, dict]]) -> None:
    realtime.group_send_many(
        [(notice_group(reader), {"type": "site.notice", "frame": frame}) for reader, frame in sends]
    )


def tell_friends(user_id: int) -> None:
    """After commit: each friend of ``user_id`` hears what they do now (or that they are gone or hidden)."""

    def tell():
        entry = entries([user_id]).get(user_id)
        readers = relations.friends_of(user_id).values_list("pk", flat=True)
        _send([(reader, {"type": "friend_presence", "id": user_id, "friend": entry}) for reader in readers])

    transaction.on_commit(tell, robust=True)


def tell_pair(a_id: int, b_id: int) -> None:
    """After commit: a relation between the two changed; each hears of the other as a friend online, or not."""

    def tell():
        friends = relations.is_friend(a_id, b_id)
        shown = entries([a_id, b_id]) if friends else {}
        _send(
            [
                (reader, {"type": "friend_presence", "id": other, "friend": shown.get(other)})
                for reader, other in ((a_id, b_id), (b_id, a_id))
            ]
        )

    transaction.on_commit(tell, robust=True)
