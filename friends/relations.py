"""Follow and block, one-way (as Lichess's ``relation`` module): the rules, and the questions other apps ask.

- ``follow(user, other_id)``: ``user`` follows the other person. Refused
  (``RelationError``) for oneself, an id naming no open account (unknown,
  closed, or erased: an erased account is inactive and holds a pseudonym), and
  while either of the two blocks the other. Following twice changes nothing.
- ``unfollow``: the follow goes, if there was one (oneself and an id of nobody refused).
- ``block(user, other_id)``: ``user`` blocks the other person (oneself and no
  open account refused as above); both follows between the two go in the same
  transaction. Blocking twice changes nothing.
- ``unblock``: the block goes (oneself and an id of nobody refused); the follows it
  removed do not come back.

Friends are two people who follow each other (``is_friend``, ``friends_of``).
Each change locks the two accounts' rows, always in the order of their ids, so
that a follow and a block of the same pair never cross: a follow is never
stored beside a block. Nothing is stored when a change is refused. The rate
per person is the views' (friends/limits.py).

What a block does elsewhere: the chat hides the blocked person's lines from the
one who blocked them (chat/service.py, like a mute), and an invitation by name
between the two is refused (lobby/invitations.py), and so is a challenge
(lobby/challenges.py); neither sees the other online (lobby/online.py); quick
play seats them apart when it can (lobby/quick_play.py).

Each change that stores or deletes a row sends ``relation_changed``
(friends/signals.py): the lobby brings the two people's lists of friends online
up to date.
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from friends.models import Block, Follow
from friends.signals import relation_changed

MESSAGES = {
    "self": _("You cannot do that to yourself."),
    "no_such_player": _("This player does not exist."),
    "you_block": _("You blocked this player: unblock them first."),
    "blocks_you": _("This player does not accept follows from you."),
}


class RelationError(Exception):
    """A refused change, with its stable code (one of ``MESSAGES``)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code

    @property
    def message(self) -> str:
        return str(MESSAGES[self.code])


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _lock_pair(user, other_id):
    """The other person's open account, with both rows locked in id order; refused for oneself or none."""
    if not _whole(other_id):
        raise RelationError("no_such_player")
    if other_id == user.pk:
        raise RelationError("self")
    rows = {
        row.pk: row
        for row in get_user_model().objects.select_for_update().filter(pk__in=[user.pk, other_id]).order_by("pk")
    }
    other = rows.get(other_id)
    if other is None or not other.is_active or other.pseudonym:
        raise RelationError("no_such_player")
    return other


def follow(user, other_id) -> None:
    with transaction.atomic():
        other = _lock_pair(user, other_id)
        if Block.objects.filter(blocker=user, blocked=other).exists():
            raise RelationError("you_block")
        if Block.objects.filter(blocker=other, blocked=user).exists():
            raise RelationError("blocks_you")
        _, created = Follow.objects.get_or_create(follower=user, followed=other)
        if created:
            _changed(user.pk, other.pk)


def _changed(a_id: int, b_id: int) -> None:
    relation_changed.send(sender=Follow, a_id=a_id, b_id=b_id)


def _removed(user, other_id, rows) -> None:
    """Delete ``rows`` (a follow or a block of ``other_id``); refused for oneself and for an id of nobody."""
    if not _whole(other_id):
        raise RelationError("no_such_player")
    if other_id == user.pk:
        raise RelationError("self")
    deleted, _ = rows.delete()
    if not deleted and not _open_accounts().filter(pk=other_id).exists():
        raise RelationError("no_such_player")
    if deleted:
        _changed(user.pk, other_id)


def unfollow(user, other_id) -> None:
    _removed(user, other_id, Follow.objects.filter(follower=user, followed_id=other_id))


def block(user, other_id) -> None:
    with transaction.atomic():
        other = _lock_pair(user, other_id)
        Block.objects.get_or_create(blocker=user, blocked=other)
        Follow.objects.filter(Q(follower=user, followed=other) | Q(follower=other, followed=user)).delete()
        _changed(user.pk, other.pk)


def unblock(user, other_id) -> None:
    _removed(user, other_id, Block.objects.filter(blocker=user, blocked_id=other_id))


# -- questions ------------------------------------------------------------------------------------


def follows(a_id: int, b_id: int) -> bool:
    return Follow.objects.filter(follower_id=a_id, followed_id=b_id).exists()


def blocks(a_id: int, b_id: int) -> bool:
    return Block.objects.filter(blocker_id=a_id, blocked_id=b_id).exists()


def is_friend(a, b) -> bool:
    """Whether the two follow each other (ids or accounts)."""
    a_id, b_id = getattr(a, "pk", a), getattr(b, "pk", b)
    return (
        Follow.objects.filter(Q(follower_id=a_id, followed_id=b_id) | Q(follower_id=b_id, followed_id=a_id)).count()
        == 2
    )


def blocked_either_way(a, b) -> bool:
    """Whether one of the two blocked the other (ids or accounts)."""
    a_id, b_id = getattr(a, "pk", a), getattr(b, "pk", b)
    return Block.objects.filter(Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)).exists()


def _open_accounts():
    return get_user_model().objects.filter(is_active=True, pseudonym="")


def friends_of(user):
    """The people who follow ``user`` and whom ``user`` follows, by name; none of a block either way."""
    user_id = getattr(user, "pk", user)
    return (
        _open_accounts()
        .filter(pk__in=Follow.objects.filter(follower_id=user_id).values("followed_id"))
        .filter(pk__in=Follow.objects.filter(followed_id=user_id).values("follower_id"))
        .exclude(pk__in=Block.objects.filter(blocker_id=user_id).values("blocked_id"))
        .exclude(pk__in=Block.objects.filter(blocked_id=user_id).values("blocker_id"))
        .order_by("username")
    )


def followed_by(user):
    """Whom ``user`` follows, by name."""
    user_id = getattr(user, "pk", user)
    return (
        _open_accounts()
        .filter(pk__in=Follow.objects.filter(follower_id=user_id).values("followed_id"))
        .order_by("username")
    )


def blocked_by(user):
    """Whom ``user`` blocked, by name."""
    user_id = getattr(user, "pk", user)
    return (
        _open_accounts()
        .filter(pk__in=Block.objects.filter(blocker_id=user_id).values("blocked_id"))
        .order_by("username")
    )


def blocked_ids(user_id: int):
    """The ids ``user_id`` blocked (a subquery: whose lines the chat hides from them)."""
    return Block.objects.filter(blocker_id=user_id).values("blocked_id")


def blocker_ids(user_id: int) -> set[int]:
    """The ids of those who blocked ``user_id`` (who get none of their chat lines)."""
    return set(Block.objects.filter(blocked_id=user_id).values_list("blocker_id", flat=True))


def forget(user) -> None:
    """Every follow and block of the person, both ways, goes (their account is erased: players/erasure.py)."""
    Follow.objects.filter(Q(follower=user) | Q(followed=user)).delete()
    Block.objects.filter(Q(blocker=user) | Q(blocked=user)).delete()
