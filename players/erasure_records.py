"""Every stored mention of an erased person becomes their pseudonym (players/erasure.py, inside its transaction).

Two kinds of mention:

- **The records the site wrote**, where a name has its place: a hand's participants
  (``Participant.name``), a hand's ``players`` and its log (``by``, ``name``, the words of each
  move in every language), a room's ``history``, its events (each sentence made again from the
  renamed parameters) and its last move. The rooms are those the person had a part in and every
  room whose events or last move name them, found by searching the stored JSON: a room they sat
  in and left before any match keeps no other trace of them.
- **Words people wrote**: the chat lines and report notes of those rooms, the rooms' names, the
  staff's mute reasons and the audit log. There each of the person's names and e-mails is
  replaced where it stands as a whole word, in any case, and the text is cut to its column.

Every room is locked first (by id, one statement), so no move writes a hand's log meanwhile. A
room still open is written through its own unit of work (``open_table``): a new version, and
every table and the lobby get the renamed words at once; the others are written in bulk.
"""

import json
import re

from django.contrib.admin.models import LogEntry
from django.db.models import Q, TextField
from django.db.models.functions import Cast

from accounts import pseudonyms
from chat.models import ChatMessage, ChatReport, SiteMute
from rooms.models import Hand, Participant, Room
from rooms.records import describe, participants, stored
from rooms.table import open_table
from tournaments.models import Tournament

ROOM_FIELDS = ("events", "last_move", "history", "name")
BATCH = 200


def rooms_naming(names: set[str]) -> set[int]:
    """The rooms whose events or last move hold one of ``names`` (as JSON holds it: SQLite escapes, PostgreSQL not)."""
    forms = set()
    for name in names:
        forms |= {name, json.dumps(name)[1:-1], json.dumps(name, ensure_ascii=False)[1:-1]}
    query = Q()
    for form in forms:
        query |= Q(events_text__contains=form) | Q(last_move_text__contains=form)
    if not query:
        return set()
    rows = Room.objects.annotate(events_text=Cast("events", TextField()), last_move_text=Cast("last_move", TextField()))
    return set(rows.filter(query).order_by().values_list("id", flat=True))


def rewrite(user, tag: str, names: set[str], emails: set[str], rooms: set[int]) -> None:
    """The person (still under their old names) is named ``tag``'s pseudonym in every record and text."""
    locked = list(Room.objects.select_for_update().filter(id__in=rooms).order_by("id"))
    held = _rename_participants(user, pseudonyms.stored_name(tag))
    _rewrite_hands(held, names, user.username, tag)
    pattern = _words_pattern(names | emails)
    pseudonym = pseudonyms.stored_name(tag)
    bulk = []
    for room in locked:
        if not _rewrite_room(room, names, tag, held, pattern):
            continue
        if room.status == Room.Status.CLOSED:
            bulk.append(room)
            continue
        with open_table(room_id=room.id, allow_closed=True) as t:
            for field in ROOM_FIELDS:
                setattr(t.room, field, getattr(room, field))
            t.room.history_changed = True  # the whole row is written, and every snapshot carries the events
            t.touch()
    Room.objects.bulk_update(bulk, ROOM_FIELDS, batch_size=BATCH)
    if pattern is not None:
        _rewrite_texts(ChatMessage.objects.filter(room_id__in=rooms), ("text",), names | emails, pattern, pseudonym)
        reports = ChatReport.objects.filter(Q(message__room_id__in=rooms) | Q(reporter=user))
        _rewrite_texts(reports, ("note",), names | emails, pattern, pseudonym)
        _rewrite_texts(SiteMute.objects.all(), ("reason",), names | emails, pattern, pseudonym)
        _rewrite_texts(LogEntry.objects.all(), ("object_repr", "change_message"), names | emails, pattern, pseudonym)
        # A tournament's name is its creator's words, and a cancellation's reason the staff's.
        _rewrite_texts(Tournament.objects.all(), ("name", "cancel_reason"), names | emails, pattern, pseudonym)


# -- the records ------------------------------------------------------------------------------------


def _rename_participants(user, stored_name: str) -> dict[tuple[int, int], list[Participant]]:
    """Their participant rows take the pseudonym; returns every holder of each hand they held a seat in."""
    rows = Participant.objects.filter(user=user)
    rows.update(name=stored_name)
    keys = set(rows.values_list("match_id", "hand_number"))
    held: dict[tuple[int, int], list[Participant]] = {}
    everyone = Participant.objects.filter(match_id__in={match for match, _number in keys})
    for row in everyone.order_by("match_id", "hand_number", "seat", "from_move", "id"):
        if (row.match_id, row.hand_number) in keys:
            held.setdefault((row.match_id, row.hand_number), []).append(row)
    return held


