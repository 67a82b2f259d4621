"""WebSocket consumers: thin. Authenticate, parse, call a service, relay snapshots.

The seat a message acts for is always the server's record of the user's seat;
nothing in a message can name another seat. Protocol: docs/protocol.md.

Every frame passes ``rooms.live.frames`` and the rate limits (``rooms.live.limits``)
before any handler sees it. A room socket's presence ends with the socket on
every path out of it: a clean close, an exception, daphne cancelling a socket
that took too long to close, a server shutting down (``RoomConsumer.__call__``).
"""

import asyncio
import logging
from collections import deque
from urllib.parse import parse_qs

import orjson
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError

from config import realtime
from rooms import extensions, services
from rooms.errors import RoomError, valid_seat
from rooms.live import broadcast, fastjson, frames, in_loop, limits, patch
from rooms.live.guarded import (  # noqa: F401 - the close codes are the protocol's, named here too
    CLOSE_ABUSE,
    CLOSE_NOT_FOUND,
    CLOSE_SILENT,
    CLOSE_TOO_MANY_SOCKETS,
    CLOSE_UNAUTHENTICATED,
    GuardedConsumer,
)
from rooms.live.guarded import error_frame as _error

MAX_MESSAGE_BYTES = frames.MAX_FRAME_BYTES  # the frame limit, named where the actions are
RECENT_IDS = 512
# How long a closing socket waits for its presence refresh to finish a database call.
REFRESH_STOP_SECONDS = 10.0
CLOSE_UNAVAILABLE = 1013  # "try again later": the database is unreachable
CLOSE_ROOM_CLOSED = 4410  # the room was closed (by its host or staff): the page shows the way to the lobby

logger = logging.getLogger(__name__)


def _seat(msg: dict, key: str) -> int:
    """A seat named by the frame (config/ids.py): a bool, a float, a negative or a huge number is ``bad_message``."""
    return valid_seat(msg.get(key))


ACTIONS = {
    "move": lambda user, code, msg: services.move(user, code, msg.get("version"), msg.get("move")),
    "sit": lambda user, code, msg: services.sit(user, code, _seat(msg, "seat")),
    "leave": lambda user, code, msg: services.leave(user, code),
    "start": lambda user, code, msg: services.start_match(user, code),
    "new_match": lambda user, code, msg: services.start_match(user, code),
    "end_match": lambda user, code, msg: services.end_match(user, code),
    "next_hand": lambda user, code, msg: services.next_hand(user, code),
    "pause": lambda user, code, msg: services.pause(user, code),
    "resume": lambda user, code, msg: services.resume(user, code),
    "add_bot": lambda user, code, msg: services.add_bot(user, code, _seat(msg, "seat"), msg.get("level", "normal")),
    "remove_bot": lambda user, code, msg: services.remove_bot(user, code, _seat(msg, "seat")),
    "options": lambda user, code, msg: services.set_options(
        user, code, msg.get("options"), msg.get("time_limit", "keep")
    ),
    "move_seat": lambda user, code, msg: services.move_seat(user, code, _seat(msg, "seat"), _seat(msg, "to")),
    "swap_seats": lambda user, code, msg: services.swap_seats(user, code, _seat(msg, "seat"), _seat(msg, "other")),
    "remove_person": lambda user, code, msg: services.remove_person(user, code, _seat(msg, "seat")),
    "hand_host": lambda user, code, msg: services.hand_host(user, code, _seat(msg, "seat")),
    "close_room": lambda user, code, msg: services.close_by_host(user, code),
    "hint": lambda user, code, msg: services.hint(user, code),
    "client_seed": lambda user, code, msg: services.set_client_seed(user, code, msg.get("seed")),
}


def _full_snapshot(room_id: int, user_id: int) -> dict[int, dict]:
    """The snapshot a socket gets on connect or asks for, with the room's recent chat and the reader's mutes."""
    snaps = broadcast.room_snapshots(room_id, user_id)
    if user_id in snaps:
        snaps[user_id].update(extensions.reader_fields(room_id, user_id))
    return snaps


def _run_action(action: str, user, code: str, msg: dict, room_id: int | None = None) -> tuple[dict | None, dict | None]:
    """Run the action: the acting user's new snapshot message, if the action published one, and
    the answer meant for the acting socket alone (a hint), if any."""
    room = (ACTIONS.get(action) or extensions.socket_actions[action])(user, code, msg)
    reply = getattr(room, "acting_reply", None) if room_id is not None else None
    return reply, getattr(room, "answer", None)


# Not thread-sensitive: actions of different rooms run in parallel threads instead of
# queueing on daphne's one sync thread (an earlier round of docs/benchmarks.md, in its git history). Each action is its own
# transaction under the room's row lock, and one socket's actions stay in order
# because the consumer awaits each before reading the next message.
_run = database_sync_to_async(_run_action, thread_sensitive=False)


