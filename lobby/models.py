"""What brings people to tables: the "Jogar agora" queues, the open site sockets, invitations by name.

These rows began in the rooms app; their tables keep the names they had there
(``db_table``), so a database of before the lobby had its own app keeps every
row (lobby/migrations/0001_initial.py moves only Django's idea of where they live).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class QuickPlayQueue(models.Model):
    """One row per game and kind (rated or casual): "Jogar agora" presses lock it, one at a time.

    Two presses at once must not both find no waiting room and both open one;
    a row that exists before either looks is what they can queue on.
    """

    game = models.CharField(_("game"), max_length=32)
    rated = models.BooleanField(_("rated"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "rated"], name="unique_quick_play_queue")]
        db_table = "rooms_quickplayqueue"
        verbose_name = _("quick play queue")
        verbose_name_plural = _("quick play queues")

    def __str__(self) -> str:
        return f"{self.game} ({'rated' if self.rated else 'casual'})"


class SitePresence(models.Model):
    """One open site socket of a user (the lobby's, or any other page's notifications); gone when it closes.

    What the lobby's "online" count reads, with the rooms' presences, across every server process.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="site_presences", verbose_name=_("person")
    )
    channel_name = models.CharField(_("channel"), max_length=200, unique=True)
    last_seen = models.DateTimeField(_("last seen"), db_index=True)
    # The table whose page opened this socket, if it is one (what friends see the person doing: lobby/online.py).
    room = models.ForeignKey(
        "rooms.Room", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("at the table")
    )

    class Meta:
        db_table = "rooms_sitepresence"
        verbose_name = _("open site connection")
        verbose_name_plural = _("open site connections")

    def __str__(self) -> str:
        return f"{self.user_id} on the site"


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
    # A challenge (lobby/challenges.py): the host opened the room for this invitation, which lapses at
    # ``expires_at`` even while the room stays open. Other invitations expire with their room only.
    challenge = models.BooleanField(_("challenge"), default=False)
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)

    class Meta:
        db_table = "rooms_invitation"
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        indexes = [models.Index(fields=["invitee", "answer"])]

    def __str__(self) -> str:
        return f"{self.host_id} invites {self.invitee_id} to {self.room_id}"
