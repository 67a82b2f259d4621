"""The room layer's signals the lobby answers: the room layer imports nothing of the lobby."""

from django.dispatch import receiver

from lobby import invitations
from rooms.signals import room_closed


@receiver(room_closed, dispatch_uid="lobby.invitations.room_closed")
def expire_invitations(sender, room_id: int, **kwargs) -> None:
    """A closed room's pending invitations expire, in the room's own unit of work."""
    invitations.room_closed(room_id)
