"""A person's rating in each game, and the change each rated match made to it.

Only ratings/record.py writes these rows, in the transaction that records a
match's end; the unique (match, user) change row is what makes a match count
once, however often its end is processed (docs/ratings.md).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ratings import method
from rooms.models import GAME_CHOICES


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    mu = models.FloatField(_("mean (μ)"), default=method.MU)
    sigma = models.FloatField(_("uncertainty (σ)"), default=method.SIGMA)
    # The displayed value, kept with μ and σ so that the leaderboard orders by an index.
    shown = models.IntegerField(_("rating"), default=method.INITIAL_SHOWN)
    matches = models.PositiveIntegerField(_("rated matches"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="unique_rating")]
        indexes = [models.Index(fields=["game", "-shown"])]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return f"{self.user} · {self.get_game_display()}: {self.shown}"


class RatingChange(models.Model):
    """What one rated match did to one person's rating."""

    match = models.ForeignKey(
        "rooms.Match",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=pgettext_lazy("record", "match"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    # 1 for the winners, then the others by their match totals (ties share), the ones who left last.
    rank = models.PositiveSmallIntegerField(_("place"))
    left = models.BooleanField(_("left before the end"), default=False)
    mu_before = models.FloatField(_("μ before"))
    sigma_before = models.FloatField(_("σ before"))
    mu_after = models.FloatField(_("μ after"))
    sigma_after = models.FloatField(_("σ after"))
    shown_before = models.IntegerField(_("rating before"))
    shown_after = models.IntegerField(_("rating after"))
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="unique_rating_change")]
        indexes = [models.Index(fields=["user", "game", "created_at"])]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        # Taking a match's result away is staff's alone, with a written reason (ratings/void.py).
        permissions = [("void_match", _("Can void a match's rating with a written reason"))]

    def __str__(self) -> str:
        return f"{self.user} · {self.match_id}: {self.shown_before} → {self.shown_after}"

    @property
    def delta(self) -> int:
        return self.shown_after - self.shown_before
