"""The queue rows "Jogar agora" presses lock (rooms/actions/quick_play.py); a model of the rooms app."""

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
        verbose_name = _("quick play queue")
        verbose_name_plural = _("quick play queues")

    def __str__(self) -> str:
        return f"{self.game} ({'rated' if self.rated else 'casual'})"
