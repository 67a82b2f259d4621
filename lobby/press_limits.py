"""How often one person may press "Jogar agora" and one host may invite by name.

Counted by django-ratelimit in Django's cache (fixed windows), as the account
limits are (accounts/limits.py): the process's memory in the embedded mode,
Redis in the stack, so that a limit holds across daphne processes. Keyed by the
user's id: the person, not the address, is who presses or invites.
"""

from django.conf import settings
from django_ratelimit.core import is_ratelimited


def _user_key(group, request) -> str:
    return str(request.user.pk)


def play_press_refused(request) -> bool:
    """Count one press of this person; True when it is over the minute's limit (nothing is done then)."""
    return is_ratelimited(
        request, group="play-press", key=_user_key, rate=f"{settings.PLAY_PRESSES_PER_MINUTE}/m", increment=True
    )


def invitation_refused(request) -> bool:
    """Count one invitation this host sends (whatever the name); True when it is over the hour's limit."""
    return is_ratelimited(
        request, group="invite", key=_user_key, rate=f"{settings.INVITATIONS_PER_HOUR}/h", increment=True
    )
