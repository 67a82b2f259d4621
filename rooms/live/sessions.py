"""Sockets end with the session that opened them: on log-out, and for every session on a password change.

Every socket of a user joins ``sockets-<user id>``. Logging out sends that
group a ``session.ended`` message naming the session (by a SHA-256 mark, never
the key itself: group messages travel through Redis); a password change names
none, so every socket of the user closes with 4401, as Django ends every other
session of the user then (the changing tab's session is cycled to a new key).
Sent on commit, from any process, through ``config.realtime``.
"""

import hashlib
import logging

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from config import realtime

logger = logging.getLogger(__name__)


def sockets_group(user_id: int) -> str:
    return f"sockets-{user_id}"


def mark(session_key: str | None) -> str | None:
    """What a message says to name a session: a hash of its key."""
    if not session_key:
        return None
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def end_sockets(user_id: int, session_key: str | None = None) -> None:
    """Close the user's sockets of one session, or all of them (``session_key`` None)."""
    message = {"type": "session.ended", "session": mark(session_key)}

    def send():
        try:
            realtime.group_send(sockets_group(user_id), message)
        except Exception:  # the layer is away: the sockets stay until they next reconnect
            logger.warning("could not close the sockets of user %s", user_id, exc_info=True)

    transaction.on_commit(send)


@receiver(user_logged_out, dispatch_uid="rooms.live.sessions.logged_out")
def _logged_out(sender, request, user, **kwargs):
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None and session_key:
        end_sockets(user.pk, session_key)


@receiver(pre_save, sender=get_user_model(), dispatch_uid="rooms.live.sessions.password_before")
def _password_before(sender, instance, update_fields=None, **kwargs):
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._mesa_password_changed = stored is not None and stored != instance.password


@receiver(post_save, sender=get_user_model(), dispatch_uid="rooms.live.sessions.password_after")
def _password_after(sender, instance, created, **kwargs):
    if getattr(instance, "_mesa_password_changed", False):
        instance._mesa_password_changed = False
        end_sockets(instance.pk)