def seen_ms(scope) -> int | None:
    """A reconnecting page's ``?seen=`` (server time, epoch ms, of the last frame it heard), if it is a number."""
    values = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("seen")
    try:
        return int(values[0]) if values else None
    except ValueError:
        return None


def wants_patches(scope) -> bool:
    """The page asked for changes as patches (``?patch=1``); other clients keep whole snapshots."""
    values = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("patch")
    return values == ["1"]


class RoomConsumer(GuardedConsumer):
    """One browser tab at one table; its presence lives exactly as long as it does."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.group = None
        self.refresher: asyncio.Task | None = None
        self.present = False
        self.closing = False
        self.sent_version = 0
        # The last frame sent was the published snapshot of ``sent_version`` (not a whole one read
        # for this socket): the next published change may then go as the publisher's patch of it.
        self.sent_published = False
        self.sent_text: str | None = None  # the snapshot this socket's page holds, as sent: a patch's base
        # That snapshot decoded, when this socket worked out its last patch itself (None otherwise): the
        # next one it works out decodes only the new snapshot (a tenth of a busy stack's daphne CPU was
        # sockets decoding both).
        self.sent_doc: dict | None = None
        self.patches = False
        self.recent_ids: deque = deque(maxlen=RECENT_IDS)
        self.recent_set: set = set()
        # A full snapshot is built and sent under this lock, and every event is sent under it too:
        # an event committed after the snapshot was read then goes out after it, never before.
        self.sending = asyncio.Lock()

    async def connect(self):
        if self.authenticated_user() is None:
            await self.refuse(CLOSE_UNAUTHENTICATED)
            return
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.patches = wants_patches(self.scope)
        realtime.register_server_loop(asyncio.get_running_loop())
        try:
            room = await database_sync_to_async(services.connect)(
                self.user, self.code, self.channel_name, seen_ms(self.scope)
            )
        except RoomError as exc:
            if exc.code == "too_many_sockets":
                await self.refuse(CLOSE_TOO_MANY_SOCKETS, (exc.code, exc.message))
            elif exc.code == "room_closed":
                await self.refuse(CLOSE_ROOM_CLOSED, (exc.code, exc.message))
            else:
                await self.refuse(CLOSE_NOT_FOUND)
            return
        except DatabaseError:
            # Refused at the handshake, unlike the codes above: the browser then backs off
            # more and more, instead of coming back at once after an accepted socket.
            logger.warning("room %s: database unavailable on connect", self.code, exc_info=True)
            await self.close(code=CLOSE_UNAVAILABLE)
            return
        self.present = True
        self.room_id = room.id
        self.group = broadcast.user_group(room.id, self.user.id)
        await self.join(self.group)
        await self.join_sessions_group()
        await self.accept()
        self.watch()
        await self.send_snapshot()
        if room.away_auto_moves:
            await self.send_json({"type": "away", "auto_moves": room.away_auto_moves})
        self.refresher = asyncio.ensure_future(self.refresh_presence())

    async def release(self):
        """Stop the refresh, then end the presence: nothing refreshes or re-creates it after."""
        self.closing = True
        if self.refresher is not None:
            self.refresher.cancel()
            # A refresh inside a database call finishes that call first (asgiref waits for
            # its thread); waiting here keeps it from re-creating the presence removed below.
            await asyncio.wait({self.refresher}, timeout=REFRESH_STOP_SECONDS)
        if self.present:
            self.present = False
            try:
                await database_sync_to_async(services.disconnect)(self.channel_name)
            except DatabaseError:  # the presence goes stale and the sweep removes it
                logger.warning("room %s: disconnect not recorded", self.code, exc_info=True)

    def within_rate(self) -> bool:
        return self.limiter.allow() and limits.user_limiter(self.user.id, self.clock).allow()

    async def refresh_presence(self):
        """Keep the presence fresh and the group membership alive, surviving outages.

        Re-joining the group every period costs one Redis command and repairs a
        membership lost when Redis restarted (groups live only in Redis); after
        an outage a full snapshot makes up for the broadcasts that were missed.
        Runs only while the socket lives: ``release`` stops it before the
        presence is removed.
        """
        failed = False
        while not self.closing:
            await asyncio.sleep(settings.PRESENCE_REFRESH_SECONDS)
            try:
                await self.channel_layer.group_add(self.group, self.channel_name)
                alive = not failed and await database_sync_to_async(services.touch_presence)(self.channel_name)
                if not alive and not self.closing:
                    # The sweep took this socket for gone (or an outage hid it): announce it again.
                    await database_sync_to_async(services.connect)(self.user, self.code, self.channel_name)
                    await self.send_snapshot()
                elif alive:
                    await self.catch_up()
                failed = False
            except asyncio.CancelledError:
                raise
            except RoomError as exc:
                # The room closed meanwhile, or this user opened too many sockets since.
                codes = {"too_many_sockets": CLOSE_TOO_MANY_SOCKETS, "room_closed": CLOSE_ROOM_CLOSED}
                await self.close(code=codes.get(exc.code, CLOSE_NOT_FOUND))
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

    async def send_snapshot(self):
        """The whole table with the chat's history, which the page puts in place of what it shows.

        The presence refresh sends one while the socket's own loop relays events: without the
        lock a chat message committed after this snapshot read the history could reach the
        page first and then be wiped out by it.
        """
        async with self.sending:
            try:
                snaps = await database_sync_to_async(_full_snapshot)(self.room_id, self.user.id)
            except DatabaseError:
                await self.send_json(_error("unavailable"))
                return
            if self.user.id in snaps:
                snap = snaps[self.user.id]
                if snap["room"]["version"] >= self.sent_version:  # the page holds this one now
                    self.sent_version, self.sent_published = snap["room"]["version"], False
                    self.sent_text, self.sent_doc = fastjson.dumps(snap), None
                    await self.send(text_data=self.sent_text)
                else:  # read before a newer broadcast went out: the page ignores it, and so do we
                    await self.send_json(snap)

    async def handle(self, msg: dict):
        msg_id = msg.get("id")
        if msg_id is not None and not isinstance(msg_id, (str, int)) or isinstance(msg_id, bool):
            await self.send_json(_error("bad_message"))
            return
        action = msg.get("action")
        if action == "ping":
            await self.send_json({"type": "pong", "id": msg_id})
            return
        if action == "pong":  # the answer to the server's ping (watch_silence): hearing it was the point
            return
        if action == "snapshot":
            await self.send_snapshot()
            return
        if not isinstance(action, str) or (action not in ACTIONS and action not in extensions.socket_actions):
            await self.send_json(_error("unknown_action", msg_id=msg_id))
            return
        if msg_id is not None:
            if msg_id in self.recent_set:
                await self.send_json(_error("duplicate_id", msg_id=msg_id))
                return
            if len(self.recent_ids) == self.recent_ids.maxlen:
                self.recent_set.discard(self.recent_ids[0])
            self.recent_ids.append(msg_id)
            self.recent_set.add(msg_id)
        try:
            reply, answer = await in_loop.run(action, _run_action, _run, self.user, self.code, msg, self.room_id)
        except RoomError as exc:
            frame = _error(exc.code, exc.message, msg_id)
            await self.send_json({**frame, "params": exc.params} if exc.params else frame)
            return
        except DatabaseError:
            # The transaction rolled back: nothing changed, and the socket stays open.
            logger.warning("room %s: database unavailable for %s", self.code, action, exc_info=True)
            self.forget_id(msg_id)
            await self.send_json(_error("unavailable", msg_id=msg_id))
            return
        except Exception:
            # Never let one message kill the socket. Unlike the codes above, this one
            # cannot promise that nothing changed: the next snapshot shows the table.
            logger.exception("room %s: %s failed", self.code, action)
            await self.send_json(_error("server_error", msg_id=msg_id))
            await self.send_snapshot()
            return
        if reply is not None:
            await self.room_snapshot(reply)
        if answer is not None:
            await self.send_json({**answer, "id": msg_id})
        await self.send_json({"type": "ack", "id": msg_id, "action": action})

    def forget_id(self, msg_id) -> None:
        """A message refused for an outage may be sent again with the same id."""
        if msg_id is not None and msg_id in self.recent_set:
            self.recent_set.discard(msg_id)
            self.recent_ids.remove(msg_id)

    async def room_snapshot(self, event):
        if event["version"] <= self.sent_version:
            return  # sent already (the reply to this socket's own action), or older than what was
        text = frame = event["text"]
        doc = None
        if self.patches and self.sent_text is not None:
            # What changed since the snapshot this socket sent last (rooms/live/patch.py): the
            # publisher's patch when it was made from that one, else worked out here.
            if self.sent_published and event.get("base") == self.sent_version and "patch" in event:
                frame = event["patch"]
            else:
                doc = orjson.loads(text)
                before = self.sent_doc if self.sent_doc is not None else orjson.loads(self.sent_text)
                frame = patch.frame(before, self.sent_version, doc, event["version"])
        self.sent_version, self.sent_published, self.sent_text = event["version"], True, text
        self.sent_doc = doc
        await self.send(text_data=frame)

    async def room_event(self, message):
        """An event of the room that is not a snapshot (``Table.emit``), sent as it is.

        ``room_closed`` comes after the closed room's last snapshot: the socket then
        closes with ``CLOSE_ROOM_CLOSED`` and the page does not reconnect.
        """
        async with self.sending:  # after a full snapshot being built (send_snapshot)
            await self.send_json({"type": "event", **message["event"]})
        if message["event"].get("kind") == "room_closed":
            await self.close(code=CLOSE_ROOM_CLOSED)
