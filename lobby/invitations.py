"""Invitations by name: a room's host asks a registered player to come; the player accepts or declines.

The host's answer is the same whoever the name belongs to ("invitation sent"):
an unknown name, an account that is closed, the host's own name, someone
already seated there and someone who muted the host in the chat (the site's
only block) are all told nothing and get nothing, so the form never tells
whether an account exists. The rate per host is the view's (lobby/press_limits.py).
An invitation carries the host's words (their name, their room's name) to the
invitee's header, so it passes chat's gate (chat/gate.py) first: a host the
staff muted site-wide sends none (``muted_invitation``) until the mute ends.
Between two people one of whom blocked the other (friends/relations.py) no
invitation goes, either way, and the host is told so (``invitee_blocked``); one
sent before the block is no longer listed for the invitee, and accepting it is
refused with the same code.

An invitation is pending until it is answered or its room closes (it expires
with the room). The invitee's pages hear of it over their site socket, on the
group ``notices-<user id>`` (lobby/consumers.py): an ``invitation`` frame when it is
sent, ``invitation_gone`` when it is answered (in another tab too) or its room
closes. Accepting seats the person in the room's lowest empty seat, or, with no
seat free, lets them in to watch: the outcome says which.

A challenge (lobby/challenges.py) is an invitation whose room was opened for it:
its payload says so (``challenge``, ``rated``), it lapses at ``expires``, and the
challenger's pages hear the answer (``challenge_answer``).
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from chat import gate
from chat.models import ChatMute
from config import realtime
from friends import relations
from lobby.models import Invitation
from rooms import clock
from rooms.actions.seats import sit
from rooms.errors import RoomError
from rooms.models import Room, Seat

USERNAME_MAX = 150
PENDING_SHOWN = 20


def notice_group(user_id: int) -> str:
    return f"notices-{user_id}"


def notify(user_id: int, frame: dict) -> None:
    """After commit: the frame reaches every page of ``user_id`` (their site sockets)."""
    transaction.on_commit(
        lambda: realtime.group_send(notice_group(user_id), {"type": "site.notice", "frame": frame}), robust=True
    )


def payload(invitation: Invitation) -> dict:
    """What the invitee's page shows: who invites, to which room and game (the room's code is its link)."""
    room = invitation.room
    return {
        "id": invitation.id,
        "room": room.code,
        "room_name": room.name,
        "game": room.game,
        # The host's name as shown now: an account deleted since reads as its pseudonym (players/erasure.py).
        "host": invitation.host.shown_name,
        "sent": int(invitation.created_at.timestamp() * 1000),
        # A challenge (lobby/challenges.py): the header says so, with its kind, and drops it when it lapses.
        "challenge": invitation.challenge,
        "rated": room.rated,
        "expires": int(invitation.expires_at.timestamp() * 1000) if invitation.expires_at else None,
    }


def invite(host, code: str, username) -> None:
    """``host`` invites the player named ``username`` to room ``code``; the same return for every name.

    Refused (``RoomError``) only for what the host may know: they are muted site-wide, the room is not
    theirs, or is closed, or one of the two blocked the other.
    """
    gate.words(host, "invitation")
    with transaction.atomic():
        room = Room.objects.select_for_update().filter(code=code).first()
        if room is None:
            raise RoomError("room_not_found")
        if room.status == Room.Status.CLOSED:
            raise RoomError("room_closed")
        if room.host_id != host.id:
            raise RoomError("not_host")
        name = username.strip() if isinstance(username, str) else ""
        if not name or len(name) > USERNAME_MAX:
            raise RoomError("bad_invitee")
        people = get_user_model().objects.filter(is_active=True)
        invitee = people.filter(username=name).first() or people.filter(username__iexact=name).first()
        if invitee is None:
            return
        if invitee.id != host.id and relations.blocked_either_way(host, invitee):
            raise RoomError("invitee_blocked")
        if not _may_invite(room, host, invitee):
            return
        invitation = Invitation.objects.create(room=room, host=host, invitee=invitee, created_at=clock.now())
        notify(invitee.id, {"type": "invitation", **payload(invitation)})


def _may_invite(room: Room, host, invitee) -> bool:
    """Whether an invitation goes out: never to oneself, to someone already at the table, twice, or past a mute."""
    if invitee.id == host.id or invitee.pseudonym:
        return False
    if (
        Seat.objects.filter(room=room, user=invitee).exists()
        or Seat.objects.filter(room=room, reserved_by=invitee).exists()
    ):
        return False
    if Invitation.objects.filter(room=room, invitee=invitee, answer=Invitation.Answer.PENDING).exists():
        return False
    return not ChatMute.objects.filter(muter=invitee, muted=host).exists()


def pending_for(user_id: int) -> list[dict]:
    """The invitations ``user_id`` has not answered, in rooms still open, oldest first (none past a block)."""
    rows = (
        Invitation.objects.filter(invitee_id=user_id, answer=Invitation.Answer.PENDING)
        .exclude(room__status=Room.Status.CLOSED)
        .exclude(expires_at__lte=clock.now())
        .exclude(host_id__in=relations.blocked_ids(user_id))
        .exclude(host_id__in=relations.blocker_ids(user_id))
        .select_related("room", "host")
        .order_by("created_at", "id")
    )
    return [payload(row) for row in rows[:PENDING_SHOWN]]


@dataclass(frozen=True)
class Accepted:
    """Where accepting took the person: the room's code, and whether they sit (else they watch)."""

    code: str
    seated: bool


