"""How many follows, unfollows, blocks and unblocks one person may make in a minute.

Counted by django-ratelimit in Django's cache (fixed windows), as the lobby's
presses are (lobby/press_limits.py), keyed by the user's id. Every change counts
in one window, so that following and unfollowing in a loop (each follow a
change another person may see) is bounded like the rest.
"""

from django.conf import settings
from django_ratelimit.core import is_ratelimited


def _user_key(group, request) -> str:
    return str(request.user.pk)


def change_refused(request) -> bool:
    """Count one change of this person; True when it is over the minute's limit (nothing is done then)."""
    return is_ratelimited(
        request,
        group="relations",
        key=_user_key,
        rate=f"{settings.RELATION_CHANGES_PER_MINUTE}/m",
        increment=True,
    )
