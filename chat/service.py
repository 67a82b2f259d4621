"""The chat's actions: say, say a quick phrase, mute, report, and the staff's delete.

A message is written under the room's lock (``rooms.table.open_table``, so a
closing room and a message never cross) and travels as its own event
(``chat``) to everyone connected to the room except those who muted its
author; the room's version and snapshots are left alone (``events_only``).
"""

from datetime import timedelta

from django.db import IntegrityError, transaction

from chat import phrases
from chat.models import ChatMessage, ChatMute, ChatReport, SiteMute
from chat.text import clean
from rooms import clock
from rooms.errors import RoomError
from rooms.table import open_table

RATE_COUNT = 5  # messages per user (every room together) ...
RATE_WINDOW = timedelta(seconds=10)  # ... within this window, by the room layer's clock
HISTORY = 50


def say(user, code: str, raw) -> ChatMessage:
    return _write(user, code, text=clean(raw))


def say_phrase(user, code: str, key) -> ChatMessage:
    if not isinstance(key, str) or key not in phrases.PHRASES:
        raise RoomError("chat_bad_phrase")
    return _write(user, code, phrase=key)


def _write(user, code: str, text: str = "", phrase: str = "") -> ChatMessage:
    now = clock.now()
    mute = SiteMute.objects.filter(user=user, until__gt=now).order_by("-until").first()
    if mute is not None:
        raise RoomError("chat_muted", until=f"{mute.until:%Y-%m-%d %H:%M} UTC")
    with open_table(code, user=user) as t:
        if ChatMessage.objects.filter(user=user, time__gt=now - RATE_WINDOW).count() >= RATE_COUNT:
            raise RoomError("chat_rate_limited")
        message = ChatMessage.objects.create(
            room=t.room, user=user, text=text, phrase=phrase, time=now, spectator=t.seat_for() is None
        )
        muters = ChatMute.objects.filter(muted=user).values_list("muter_id", flat=True)
        t.emit("chat", exclude=set(muters), **event(message))
        t.events_only()
    return message


def event(message: ChatMessage) -> dict:
    """A message as every reader gets it (the ``chat`` event, and each entry of a snapshot's ``chat``)."""
    return {
        "id": message.id,
        "user_id": message.user_id,
        "name": message.user.shown_name,
        "spectator": message.spectator,
        "text": message.text,
        "phrase": message.phrase or None,
        "texts": phrases.texts(message.phrase) if message.phrase else None,
        "time": int(message.time.timestamp() * 1000),
    }


def history(room_id: int, reader_id: int) -> list[dict]:
    """The room's last messages a reader may see, oldest first: none deleted, none of whom they muted."""
    muted = ChatMute.objects.filter(muter_id=reader_id).values("muted_id")
    rows = (
        ChatMessage.objects.filter(room_id=room_id, deleted=False)
        .exclude(user_id__in=muted)
        .select_related("user")
        .order_by("-time", "-id")[:HISTORY]
    )
    return [event(m) for m in reversed(rows)]


def set_mute(user, other_id, muted) -> None:
    """``user`` stops (or starts again) receiving ``other_id``'s messages."""
    if isinstance(other_id, bool) or not isinstance(other_id, int) or not isinstance(muted, bool):
        raise RoomError("bad_message")
    if other_id == user.id:
        raise RoomError("chat_self_mute")
    if muted:
        try:
            with transaction.atomic():
                ChatMute.objects.get_or_create(muter=user, muted_id=other_id)
        except IntegrityError:  # no such user
            raise RoomError("chat_no_such_user") from None
    else:
        ChatMute.objects.filter(muter=user, muted_id=other_id).delete()


def report(user, code: str, message_id) -> None:
    """``user`` asks the staff to look at a message of this room (once; a second report changes nothing)."""
    if isinstance(message_id, bool) or not isinstance(message_id, int):
        raise RoomError("bad_message")
    message = ChatMessage.objects.filter(id=message_id, room__code=code, deleted=False).first()
    if message is None:
        raise RoomError("chat_no_such_message")
    ChatReport.objects.get_or_create(message=message, reporter=user, defaults={"time": clock.now()})


def delete(messages) -> int:
    """The staff remove messages: marked deleted, and every socket of each room told to drop them at once."""
    by_room: dict[int, list[int]] = {}
    for m in messages:
        if not m.deleted:
            by_room.setdefault(m.room_id, []).append(m.id)
    for room_id, ids in by_room.items():
        with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
            ChatMessage.objects.filter(id__in=ids).update(deleted=True)
            if t is not None:
                for message_id in ids:
                    t.emit("chat_deleted", id=message_id)
                t.events_only()
    return sum(len(ids) for ids in by_room.values())


def mute_site_wide(user, hours: float, reason: str = "") -> SiteMute:
    return SiteMute.objects.create(user=user, until=clock.now() + timedelta(hours=hours), reason=reason)
