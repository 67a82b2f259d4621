"""The chat's actions: say, say a quick phrase, mute and un-mute, report, and the staff's delete.

A message is written under the room's lock (``rooms.table.open_table``, so a
closing room and a message never cross) and travels as its own event
(``chat``) to everyone connected to the room except those who muted its
author or blocked them (friends/relations.py: a block hides the blocked
person's lines from the blocker as a mute does); the room's version and snapshots are left alone (``events_only``).
Everything that can refuse a message without the room (a site-wide mute and
the text's rules, both chat/gate.py's, then the rate limit) refuses it before
the lock is taken.
"""

from datetime import timedelta

from django.db import IntegrityError, transaction

from accounts import audit
from chat import gate, phrases, rate
from chat.models import ChatMessage, ChatMute, ChatReport, SiteMute
from chat.text import clean_note
from friends import relations
from rooms import clock
from rooms.errors import RoomError, valid_id
from rooms.models import Participant, Presence, Room, Seat
from rooms.table import open_table

HISTORY = 50


def say(user, code: str, raw) -> ChatMessage:
    now = clock.now()
    return _write(user, code, now, text=gate.words(user, "chat", raw, now))


def say_phrase(user, code: str, key) -> ChatMessage:
    now = clock.now()
    return _write(user, code, now, phrase=gate.words(user, "chat_phrase", key, now))


def _write(user, code: str, now, text: str = "", phrase: str = "") -> ChatMessage:
    """The words passed the gate (chat/gate.py: the mute, the text); the rate limit, then the room."""
    if not rate.take(user.id, now):
        raise RoomError("chat_rate_limited")
    with open_table(code, user=user) as t:
        message = ChatMessage.objects.create(
            room=t.room, user=user, text=text, phrase=phrase, time=now, spectator=t.seat_for() is None
        )
        muters = ChatMute.objects.filter(muted=user).values_list("muter_id", flat=True)
        t.emit("chat", exclude=set(muters) | relations.blocker_ids(user.id), **event(message))
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
    """The room's last messages a reader may see, oldest first: none deleted, none of whom they muted or blocked."""
    muted = ChatMute.objects.filter(muter_id=reader_id).values("muted_id")
    rows = (
        ChatMessage.objects.filter(room_id=room_id, deleted=False)
        .exclude(user_id__in=muted)
        .exclude(user_id__in=relations.blocked_ids(reader_id))
        .select_related("user")
        .order_by("-time", "-id")[:HISTORY]
    )
    return [event(m) for m in reversed(rows)]


def rooms_of(user_id: int) -> set[int]:
    """The ids of every room a person was in: seated, connected, written in, or holding a seat of a hand."""
    rooms: set[int] = set()
    for model in (Seat, Presence, ChatMessage):
        rooms |= set(model.objects.filter(user_id=user_id).order_by().values_list("room_id", flat=True))
    return rooms | set(Participant.objects.filter(user_id=user_id).order_by().values_list("match__room_id", flat=True))


def met(reader_id: int, other_ids) -> set[int]:
    """Which of ``other_ids`` shared a room with the reader: the only people a reader may mute or see named.

    Without it ``chat_mute`` told whether an id exists, and ``chat_muted`` mapped any id to a name.
    """
    others = {i for i in other_ids if i != reader_id}
    if not others:
        return set()
    mine = rooms_of(reader_id)
    if not mine:
        return set()
    found = set()
    for model in (Seat, Presence, ChatMessage):
        found |= set(
            model.objects.filter(user_id__in=others, room_id__in=mine).order_by().values_list("user_id", flat=True)
        )
    found |= set(
        Participant.objects.filter(user_id__in=others, match__room_id__in=mine)
        .order_by()
        .values_list("user_id", flat=True)
    )
    return found


def muted_people(reader_id: int) -> list[dict]:
    """Whom the reader muted, by name (the chat panel's list, each with its un-mute button).

    Only people the reader shared a room with are named (``met``): a mute stored
    before that rule never turns an id into a name.
    """
    rows = list(ChatMute.objects.filter(muter_id=reader_id).select_related("muted").order_by("muted__username"))
    if not rows:
        return []
    known = met(reader_id, [row.muted_id for row in rows])
    return [{"user_id": row.muted_id, "name": row.muted.shown_name} for row in rows if row.muted_id in known]


def snapshot_fields(room_id: int, reader_id: int) -> dict:
    """What a full snapshot carries for the chat: the history, and whom the reader muted."""
    return {"chat": history(room_id, reader_id), "chat_muted": muted_people(reader_id)}


def set_mute(user, other_id, muted) -> None:
    """``user`` stops (or starts again) receiving ``other_id``'s messages."""
    valid_id(other_id)
    if not isinstance(muted, bool):
        raise RoomError("bad_message")
    if other_id == user.id:
        raise RoomError("chat_self_mute")
    if muted:
        # An unknown id and a person never met at a table answer alike, and store nothing.
        if other_id not in met(user.id, [other_id]):
            raise RoomError("chat_no_such_user")
        try:
            with transaction.atomic():
                ChatMute.objects.get_or_create(muter=user, muted_id=other_id)
        except IntegrityError:  # the person went between the check and the write
            raise RoomError("chat_no_such_user") from None
    else:
        ChatMute.objects.filter(muter=user, muted_id=other_id).delete()


def unmute(user, other_id) -> None:
    """``user`` receives ``other_id``'s messages again (nothing happens if they were not muted)."""
    set_mute(user, other_id, False)


def report(user, code: str, message_id, reason, note=None) -> None:
    """``user`` asks the staff to look at a message of this room, saying why (once; a second report changes nothing).

    One's own messages cannot be reported (``chat_report_own``), nor messages of
    a closed room (``chat_report_closed``): the staff read those without a report.

    ``reason`` is one of ``ChatReport.Reason``; ``note`` is optional free text,
    cleaned like a message (at most 200 characters) and shown to staff only.
    """
    valid_id(message_id)
    if not isinstance(reason, str) or reason not in ChatReport.Reason.values:
        raise RoomError("chat_bad_reason")
    note = clean_note(note)
    message = ChatMessage.objects.filter(id=message_id, room__code=code, deleted=False).select_related("room").first()
    if message is None:
        raise RoomError("chat_no_such_message")
    if message.user_id == user.id:
        raise RoomError("chat_report_own")
    if message.room.status == Room.Status.CLOSED:
        raise RoomError("chat_report_closed")
    ChatReport.objects.get_or_create(
        message=message, reporter=user, defaults={"time": clock.now(), "reason": reason, "note": note}
    )


def delete(messages, by=None) -> int:
    """The staff remove messages: marked deleted, and every socket of each room told to drop them at once.

    The only delete a message has: the row stays (with its reports) as the record of what was said.
    ``by``, the staff member, gets a row of the audit log per message.
    """
    by_room: dict[int, list[int]] = {}
    hidden = []
    for m in messages:
        if not m.deleted:
            by_room.setdefault(m.room_id, []).append(m.id)
            hidden.append(m)
    for room_id, ids in by_room.items():
        with open_table(room_id=room_id, allow_closed=True, missing_ok=True) as t:
            ChatMessage.objects.filter(id__in=ids).update(deleted=True)
            if t is not None:
                for message_id in ids:
                    t.emit("chat_deleted", id=message_id)
                t.events_only()
    if by is not None:
        for m in hidden:
            audit.record(by, m, "message_delete")
    return len(hidden)


def mute_site_wide(user, hours: float, reason: str = "") -> SiteMute:
    return SiteMute.objects.create(user=user, until=clock.now() + timedelta(hours=hours), reason=reason)