def _pending_row(user, invitation_id) -> Invitation:
    if isinstance(invitation_id, bool) or not isinstance(invitation_id, int):
        raise RoomError("invitation_gone")
    row = (
        Invitation.objects.select_for_update()
        .select_related("room")
        .filter(pk=invitation_id, invitee=user, answer=Invitation.Answer.PENDING)
        .first()
    )
    if row is None or row.room.status == Room.Status.CLOSED or lapsed(row):
        raise RoomError("invitation_gone")
    return row


def lapsed(row: Invitation) -> bool:
    """A challenge past its time (lobby/challenges.py); other invitations lapse only with their room."""
    return row.expires_at is not None and clock.now() >= row.expires_at


def _answer(row: Invitation, answer: str) -> None:
    row.answer, row.answered_at = answer, clock.now()
    row.save(update_fields=["answer", "answered_at"])
    notify(row.invitee_id, {"type": "invitation_gone", "id": row.id, "answer": answer})
    if row.challenge:  # the challenger's pages hear the answer (the table shows them the seat taken too)
        notify(
            row.host_id,
            {"type": "challenge_answer", "id": row.id, "answer": answer, "name": row.invitee.shown_name},
        )


def decline(user, invitation_id) -> None:
    with transaction.atomic():
        _answer(_pending_row(user, invitation_id), Invitation.Answer.DECLINED)


def accept(user, invitation_id) -> Accepted:
    """Accept: the lowest empty seat if there is one (under the game's rules for sitting mid-match), else watch."""
    with transaction.atomic():
        row = _pending_row(user, invitation_id)
        if relations.blocked_either_way(row.host_id, user.id):
            raise RoomError("invitee_blocked")  # sent before a block: it stays unanswered, and unlisted
        _answer(row, Invitation.Answer.ACCEPTED)
        code = row.room.code
        seats = list(Seat.objects.filter(room=row.room).order_by("index"))
        if any(s.user_id == user.id or s.reserved_by_id == user.id for s in seats):
            return Accepted(code, True)
        for seat in (s for s in seats if s.is_empty):
            try:
                with transaction.atomic():
                    sit(user, code, seat.index)
            except RoomError:
                continue  # this seat is not open to them (a match they left): the next, else watch
            return Accepted(code, True)
        return Accepted(code, False)


def room_closed(room_id: int) -> None:
    """The room closed (called in its unit of work): its pending invitations expire, and their pages are told."""
    for row in Invitation.objects.filter(room_id=room_id, answer=Invitation.Answer.PENDING):
        notify(row.invitee_id, {"type": "invitation_gone", "id": row.id, "answer": "expired"})
