"""What was said at a table, who muted whom, what was reported, and who the staff silenced."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rooms.models import Room


class ChatMessage(models.Model):
    """One message at a table: the cleaned text, or the key of a quick phrase (each reader's language)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("room"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("author")
    )
    text = models.CharField(_("text"), max_length=200, blank=True)
    phrase = models.CharField(_("quick phrase"), max_length=20, blank=True)
    time = models.DateTimeField(_("time"), db_index=True)
    # As it was when written: a spectator then stays one in the record.
    spectator = models.BooleanField(_("spectator"), default=False)
    deleted = models.BooleanField(_("deleted"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        # The one way a message goes: hidden for everyone (chat.service.delete), never removed from the record.
        permissions = [("hide_chatmessage", _("Can delete a chat message for everyone"))]
        indexes = [models.Index(fields=["room", "-time"]), models.Index(fields=["user", "-time"])]

    def __str__(self):
        return f"{self.user}: {self.text or self.phrase}"


class ChatMute(models.Model):
    """``muter`` no longer receives ``muted``'s messages (for themselves only)."""

    muter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["muter", "muted"], name="chat_mute_once")]

    def __str__(self):
        return f"{self.muter} mutes {self.muted}"


class ChatReport(models.Model):
    """A message someone asked the staff to look at, and why; one per reporter and message."""

    class Reason(models.TextChoices):
        INSULT = "insult", _("Insult")
        SPAM = "spam", _("Spam")
        CHEATING = "cheating", _("Cheating talk")
        OTHER = "other", _("Other")

    message = models.ForeignKey(
        ChatMessage, on_delete=models.CASCADE, related_name="reports", verbose_name=_("message")
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("reported by")
    )
    time = models.DateTimeField(_("time"))
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices, default=Reason.OTHER)
    # The reporter's words, canonical (chat/text.py): shown to staff only, always escaped.
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("chat report")
        verbose_name_plural = _("chat reports")
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once")]

    def __str__(self):
        return f"{self.reporter} reports {self.message_id}"


class SiteMute(models.Model):
    """The staff silenced ``user`` in every room's chat until ``until``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="site_mutes", verbose_name=_("person")
    )
    until = models.DateTimeField(_("until"))
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("site-wide chat mute")
        verbose_name_plural = _("site-wide chat mutes")

    def __str__(self):
        return f"{self.user} until {self.until:%Y-%m-%d %H:%M}"
