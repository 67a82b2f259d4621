"""Who follows whom and who blocked whom: one-way relations between two accounts.

Two people who follow each other are friends. A block removes both follows
between the two and keeps either from following the other until it is lifted
(friends/relations.py). Neither relation holds a name: an erased account's
rows are deleted (players/erasure.py).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    """``follower`` follows ``followed``."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("follower")
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("followed")
    )
    created_at = models.DateTimeField(_("since"), default=timezone.now)

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="follow_not_oneself"),
        ]
        indexes = [models.Index(fields=["followed"], name="follow_followed")]

    def __str__(self):
        return f"{self.follower} follows {self.followed}"


class Block(models.Model):
    """``blocker`` blocked ``blocked``."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("blocker")
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("blocked")
    )
    created_at = models.DateTimeField(_("since"), default=timezone.now)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="block_not_oneself"),
        ]
        indexes = [models.Index(fields=["blocked"], name="block_blocked")]

    def __str__(self):
        return f"{self.blocker} blocks {self.blocked}"
