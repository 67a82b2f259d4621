"""The rows that say what is alive: a user's open sockets in a room, and the periodic tasks' last runs.

Models of the rooms app (imported by rooms/models.py), kept apart from the table's own rows.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Presence(models.Model):
    """One open WebSocket of a user in a room (a tab); gone when it closes."""

    room = models.ForeignKey("rooms.Room", on_delete=models.CASCADE, related_name="presences", verbose_name=_("room"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="presences", verbose_name=_("player")
    )
    channel_name = models.CharField(_("channel"), max_length=200, unique=True)
    connected_at = models.DateTimeField(_("connected at"), auto_now_add=True)
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("open connection")
        verbose_name_plural = _("open connections")

    def __str__(self) -> str:
        return f"{self.user_id} in {self.room_id}"


class Heartbeat(models.Model):
    """When a periodic task last ran: proof that beat and a worker are alive."""

    name = models.CharField(_("name"), max_length=40, unique=True)
    last_run = models.DateTimeField(_("last run"))

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.name} at {self.last_run}"
