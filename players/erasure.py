"""A person deletes their account: what goes, and how the records keep telling the truth.

What goes: the username, e-mail (confirmed and pending), display name,
language, password and every session; their seats are left through the room
layer's own leave path (a stand-in or the game's leaving rule, recorded as a
departure like any other) and their sockets are closed. What stays, under a
stable pseudonym ("Jogador 4f2a"): the hands they played, their moves, ratings,
statistics and chat messages, since those are also the other players' history
and the ratings and verify pages are computed from them. The account's row
itself stays as an empty, inactive shell holding the pseudonym, so that every
record pointing at it still reads. docs/operations.md ("Deleting an account").
"""

import re

from django.contrib.auth import get_user_model
from django.db import transaction

from accounts import pseudonyms
from rooms.actions.seats import leave_seat
from rooms.models import Hand, Participant, Room, Seat
from rooms.records import describe, participants, stored
from rooms.table import open_table


def erase(user) -> str:
    """Delete ``user``'s account as above; returns the pseudonym tag the records now carry."""
    left = _leave_every_room(user)
    with transaction.atomic():
        locked = get_user_model().objects.select_for_update().get(pk=user.pk)
        tag = locked.pseudonym or pseudonyms.new_tag(lambda t: get_user_model().objects.filter(pseudonym=t).exists())
        old_names = _names_of(locked)
        old_username = locked.username
        _rewrite_records(locked, tag, old_names, old_username, left)
        locked.pseudonym = tag
        locked.username = f"jogador-{tag}"
        locked.email, locked.pending_email = None, ""
        locked.display_name = locked.first_name = locked.last_name = ""
        locked.language = ""
        locked.is_active = locked.is_staff = locked.is_superuser = False
        # A new password hash ends every session at its next request (Django checks the session's
        # hash) and closes every socket of the user on commit (rooms/live/sessions.py).
        locked.set_unusable_password()
        locked.save()
        locked.groups.clear()
        locked.user_permissions.clear()
    return tag


def _leave_every_room(user) -> set[int]:
    """Each seat, reservation and host role given up through the room's own leave path, room by room.

    Returns the rooms left: their events and last move now name the person (the leave itself did).
    """
    rooms = set(Seat.objects.filter(user=user).values_list("room_id", flat=True))
    rooms |= set(Seat.objects.filter(reserved_by=user).values_list("room_id", flat=True))
    rooms |= set(Room.objects.filter(host=user).values_list("id", flat=True))
    for room_id in sorted(rooms):
        with open_table(room_id=room_id, missing_ok=True, allow_closed=True) as t:
            if t is None or t.room.status == Room.Status.CLOSED:
                if t is not None:
                    t.skip()
                continue
            leave_seat(t, user)
            t.touch(state_changed=True)
    return rooms


def _names_of(user) -> set[str]:
    """Every name the person was recorded under (display names change), and today's."""
    names = set(Participant.objects.filter(user=user).exclude(name="").values_list("name", flat=True))
    return names | {user.display_name or user.username, user.username} - {""}


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


def _rewrite_records(user, tag: str, names: set[str], old_username: str, left: set[int]) -> None:
    """The stored names of the person in hands, logs, room histories, events and last moves become the pseudonym."""
    stored_name = pseudonyms.stored_name(tag)
    rows = Participant.objects.filter(user=user)
    rows.update(name=stored_name)
    hand_ids = set(rows.exclude(hand=None).values_list("hand_id", flat=True))
    for hand in Hand.objects.filter(id__in=hand_ids):
        holders = participants.holders(hand)
        hand.players = participants.history_players(holders)
        moves = stored.dicts(hand.moves)
        for entry in moves:
            if entry.get("by") == old_username:
                entry["by"] = f"jogador-{tag}"
            if entry.get("name") in names:
                entry["name"] = stored_name
            if "text" in entry:
                entry["text"] = _texts_renamed(entry["text"], names, tag)
        hand.moves = moves
        hand.save(update_fields=["players", "moves"])
    match_rooms = set(rows.values_list("match__room_id", flat=True))
    for room in Room.objects.filter(id__in=match_rooms | left).select_for_update():
        _rewrite_room_words(room, names, tag)
        history = stored.as_list(room.history)
        for entry in history:
            if not isinstance(entry, dict):
                continue
            held = Participant.objects.filter(match_id=entry.get("match"), hand_number=entry.get("number"))
            entry["players"] = participants.history_players(list(held.order_by("seat", "from_move", "id")))
        room.history = history
        room.history_key = stored.history_key(history)
        room.save(update_fields=["history", "history_key", "events", "last_move"])


def _rewrite_room_words(room, names: set[str], tag: str) -> None:
    """The room's events (their sentences made again from the renamed parameters) and its last move."""
    stored_name = pseudonyms.stored_name(tag)
    events = stored.dicts(room.events)
    for event in events:
        params = stored.as_dict(event.get("params"))
        for key, value in params.items():
            if isinstance(value, dict) and value.get("name") in names:
                params[key] = {**value, "name": stored_name}
        event["params"] = params
        event["text"] = describe.in_languages(describe.room_event, str(event.get("code")), params)
    room.events = events
    last = stored.as_dict(room.last_move)
    if last:
        if last.get("name") in names:
            last["name"] = stored_name
        if "text" in last:
            last["text"] = _texts_renamed(last["text"], names, tag)
        room.last_move = last
