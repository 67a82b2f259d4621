"""A challenge: a player asks another, by their name, to a new private table of a game they chose.

The challenger picks the game, its options, the seats, the time per move and
rated or casual (the room-creation form's fields, lobby/challenge_forms.py),
and what fills the seats beyond the two of them: bots of a chosen level, placed
at once, or nothing, to wait for more friends invited by name from the table.
One unit of work opens the private room (the challenger in its first seat, the
challenged person's seat, the second, left empty) and stores the invitation
(lobby.Invitation, ``challenge`` set): the challenged person's pages hear it
over their site socket as an invitation by name does (lobby/invitations.py),
and accept it (they sit at the table; the challenger starts the match) or
decline it (the challenger's pages hear that). A challenge lapses after
``CHALLENGE_SECONDS``, or with its room (the challenger left it and it closed).

Refused with a clear message and nothing stored: oneself, an id naming no open
account, and a block between the two, either way (friends/relations.py). The
challenger's words go to the other person's header, so they pass chat's gate
(a site-wide mute sends none). The rate per challenger is the invitations' (the
view's, lobby/press_limits.py), and a challenge opens a room, so the lobby's
rooms per hour count it too.
"""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chat import gate
from friends import relations
from lobby.invitations import notify, payload
from lobby.models import Invitation
from rooms import clock
from rooms.actions.seats import add_bot
from rooms.actions.setup import create_room
from rooms.models import Room

CHALLENGE_SECONDS = 10 * 60
EMPTY_SEATS = ("bots", "wait")

MESSAGES = {
    "self": gettext_lazy("You cannot challenge yourself."),
    "no_such_player": gettext_lazy("This player does not exist."),
    "you_block": gettext_lazy("You blocked this player: unblock them first."),
    "blocks_you": gettext_lazy("This player does not accept challenges from you."),
}


class ChallengeError(Exception):
    """A refused challenge, with its stable code (one of ``MESSAGES``)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code

    @property
    def message(self) -> str:
        return str(MESSAGES[self.code])


def challengeable(host, other_id):
    """The open account ``host`` may challenge (``ChallengeError`` otherwise): the form's first question."""
    if isinstance(other_id, bool) or not isinstance(other_id, int) or other_id <= 0:
        raise ChallengeError("no_such_player")
    if other_id == host.pk:
        raise ChallengeError("self")
    other = get_user_model().objects.filter(pk=other_id, is_active=True, pseudonym="").first()
    if other is None:
        raise ChallengeError("no_such_player")
    if relations.blocks(host.pk, other.pk):
        raise ChallengeError("you_block")
    if relations.blocks(other.pk, host.pk):
        raise ChallengeError("blocks_you")
    return other


def challenge(
    host,
    other_id,
    game: str,
    *,
    options=None,
    seat_count=None,
    time_limit="default",
    rated: bool = True,
    empty_seats: str = "bots",
    bot_level: str = "normal",
) -> Invitation:
    """Open the private room and send the challenge; ``RoomError`` for a bad game or option, as a room's form."""
    gate.words(host, "invitation")
    with transaction.atomic():
        # Both rows locked in id order, as a follow or a block of the pair locks them: no challenge crosses a block.
        list(get_user_model().objects.select_for_update().filter(pk__in=[host.pk, other_id]).order_by("pk"))
        other = challengeable(host, other_id)
        name = _("%(host)s challenges %(other)s") % {"host": host.shown_name, "other": other.shown_name}
        room = create_room(
            host,
            game,
            name[:60],
            is_public=False,
            time_limit=time_limit,
            options=options,
            seat_count=seat_count,
            rated=rated,
        )
        if empty_seats == "bots":
            for index in range(2, room.seat_count):  # the second seat is the challenged person's
                add_bot(host, room.code, index, bot_level)
        now = clock.now()
        invitation = Invitation.objects.create(
            room=room,
            host=host,
            invitee=other,
            created_at=now,
            challenge=True,
            expires_at=now + timedelta(seconds=CHALLENGE_SECONDS),
        )
        invitation.room = Room.objects.get(pk=room.pk)
        notify(other.pk, {"type": "invitation", **payload(invitation)})
    return invitation
