"""An invitation by name to a room (rooms/invitations.py); a model of the rooms app, in its own module."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    """``host`` asked ``invitee`` to come to ``room``: pending until answered, or until the room closes."""

    class Answer(models.TextChoices):
        PENDING = "", _("not answered")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")

    room = models.ForeignKey("rooms.Room", on_delete=models.CASCADE, related_name="invitations", verbose_name=_("room"))
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("invited by")
    )
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("invited")
    )
    created_at = models.DateTimeField(_("sent at"))
    answer = models.CharField(_("answer"), max_length=16, choices=Answer.choices, blank=True, default="")
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        indexes = [models.Index(fields=["invitee", "answer"])]

    def __str__(self) -> str:
        return f"{self.host_id} invites {self.invitee_id} to {self.room_id}"
