"""A site socket's presence: the row that says a person has a page of Mesa open (lobby.SitePresence).

Written when the socket opens, refreshed while it lives, deleted when it ends;
a row left by a process that died goes stale (PRESENCE_STALE_SECONDS) and is
removed by the next socket that opens. Read by the lobby's "online" count
(lobby/feed.py): an arrival and a departure tell the lobby.
"""

from datetime import timedelta

from django.conf import settings

from lobby.models import SitePresence
from rooms import clock
from rooms.live import broadcast


def arrive(user, channel_name: str) -> None:
    now = clock.now()
    SitePresence.objects.filter(last_seen__lt=now - timedelta(seconds=settings.PRESENCE_STALE_SECONDS)).delete()
    SitePresence.objects.update_or_create(channel_name=channel_name, defaults={"user": user, "last_seen": now})
    broadcast.publish_lobby()


def refresh(user, channel_name: str) -> None:
    """Still open; a row removed meanwhile (taken for stale during an outage) is written again."""
    SitePresence.objects.update_or_create(channel_name=channel_name, defaults={"user": user, "last_seen": clock.now()})


def depart(channel_name: str) -> None:
    if SitePresence.objects.filter(channel_name=channel_name).delete()[0]:
        broadcast.publish_lobby()
