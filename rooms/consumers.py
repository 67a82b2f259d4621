"""WebSocket consumers: thin. Authenticate, parse, call a service, relay snapshots.

The seat a message acts for is always the server's record of the user's seat;
nothing in a message can name another seat. Protocol: docs/protocol.md.
"""

import asyncio
import json
import logging
import time
from collections import deque

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError

from config import realtime
from rooms import broadcast, services
from rooms.errors import RoomError
from rooms.messages import message_for

MAX_MESSAGE_BYTES = 8192
RATE_PER_SECOND = 20
RATE_BURST = 40
RATE_CLOSE_AFTER = 100  # refused messages within RATE_CLOSE_WINDOW seconds close the socket
# A window, not "in a row": a client sending just over the rate gets a token now
# and then, which would reset a count of refusals in a row for ever.
RATE_CLOSE_WINDOW = 10.0
# One user's sockets together (all tabs, in this process): a user with many tabs
# cannot multiply the per-socket rate. Per process only: behind N daphne
# processes a user spread over all of them gets up to N times this.
USER_RATE_PER_SECOND = 40
USER_RATE_BURST = 80
USER_BUCKETS_MAX = 10_000
RECENT_IDS = 512

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_ABUSE = 4429
CLOSE_UNAVAILABLE = 1013  # "try again later": the database is unreachable

logger = logging.getLogger(__name__)


def player_language(scope, user) -> str:
    """The language chosen with the switcher (cookie), else the profile's, else the site's."""
    chosen = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME) or getattr(user, "language", "")
    codes = {code for code, _name in settings.LANGUAGES}
    return chosen if chosen in codes else settings.LANGUAGE_CODE


def _error(code: str, message: str, msg_id=None) -> dict:
    return {"type": "error", "id": msg_id, "code": code, "message": message}


class RateLimiter:
    """A token bucket: RATE_PER_SECOND sustained, RATE_BURST at once."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


_user_buckets: dict[int, RateLimiter] = {}


def user_limiter(user_id: int) -> RateLimiter:
    """The token bucket shared by every socket of one user in this process."""
    bucket = _user_buckets.get(user_id)
    if bucket is None:
        if len(_user_buckets) >= USER_BUCKETS_MAX:
            _user_buckets.clear()  # a full bucket again for everyone: generous, and bounded memory
        bucket = _user_buckets[user_id] = RateLimiter(USER_RATE_PER_SECOND, USER_RATE_BURST)
    return bucket


def _int(msg: dict, key: str):
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RoomError("bad_message", f"'{key}' must be an integer.")
    return value


ACTIONS = {
    "move": lambda user, code, msg: services.move(user, code, msg.get("version"), msg.get("move")),
    "sit": lambda user, code, msg: services.sit(user, code, _int(msg, "seat")),
    "leave": lambda user, code, msg: services.leave(user, code),
    "start": lambda user, code, msg: services.start_match(user, code),
    "new_match": lambda user, code, msg: services.start_match(user, code),
    "next_hand": lambda user, code, msg: services.next_hand(user, code),
    "pause": lambda user, code, msg: services.pause(user, code),
    "resume": lambda user, code, msg: services.resume(user, code),
    "add_bot": lambda user, code, msg: services.add_bot(user, code, _int(msg, "seat"), msg.get("level", "normal")),
    "remove_bot": lambda user, code, msg: services.remove_bot(user, code, _int(msg, "seat")),
    "options": lambda user, code, msg: services.set_options(
        user, code, msg.get("options"), msg.get("time_limit", "keep")
    ),
    "client_seed": lambda user, code, msg: services.set_client_seed(user, code, msg.get("seed")),
}


def _run_action(action: str, user, code: str, msg: dict, room_id: int | None = None) -> dict | None:
    """Run the action; the acting user's new snapshot message, if the action published one."""
    if room_id is None:
        ACTIONS[action](user, code, msg)
        return None
    with broadcast.reply_for(room_id, user.id) as reply:
        ACTIONS[action](user, code, msg)
    return reply["message"]


