"""The friends app's signals the lobby answers, and its slot the lobby fills: the friends app imports nothing of it."""

from django.dispatch import receiver

from friends import extensions
from friends.signals import relation_changed, visibility_changed
from lobby import online


@receiver(relation_changed, dispatch_uid="lobby.online.relation_changed")
def relation_changed_between(sender, a_id: int, b_id: int, **kwargs) -> None:
    """A follow, unfollow, block or unblock: each of the two hears whether the other is a friend online now."""
    online.tell_pair(a_id, b_id)


@receiver(visibility_changed, dispatch_uid="lobby.online.visibility_changed")
def visibility_changed_of(sender, user_id: int, **kwargs) -> None:
    """A person hid their presence or showed it again: their friends hear it."""
    online.tell_friends(user_id)


def wire() -> None:
    extensions.online_among.fill(online.online_among)
