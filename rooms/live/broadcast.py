"""After a room changes: send every connected user their own snapshot.

Each user of a room listens on the group ``user-<room id>-<user id>`` (one per
tab joins it), so one channel message per user carries exactly that user's
view; nobody ever receives another seat's snapshot. Called only on commit.
"""

import uuid

from django.utils import timezone

from config import realtime
from rooms import extensions
from rooms.live import fastjson, outbox, snapshots
from rooms.models import Room
from rooms.records import stored

LOBBY_GROUP = "lobby"


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
    readers = replay_readers(room, match, targets)
    for uid, snap in snaps.items():
        # The reader's own information: what leaving now would cost their rating (a rated match in play).
        snap["you"]["leave_cost"] = extensions.leave_cost(match, uid, room, seats, hand) if room.rated else None
        # Once it is over, the match's replay, for those who may read it (rooms/records/match_access.py).
        snap["you"]["replay_url"] = extensions.replay_url(match) if uid in readers else None
    return snaps


def replay_readers(room, match, users: set[int]) -> set[int]:
    """Who of ``users`` may open the ended match's replay: anyone for a public room, else who played it."""
    if match is None or match.status == match.Status.PLAYING or not match.hands.exclude(ended_at=None).exists():
        return set()
    if room.is_public:
        return set(users)
    return set(match.players.filter(pk__in=users).values_list("pk", flat=True))


def snapshot_message(snapshot: dict) -> dict:
    """The channel message for one user's snapshot, already as the JSON text of the frame.

    Encoded once, in the thread that built it: the receiving process sends the
    text as it is, with no decoding and re-encoding on its event loop. A
    publish makes its messages with ``rooms.live.outbox``, which adds the patch.
    """
    return {
        "type": "room.snapshot",
        "version": snapshot["room"]["version"],
        "text": fastjson.dumps(snapshot),
    }


def publish_room(room_id: int, room=None, seats=None, state=None) -> dict[int, dict]:
    """Everyone's snapshot after a change; the history only when the change ended a hand.

    Returns user id -> the channel message sent, so that the action can hand the
    acting socket its own at once. ``state`` is the engine state the action
    already holds (parsed once per move).
    """
    with_history = room is None or getattr(room, "history_changed", False)
    snaps = room_snapshots(room_id, room=room, seats=seats, with_history=with_history, state=state)
    messages = outbox.messages(room_id, snaps)  # with what changed since each reader's last snapshot
    realtime.group_send_many([(user_group(room_id, uid), message) for uid, message in messages.items()])
    return messages


def publish_lobby() -> None:
    """Tell every lobby socket the list changed; the id lets the readers of one change share its frame."""
    realtime.group_send(LOBBY_GROUP, {"type": "lobby.changed", "change": uuid.uuid4().hex})
