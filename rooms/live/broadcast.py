"""After a room changes: send every connected user their own snapshot.

Each user of a room listens on the group ``user-<room id>-<user id>`` (one per
tab joins it), so one channel message per user carries exactly that user's
view; nobody ever receives another seat's snapshot. Called only on commit.
"""

import threading
import uuid
from collections import OrderedDict

import orjson
from django.utils import timezone

from config import realtime
from rooms import extensions
from rooms.live import fastjson, patch, snapshots
from rooms.models import Room
from rooms.records import stored

LOBBY_GROUP = "lobby"
# The last snapshot this process published to each reader of a room, decoded from the text sent:
# the next one goes out as what changed since it (``patch``). Bounded: a reader past it gets whole ones.
LAST_SENT_KEEP = 4096
_last_sent: OrderedDict[tuple[int, int], tuple[int, dict]] = OrderedDict()
_last_sent_lock = threading.Lock()


def user_group(room_id: int, user_id: int) -> str:
    return f"user-{room_id}-{user_id}"


def room_snapshots(
    room_id: int, only_user: int | None = None, room=None, seats=None, with_history: bool = True, state=None
) -> dict[int, dict]:
    """user id -> snapshot for every user connected to the room (or one user).

    The service passes the room and seats it has just saved, so a move costs
    no query here.
    """
    if room is None:
        room = Room.objects.select_related("host", "current_match", "current_hand").filter(pk=room_id).first()
        if room is None:
            return {}
    users = {int(uid) for uid, count in (room.connected or {}).items() if count > 0}
    targets = {only_user} if only_user is not None else users
    if not targets:
        return {}
    if seats is None:
        seats = list(room.seats.select_related("user", "reserved_by").order_by("index"))
    match, hand = room.current_match, room.current_hand
    # Only a snapshot that carries the history reads it (a move's room comes without it).
    history = stored.dicts(room.history) if with_history else []
    now_ms = int(timezone.now().timestamp() * 1000)
    room_part, game_parts = snapshots.build(room, seats, match, hand, users, now_ms, history, with_history, state)
    snaps = {uid: snapshots.for_user(room_part, game_parts, uid, seats, hand) for uid in targets}
    for uid, snap in snaps.items():
        # The reader's own information: what leaving now would cost their rating (a rated match in play).
        snap["you"]["leave_cost"] = extensions.leave_cost(match, uid, room, seats, hand) if room.rated else None
    return snaps


def snapshot_message(snapshot: dict, room_id: int | None = None, user_id: int | None = None) -> dict:
    """The channel message for one user's snapshot, already as the JSON text of the frame.

    Encoded once, in the thread that built it: the receiving process sends the
    text as it is, with no decoding and re-encoding on its event loop. With the
    room and the reader named, it also carries what changed since the snapshot
    this process last published to them (``base``, ``patch``): a socket that sent
    exactly that one sends the patch instead (``RoomConsumer.room_snapshot``).
    """
    version = snapshot["room"]["version"]
    text = fastjson.dumps(snapshot)
    message = {"type": "room.snapshot", "version": version, "text": text}
    if room_id is None or user_id is None:
        return message
    sent = orjson.loads(text)  # what the reader holds exactly: the diff never sees a Python-only value
    key = (room_id, user_id)
    with _last_sent_lock:
        previous = _last_sent.get(key)
        if previous is None or previous[0] < version:
            _last_sent[key] = (version, sent)
            _last_sent.move_to_end(key)
            while len(_last_sent) > LAST_SENT_KEEP:
                _last_sent.popitem(last=False)
    if previous is not None and previous[0] < version:
        ops = patch.diff(previous[1], sent)
        message["base"] = previous[0]
        message["patch"] = fastjson.dumps({"type": "patch", "base": previous[0], "version": version, "ops": ops})
    return message


def forget_everything() -> None:
    """This process keeps no snapshot it sent (a test's database starting anew)."""
    with _last_sent_lock:
        _last_sent.clear()


def publish_room(room_id: int, room=None, seats=None, state=None) -> dict[int, dict]:
    """Everyone's snapshot after a change; the history only when the change ended a hand.

    Returns user id -> the channel message sent, so that the action can hand the
    acting socket its own at once. ``state`` is the engine state the action
    already holds (parsed once per move).
    """
    with_history = room is None or getattr(room, "history_changed", False)
    snaps = room_snapshots(room_id, room=room, seats=seats, with_history=with_history, state=state)
    messages = {uid: snapshot_message(snap, room_id, uid) for uid, snap in snaps.items()}
    realtime.group_send_many([(user_group(room_id, uid), message) for uid, message in messages.items()])
    return messages


def publish_lobby() -> None:
    """Tell every lobby socket the list changed; the id lets the readers of one change share its frame."""
    realtime.group_send(LOBBY_GROUP, {"type": "lobby.changed", "change": uuid.uuid4().hex})
