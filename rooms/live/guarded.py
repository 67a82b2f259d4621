"""What every Mesa WebSocket shares: refusals with close codes, frame and rate checks, its end.

A handshake is refused by accepting and then closing with a code from
docs/protocol.md (4401 no session, 4404 no such room, 4409 too many sockets):
closing before accepting makes daphne answer HTTP 403, and a browser cannot
tell a 403 from a network failure, so the table would reconnect for ever.

Every frame is checked by ``rooms.live.frames`` and the socket's token buckets
before ``handle`` sees it; a socket that keeps sending past its budget is
closed with 4429. ``release`` runs once when the socket ends, however it ends
(a close, an exception, a cancellation by the server), shielded from a second
cancellation. A socket that stops answering (a network gone without a close)
is pinged by the server and closed with 4408 when the ping goes unanswered
(``watch_silence``), so its presence ends within SERVER_PING_SECONDS +
SERVER_PONG_SECONDS of the last frame heard from it. A log-out or a password change closes the user's sockets
(``rooms.live.sessions``).
"""

import asyncio
import logging
import time

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from rooms.live import frames, limits, sessions
from rooms.live.dispatch import DirectDispatch
from rooms.words.messages import english, message_for

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_SILENT = 4408  # the socket did not answer the server's ping: taken for dead
CLOSE_TOO_MANY_SOCKETS = 4409
CLOSE_ABUSE = 4429

# What sending on a socket that is closing raises: daphne passes on autobahn's Disconnected
# ("Attempt to send on a closed protocol") between the peer's close and its own clean-up;
# the ASGI spec's word for it is an OSError.
SOCKET_GONE = (Disconnected, OSError)

logger = logging.getLogger(__name__)


def player_language(scope, user) -> str:
    """The language chosen with the switcher (cookie), else the profile's, else the site's."""
    chosen = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME) or getattr(user, "language", "")
    codes = {code for code, _name in settings.LANGUAGES}
    return chosen if chosen in codes else settings.LANGUAGE_CODE


def error_frame(code: str, message: str | None = None, msg_id=None) -> dict:
    """An error frame; its message is the catalogue's (rooms/words/messages.py) unless one is given."""
    return {"type": "error", "id": msg_id, "code": code, "message": message or english(code) or code}


class GuardedConsumer(DirectDispatch, AsyncJsonWebsocketConsumer):
    """A socket of a logged-in user whose frames are checked before ``handle`` and whose end is certain."""

    # The clock of the rate limits; tests replace it to move time themselves.
    clock = staticmethod(time.monotonic)
    rate_per_second = limits.RATE_PER_SECOND
    rate_burst = limits.RATE_BURST

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = None
        self.language = settings.LANGUAGE_CODE
        self.session_mark = None
        self.joined: list[str] = []
        self.ending: asyncio.Future | None = None
        self.limiter = limits.RateLimiter(self.rate_per_second, self.rate_burst, self.clock)
        self.abuse = limits.AbuseWindow(self.clock)
        self.heard = 0  # frames received so far: the silence watch compares it across a wait
        self.watcher: asyncio.Task | None = None

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.end()

    async def end(self) -> None:
        """Release the socket's resources once; a second cancellation does not interrupt it."""
        if self.ending is None:
            self.ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self.ending)

    async def _end(self) -> None:
        if self.watcher is not None and self.watcher is not asyncio.current_task():
            self.watcher.cancel()
        try:
            await self.release()
        except Exception:
            logger.warning("socket clean-up failed", exc_info=True)
        for group in self.joined:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # the layer is away; its group entry expires on its own
                logger.warning("group_discard of %s failed", group, exc_info=True)
        self.joined = []

    async def release(self) -> None:
        """What this kind of socket holds besides its groups (a presence, a lobby place)."""

    async def disconnect(self, code):
        await self.end()

    async def send(self, text_data=None, bytes_data=None, close=False):
        """A frame to the browser; dropped, without a traceback, when the socket is already closing.

        A broadcast reaches every socket of a room while some may be closing: the frame has
        nobody left to read it, and a page that reconnects is sent a fresh snapshot.
        """
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except SOCKET_GONE:
            logger.debug("a frame to a closing socket was dropped")

    # -- opening ---------------------------------------------------------------------
    def authenticated_user(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return None
        self.user = user
        self.language = player_language(self.scope, user)
        session = self.scope.get("session")
        self.session_mark = sessions.mark(getattr(session, "session_key", None))
        return user

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.joined.append(group)

    async def join_sessions_group(self) -> None:
        await self.join(sessions.sockets_group(self.user.id))

    async def refuse(self, code: int, error: tuple[str, str] | None = None) -> None:
        """Accept only to close with ``code`` (and an error frame first, when there is one to say)."""
        await self.accept()
        if error is not None:
            await self.send_json(error_frame(*error))
        await self.close(code=code)

    def watch(self) -> None:
        """Start the silence watch of an accepted socket (``watch_silence``)."""
        self.watcher = asyncio.ensure_future(self.watch_silence())

    async def watch_silence(self) -> None:
        """Ping a socket silent for SERVER_PING_SECONDS; close it when the ping goes unanswered.

        A page pings every few seconds (HEARTBEAT_PING_MS), so a live one never
        sees the server's ping. A socket whose network went away sends nothing
        and may never close on its own: closing it here ends its presence, so
        the absence clock and the seat's dot follow what really happened.
        """
        while True:
            before = self.heard
            await asyncio.sleep(settings.SERVER_PING_SECONDS)
            if self.heard != before:
                continue
            await self.send_json({"type": "ping"})
            await asyncio.sleep(settings.SERVER_PONG_SECONDS)
            if self.heard == before:
                logger.info(
                    "socket silent for %s s: closed", settings.SERVER_PING_SECONDS + settings.SERVER_PONG_SECONDS
                )
                self.watcher = None  # the end below must not cancel this task
                await self.end()  # the presence ends first: whoever reads it after the close sees it gone
                await self.close(code=CLOSE_SILENT)
                return

    # -- frames ----------------------------------------------------------------------
    def within_rate(self) -> bool:
        return self.limiter.allow()

    async def receive(self, text_data=None, bytes_data=None):
        self.heard += 1
        if not self.within_rate():
            if self.abuse.refused():
                await self.close(code=CLOSE_ABUSE)
                return
            await self.send_json(error_frame("rate_limited"))
            return
        try:
            msg = frames.parse(text_data, bytes_data)
        except frames.FrameRefused as refused:
            await self.send_json(error_frame(refused.code, refused.message))
            return
        if not isinstance(msg, dict):
            await self.send_json(error_frame("bad_message"))
            return
        await self.handle(msg)

    async def handle(self, msg: dict) -> None:
        raise NotImplementedError

    async def send_json(self, content, close=False):
        """Every error frame goes out in the player's language (rooms/words/messages.py)."""
        if isinstance(content, dict) and content.get("type") == "error":
            message = message_for(content["code"], content["message"], self.language)
            # A refusal that says when (``chat_muted``: until when) carries its values in ``params``.
            content = {**content, "message": message.format(**content["params"]) if "params" in content else message}
        await super().send_json(content, close=close)

    # -- group messages --------------------------------------------------------------
    async def session_ended(self, event):
        """A log-out of this socket's session, or a password change of its user (any session)."""
        if event.get("session") in (None, self.session_mark):
            await self.close(code=CLOSE_UNAUTHENTICATED)
            await self.end()


class NoSuchSocket(AsyncJsonWebsocketConsumer):
    """Every path no socket lives at: closed with 4404 instead of an exception in the router."""

    async def connect(self):
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)