def _rewrite_hands(held, names: set[str], old_username: str, tag: str) -> None:
    stored_name = pseudonyms.stored_name(tag)
    hand_ids = {row.hand_id for rows in held.values() for row in rows if row.hand_id is not None}
    changed = []
    for hand in Hand.objects.filter(id__in=hand_ids).only("id", "match_id", "number", "players", "moves"):
        hand.players = participants.history_players(held.get((hand.match_id, hand.number), []))
        moves = stored.dicts(hand.moves)
        for entry in moves:
            if entry.get("by") == old_username:
                entry["by"] = f"jogador-{tag}"
            if entry.get("name") in names:
                entry["name"] = stored_name
            if "text" in entry:
                entry["text"] = _texts_renamed(entry["text"], names, tag)
        hand.moves = moves
        changed.append(hand)
    Hand.objects.bulk_update(changed, ["players", "moves"], batch_size=BATCH)


def _rewrite_room(room: Room, names: set[str], tag: str, held, pattern) -> bool:
    """The room's events, last move, history and name, renamed in place; whether any changed."""
    before = json.dumps([getattr(room, field) for field in ROOM_FIELDS], sort_keys=True, default=str)
    _rewrite_events(room, names, tag)
    last = stored.as_dict(room.last_move)
    if last:
        if last.get("name") in names:
            last["name"] = pseudonyms.stored_name(tag)
        if "text" in last:
            last["text"] = _texts_renamed(last["text"], names, tag)
        room.last_move = last
    history = stored.as_list(room.history)
    for entry in history:
        key = (entry.get("match"), entry.get("number")) if isinstance(entry, dict) else None
        if key in held:
            entry["players"] = participants.history_players(held[key])
    room.history = history
    if pattern is not None:
        room.name = _replaced(room.name, pattern, pseudonyms.stored_name(tag), Room._meta.get_field("name").max_length)
    return json.dumps([getattr(room, field) for field in ROOM_FIELDS], sort_keys=True, default=str) != before


def _rewrite_events(room: Room, names: set[str], tag: str) -> None:
    """Each event naming the person: its parameters renamed, its sentence made again in every language."""
    stored_name = pseudonyms.stored_name(tag)
    events = stored.dicts(room.events)
    for event in events:
        params = stored.as_dict(event.get("params"))
        named = [key for key, value in params.items() if isinstance(value, dict) and value.get("name") in names]
        if not named:
            continue
        for key in named:
            params[key] = {**params[key], "name": stored_name}
        event["params"] = params
        event["text"] = describe.in_languages(describe.room_event, str(event.get("code")), params)
    room.events = events


def _replace_names(text: str, names: set[str], pseudonym: str) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", pseudonym, text)
    return text


def _texts_renamed(text, names: set[str], tag: str):
    """A sentence in every language ({"pt-br": …, "en": …}) with the person's names as the pseudonym in each."""
    if not isinstance(text, dict):
        return text
    return {
        language: _replace_names(words, names, pseudonyms.in_language(tag, language))
        if isinstance(words, str)
        else words
        for language, words in text.items()
    }


# -- words people wrote ----------------------------------------------------------------------------


def _words_pattern(words: set[str]):
    """Any of the person's names or e-mails standing as a whole word, in any case; the longest first."""
    words = sorted({w for w in words if w}, key=len, reverse=True)
    if not words:
        return None
    return re.compile("|".join(rf"(?<!\w){re.escape(word)}(?!\w)" for word in words), re.IGNORECASE)


def _replaced(text: str, pattern, pseudonym: str, limit: int | None) -> str:
    new = pattern.sub(pseudonym, text)
    return new if new == text or limit is None else new[:limit]


def _rewrite_texts(queryset, fields: tuple[str, ...], words: set[str], pattern, pseudonym: str) -> None:
    """The rows whose ``fields`` hold one of ``words`` (found in SQL, decided here), rewritten in bulk."""
    query = Q()
    for field in fields:
        for word in words:
            query |= Q(**{f"{field}__icontains": word})
    model = queryset.model
    limits = {field: model._meta.get_field(field).max_length for field in fields}
    changed = []
    for row in queryset.filter(query).only("pk", *fields):
        renamed = {field: _replaced(getattr(row, field), pattern, pseudonym, limits[field]) for field in fields}
        if any(renamed[field] != getattr(row, field) for field in fields):
            for field, value in renamed.items():
                setattr(row, field, value)
            changed.append(row)
    model.objects.bulk_update(changed, list(fields), batch_size=BATCH)
