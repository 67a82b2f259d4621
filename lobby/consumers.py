"""The sockets of pages other than a table: the site's notifications (/ws/site/) and the lobby (/ws/lobby/).

Thin, like the room's. Each open socket is a presence on the site (lobby/presence.py,
what the lobby's "online" count reads, and a table's page names its room, what the
person's friends see them doing) and listens on its user's notice group, where
invitations by name and challenges arrive (lobby/invitations.py, lobby/challenges.py)
and the friends online come and go (lobby/online.py; the list itself on the page's
``online_friends`` action). The lobby socket is a site socket
that also carries the public room list, the counts and the reader's own rooms
(lobby/feed.py), sent again whenever a room or a presence changes (at most every
0.5 s). Protocol: docs/protocol.md, "Site and lobby sockets".
"""

import asyncio
import logging
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError

from lobby import feed as lobby_feed
from lobby import invitations, online
from lobby import presence as site_presence
from rooms.live import broadcast, limits
from rooms.live.guarded import CLOSE_TOO_MANY_SOCKETS, CLOSE_UNAUTHENTICATED, GuardedConsumer
from rooms.live.guarded import error_frame as _error

logger = logging.getLogger(__name__)

_site_sockets = limits.SocketCount()
_lobby_sockets = limits.SocketCount()


def _pending(user_id: int) -> dict:
    return {"type": "invitations", "invitations": invitations.pending_for(user_id)}


def _page_room(scope) -> str | None:
    """The room a table's page names in its socket's address (``?room=<code>``): what friends see it doing."""
    values = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("room")
    return values[0] if values else None


class SiteConsumer(GuardedConsumer):
    """One page's notifications: its user's pending invitations on connect, each new one as it comes."""

    rate_per_second = limits.LOBBY_RATE_PER_SECOND
    rate_burst = limits.LOBBY_RATE_BURST
    sockets = _site_sockets
    cap_setting = "SITE_SOCKETS_PER_USER"
    noun = "site"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.counted = False
        self.present = False
        self.refresher: asyncio.Task | None = None

    async def connect(self):
        if self.authenticated_user() is None:
            await self.refuse(CLOSE_UNAUTHENTICATED)
            return
        cap = getattr(settings, self.cap_setting)
        if not self.sockets.take(self.user.id, cap):
            await self.refuse(
                CLOSE_TOO_MANY_SOCKETS, ("too_many_sockets", f"At most {cap} {self.noun} tabs; close one and reload.")
            )
            return
        self.counted = True
        await self.join(invitations.notice_group(self.user.id))
        await self.join_sessions_group()
        await self.joined_more()
        await self.accept()
        self.watch()
        try:
            await database_sync_to_async(site_presence.arrive)(self.user, self.channel_name, _page_room(self.scope))
            self.present = True
            await self.send_json(await database_sync_to_async(_pending)(self.user.id))
        except DatabaseError:
            logger.warning("site socket: database unavailable on connect", exc_info=True)
            await self.send_json(_error("unavailable"))
        await self.opened()
        self.refresher = asyncio.ensure_future(self.refresh_presence())

    async def joined_more(self) -> None:
        """Further groups a kind of site socket listens on (the lobby's)."""

    async def opened(self) -> None:
        """What a kind of site socket sends once open, after the invitations (the lobby's list)."""

    async def refresh_presence(self):
        while True:
            await asyncio.sleep(settings.PRESENCE_REFRESH_SECONDS)
            try:
                await database_sync_to_async(site_presence.refresh)(self.user, self.channel_name)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("site socket: presence refresh failed", exc_info=True)

    async def release(self):
        if self.refresher is not None:
            self.refresher.cancel()
            await asyncio.wait({self.refresher}, timeout=10)
        if self.present:
            self.present = False
            try:
                await database_sync_to_async(site_presence.depart)(self.channel_name)
            except DatabaseError:  # the row goes stale and the next arrival removes it
                logger.warning("site socket: departure not recorded", exc_info=True)
        if self.counted:
            self.counted = False
            self.sockets.release(self.user.id)

    async def handle(self, msg: dict):
        action = msg.get("action")
        if action == "ping":
            await self.send_json({"type": "pong"})
            return
        if action == "pong":
            return
        if action == "online_friends":  # a page's header asks once its socket is open (lobby/online.py)
            try:
                await self.send_json(await database_sync_to_async(online.frame)(self.user))
            except DatabaseError:
                await self.send_json(_error("unavailable"))
            return
        await self.handle_action(action, msg)

    async def handle_action(self, action, msg: dict) -> None:
        await self.send_json(_error("unknown_action"))

    async def site_notice(self, message):
        """An invitation arrived or went (answered, or its room closed), a friend came, went or moved: as it is."""
        await self.send_json(message["frame"])


class LobbyConsumer(SiteConsumer):
    """The lobby: a site socket that also lists the public rooms, the counts and the reader's rooms."""

    sockets = _lobby_sockets
    cap_setting = "LOBBY_SOCKETS_PER_USER"
    noun = "lobby"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = None
        self.pending = None
        self.change = None  # the id of the latest lobby change this socket was told of

    async def joined_more(self) -> None:
        await self.join(broadcast.LOBBY_GROUP)

    async def opened(self) -> None:
        await self.send_rooms()

    async def release(self):
        if self.pending:
            self.pending.cancel()
        await super().release()

    async def send_rooms(self, change: str | None = None):
        try:
            frame = await database_sync_to_async(lobby_feed.frame)(self.user, self.game, change)
        except DatabaseError:
            await self.send_json(_error("unavailable"))
            return
        await self.send_json(frame)

    async def handle_action(self, action, msg: dict) -> None:
        if action != "filter":
            await self.send_json(_error("unknown_action"))
            return
        game = msg.get("game")
        if game is not None and not isinstance(game, str):
            await self.send_json(_error("bad_message"))
            return
        self.game = game[:40] if game else None
        await self.send_rooms()

    async def lobby_changed(self, event):
        self.change = event.get("change")
        if self.pending is None or self.pending.done():
            self.pending = asyncio.ensure_future(self._later())

    async def _later(self):
        """The frame half a second after a change; a change told while it was being built gets its own."""
        sent = object()
        while self.change != sent:
            await asyncio.sleep(0.5)
            sent = self.change
            await self.send_rooms(sent)
