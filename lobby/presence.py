"""A site socket's presence: the row that says a person has a page of Mesa open (lobby.SitePresence).

Written when the socket opens, refreshed while it lives, deleted when it ends;
a row left by a process that died goes stale (PRESENCE_STALE_SECONDS) and is
removed by the next socket that opens. Read by the lobby's "online" count
(lobby/feed.py): an arrival and a departure tell the lobby. A table's page
names its room (``room_code``), which is what the person's friends see them
doing (lobby/online.py); an arrival and a departure tell those friends too.
"""

from datetime import timedelta

from django.conf import settings

from lobby import online
from lobby.models import SitePresence
from rooms import clock
from rooms.live import broadcast
from rooms.models import Room

ROOM_CODE_MAX = 32


def _room(room_code) -> Room | None:
    """The open room a page names, if it names one that exists; anything else is no room."""
    if not isinstance(room_code, str) or not room_code or len(room_code) > ROOM_CODE_MAX:
        return None
    return Room.objects.exclude(status=Room.Status.CLOSED).filter(code=room_code).only("pk").first()


def arrive(user, channel_name: str, room_code: str | None = None) -> None:
    now = clock.now()
    SitePresence.objects.filter(last_seen__lt=now - timedelta(seconds=settings.PRESENCE_STALE_SECONDS)).delete()
    SitePresence.objects.update_or_create(
        channel_name=channel_name, defaults={"user": user, "last_seen": now, "room": _room(room_code)}
    )
    broadcast.publish_lobby()
    online.tell_friends(user.pk)


def refresh(user, channel_name: str) -> None:
    """Still open; a row removed meanwhile (taken for stale during an outage) is written again (without its room)."""
    SitePresence.objects.update_or_create(channel_name=channel_name, defaults={"user": user, "last_seen": clock.now()})


def depart(channel_name: str) -> None:
    row = SitePresence.objects.filter(channel_name=channel_name).values_list("user_id", flat=True).first()
    if SitePresence.objects.filter(channel_name=channel_name).delete()[0]:
        broadcast.publish_lobby()
        if row is not None:
            online.tell_friends(row)