# Not thread-sensitive: actions of different rooms run in parallel threads instead of
# queueing on daphne's one sync thread (docs/benchmarks.md). Each action is its own
# transaction under the room's row lock, and one socket's actions stay in order
# because the consumer awaits each before reading the next message.
_run = database_sync_to_async(_run_action, thread_sensitive=False)


class RoomConsumer(AsyncJsonWebsocketConsumer):
    """One browser tab at one table."""

    async def connect(self):
        self.user = self.scope.get("user")
        self.group = None
        self.refresher = None
        self.sent_version = 0
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.language = player_language(self.scope, self.user)
        self.limiter = RateLimiter()
        self.refusals: deque = deque(maxlen=RATE_CLOSE_AFTER)
        self.recent_ids: deque = deque(maxlen=RECENT_IDS)
        self.recent_set: set = set()
        realtime.register_server_loop(asyncio.get_running_loop())
        try:
            room = await database_sync_to_async(services.connect)(self.user, self.code, self.channel_name)
        except RoomError:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        except DatabaseError:
            logger.warning("room %s: database unavailable on connect", self.code, exc_info=True)
            await self.close(code=CLOSE_UNAVAILABLE)
            return
        self.room_id = room.id
        self.group = broadcast.user_group(room.id, self.user.id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_snapshot()
        self.refresher = asyncio.ensure_future(self.refresh_presence())

    async def disconnect(self, code):
        if self.refresher:
            self.refresher.cancel()
        if self.group:
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception:  # the layer is away; its group entry expires on its own
                logger.warning("room %s: group_discard failed", self.code, exc_info=True)
            try:
                await database_sync_to_async(services.disconnect)(self.channel_name)
            except DatabaseError:  # the presence goes stale and the sweep removes it
                logger.warning("room %s: disconnect not recorded", self.code, exc_info=True)

    async def refresh_presence(self):
        """Keep the presence fresh and the group membership alive, surviving outages.

        Re-joining the group every period costs one Redis command and repairs a
        membership lost when Redis restarted (groups live only in Redis); after
        an outage a full snapshot makes up for the broadcasts that were missed.
        """
        failed = False
        while True:
            await asyncio.sleep(settings.PRESENCE_REFRESH_SECONDS)
            try:
                await self.channel_layer.group_add(self.group, self.channel_name)
                alive = not failed and await database_sync_to_async(services.touch_presence)(self.channel_name)
                if not alive:
                    # The sweep took this socket for gone (or an outage hid it): announce it again.
                    await database_sync_to_async(services.connect)(self.user, self.code, self.channel_name)
                    await self.send_snapshot()
                else:
                    await self.catch_up()
                failed = False
            except asyncio.CancelledError:
                raise
            except RoomError:
                await self.close(code=CLOSE_NOT_FOUND)  # the room closed meanwhile
                return
            except Exception:
                logger.warning("room %s: presence refresh failed", self.code, exc_info=True)
                failed = True

    async def catch_up(self) -> None:
        """A change this socket never heard of: its broadcast was lost, say across a Redis restart.

        The group is joined afresh (with the pub/sub layer a subscription lost
        with its connection is made again) and the table sent as it is now.
        """
        version = await database_sync_to_async(services.room_version)(self.room_id)
        if version is None or version <= self.sent_version:
            return
        logger.warning(
            "room %s: socket behind (%s < %s); joining its group again", self.code, self.sent_version, version
        )
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_snapshot()

    async def send_json(self, content, close=False):
        """Every error frame goes out in the player's language (rooms/messages.py)."""
        if isinstance(content, dict) and content.get("type") == "error":
            content = {**content, "message": message_for(content["code"], content["message"], self.language)}
        await super().send_json(content, close=close)

    async def send_snapshot(self):
        try:
            snaps = await database_sync_to_async(broadcast.room_snapshots)(self.room_id, self.user.id)
        except DatabaseError:
            await self.send_json(_error("unavailable", "The server cannot read the table right now; try again."))
            return
        if self.user.id in snaps:
            self.sent_version = max(self.sent_version, snaps[self.user.id]["room"]["version"])
            await self.send_json(snaps[self.user.id])

    async def receive(self, text_data=None, bytes_data=None):
        if not (self.limiter.allow() and user_limiter(self.user.id).allow()):
            now = time.monotonic()
            self.refusals.append(now)
            if len(self.refusals) == RATE_CLOSE_AFTER and now - self.refusals[0] <= RATE_CLOSE_WINDOW:
                await self.close(code=CLOSE_ABUSE)
                return
            await self.send_json(_error("rate_limited", "Too many messages; slow down."))
            return
        raw = text_data if text_data is not None else bytes_data
        if raw is None or len(raw) > MAX_MESSAGE_BYTES:
            await self.send_json(_error("too_large", f"Messages are limited to {MAX_MESSAGE_BYTES} bytes."))
            return
        try:
            msg = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            await self.send_json(_error("bad_json", "The message is not valid JSON."))
            return
        await self.handle(msg)

    async def handle(self, msg):
        if not isinstance(msg, dict):
            await self.send_json(_error("bad_message", "A message must be a JSON object."))
            return
        msg_id = msg.get("id")
        if msg_id is not None and not isinstance(msg_id, (str, int)) or isinstance(msg_id, bool):
            await self.send_json(_error("bad_message", "'id' must be a string or an integer."))
            return
        action = msg.get("action")
        if action == "ping":
            await self.send_json({"type": "pong", "id": msg_id})
            return
        if action == "snapshot":
            await self.send_snapshot()
            return
        if not isinstance(action, str) or action not in ACTIONS:
            await self.send_json(_error("unknown_action", f"Unknown action {str(action)[:40]!r}.", msg_id))
            return
        if msg_id is not None:
            if msg_id in self.recent_set:
                await self.send_json(_error("duplicate_id", "This message id was already used.", msg_id))
                return
            if len(self.recent_ids) == self.recent_ids.maxlen:
                self.recent_set.discard(self.recent_ids[0])
            self.recent_ids.append(msg_id)
            self.recent_set.add(msg_id)
        try:
            reply = await _run(action, self.user, self.code, msg, self.room_id)
        except RoomError as exc:
            await self.send_json(_error(exc.code, exc.message, msg_id))
            return
        except DatabaseError:
            # The transaction rolled back: nothing changed, and the socket stays open.
            logger.warning("room %s: database unavailable for %s", self.code, action, exc_info=True)
            self.forget_id(msg_id)
            await self.send_json(_error("unavailable", "The server cannot save right now; nothing changed.", msg_id))
            return
        except Exception:
            # Never let one message kill the socket. Unlike the codes above, this one
            # cannot promise that nothing changed: the next snapshot shows the table.
            logger.exception("room %s: %s failed", self.code, action)
            await self.send_json(_error("server_error", "The server failed on this action; see the table.", msg_id))
            await self.send_snapshot()
            return
        if reply is not None:
            await self.room_snapshot(reply)
        await self.send_json({"type": "ack", "id": msg_id, "action": action})

    def forget_id(self, msg_id) -> None:
        """A message refused for an outage may be sent again with the same id."""
        if msg_id is not None and msg_id in self.recent_set:
            self.recent_set.discard(msg_id)
            self.recent_ids.remove(msg_id)

    async def room_snapshot(self, event):
        if event["version"] <= self.sent_version:
            return  # sent already (the reply to this socket's own action), or older than what was
        self.sent_version = event["version"]
        await self.send(text_data=event["text"])


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    """The public room list, sent again whenever a room changes (at most every 0.5 s)."""

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.game = None
        self.pending = None
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.send_rooms()

    async def disconnect(self, code):
        if self.pending:
            self.pending.cancel()
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)

    async def send_rooms(self):
        rooms = await database_sync_to_async(broadcast.lobby_rooms)(self.game)
        await self.send_json({"type": "lobby", "rooms": rooms})

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("action") == "filter":
            game = content.get("game")
            self.game = game if isinstance(game, str) and game else None
            await self.send_rooms()

    async def lobby_changed(self, event):
        if self.pending is None or self.pending.done():
            self.pending = asyncio.ensure_future(self._later())

    async def _later(self):
        await asyncio.sleep(0.5)
        await self.send_rooms()
