"""A person deletes their account: what goes, and how the records keep telling the truth.

What goes: the username, e-mail (confirmed and pending), display name,
language, password and every session; their seats are left through the room
layer's own leave path (a stand-in or the game's leaving rule, recorded as a
departure like any other) and their sockets are closed. What stays, under a
stable pseudonym ("Jogador 4f2a"): the hands they played, their moves, ratings,
statistics and chat messages, since those are also the other players' history
and the ratings and verify pages are computed from them. The account's row
itself stays as an empty, inactive shell holding the pseudonym, so that every
record pointing at it still reads.

Every stored mention of the person is rewritten to the pseudonym, in one
transaction (players/erasure_records.py): the records the site wrote (hands,
logs, participants, and the events, last move and history of every room that
names them, left, closed or live) and the words people wrote about them (chat
lines and report notes of those rooms, room names, the staff's mute reasons and
audit log), and the log-in throttle forgets their username. Their follows and
blocks, both ways, are deleted (friends/relations.py).
docs/accounts.md ("Erasure") and docs/operations.md ("A player's own data").
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from accounts import audit, lockout, pseudonyms
from chat.models import ChatMessage
from friends import relations
from players import erasure_records
from rooms import room_cache
from rooms.actions.seats import leave_seat
from rooms.hints.models import Hint
from rooms.models import Match, Participant, Presence, Room, Seat
from rooms.table import open_table


def erase(user) -> str:
    """Delete ``user``'s account as above; returns the pseudonym tag the records now carry."""
    left = _leave_every_room(user)
    with transaction.atomic():
        locked = get_user_model().objects.select_for_update().get(pk=user.pk)
        tag = locked.pseudonym or pseudonyms.new_tag(lambda t: get_user_model().objects.filter(pseudonym=t).exists())
        names = _names_of(locked)
        emails = {locked.email or "", locked.pending_email} - {""}
        rooms = left | _rooms_of(locked) | erasure_records.rooms_naming(names)
        erasure_records.rewrite(locked, tag, names, emails, rooms)
        room_cache.stale(rooms)  # every process reads these rooms' rewritten records again
        lockout.forget(locked.username, *emails)
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
        audit.rename_target(locked)  # the audit rows about the account name the emptied one
        relations.forget(locked)  # follows and blocks, both ways: nobody keeps an erased friend
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
    """Every name the person was recorded under: today's, those of their hands, those the staff reset."""
    names = set(Participant.objects.filter(user=user).exclude(name="").values_list("name", flat=True))
    names |= set(audit.details(user, "display_name_reset"))
    return names | {user.display_name or user.username, user.username} - {""}


def _rooms_of(user) -> set[int]:
    """Every room the person had a part in: opened, hosted or paused, sat, reserved, watched, wrote, played, hinted."""
    found = [
        (Room.objects.filter(Q(host=user) | Q(created_by=user) | Q(paused_by=user)), "id"),
        (Seat.objects.filter(Q(user=user) | Q(reserved_by=user)), "room_id"),
        (Presence.objects.filter(user=user), "room_id"),
        (ChatMessage.objects.filter(user=user), "room_id"),
        (Participant.objects.filter(user=user), "match__room_id"),
        (Match.objects.filter(Q(players=user) | Q(ended_by=user)), "room_id"),
        (Hint.objects.filter(user=user), "hand__room_id"),
    ]
    return {room_id for rows, field in found for room_id in rows.order_by().values_list(field, flat=True)}
