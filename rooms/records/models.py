"""Each person's statistics per game, kept by the records of who played (rooms/records/participants.py).

A model of the rooms app (imported by rooms/models.py), kept with the records it follows from.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rooms.choices import GAME_CHOICES


class PlayerStat(models.Model):
    """A person's matches in one game: every match they held a seat in counts (docs/accounts.md)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stats", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    played = models.PositiveIntegerField(_("played"), default=0)
    won = models.PositiveIntegerField(_("won"), default=0)
    # Matches the person left before their end (counted in ``played``, never in ``won``).
    abandoned = models.PositiveIntegerField(_("left before the end"), default=0)
    # Matches won together with others: the top shared (counted in ``played``, never in ``won``).
    tied = models.PositiveIntegerField(_("tied"), default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="unique_stat")]
        verbose_name = _("player statistic")
        verbose_name_plural = _("player statistics")

    def __str__(self) -> str:
        return f"{self.user} · {self.get_game_display()}: {self.won}/{self.played}"
