"""The record of each hint ("Dica") a player asked for; a model of the rooms app (rooms/actions/hint.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rooms.records import stored
from rooms.records.storedjson import StoredJSONDecoder


class Hint(models.Model):
    """One hint given: who asked, at which point of the hand, what the hard bot suggested and why.

    The suggestion names cards of the asker's hand, so the records show it to
    staff only once the hand is over (docs/rooms.md); during the hand the others
    read "Ana pediu uma dica" in the move log and nothing more.
    """

    hand = models.ForeignKey(
        "rooms.Hand", on_delete=models.CASCADE, related_name="hint_records", verbose_name=_("hand")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))  # room seat, from 0
    engine_seat = models.PositiveSmallIntegerField(_("engine seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("player"),
    )
    # How many entries the hand's log had when it was asked: the hint is about the position after them.
    after_move = models.PositiveIntegerField(_("after move"))
    state_version = models.PositiveIntegerField(_("state version"))
    asked_at = models.DateTimeField(_("asked at"))
    level = models.CharField(_("bot level"), max_length=8, default="hard")
    move = models.JSONField(_("suggested move"), decoder=StoredJSONDecoder)  # the engine's own copy
    reason = models.CharField(_("reason"), max_length=32)
    params = models.JSONField(_("reason's details"), decoder=StoredJSONDecoder, default=dict, blank=True)

    class Meta:
        ordering = ["hand", "after_move", "id"]
        verbose_name = _("hint")
        verbose_name_plural = _("hints")

    def __str__(self) -> str:
        return _("Hint for seat %(number)s") % {"number": self.seat + 1}


def hints_left(hand, seat: int) -> int:
    """How many hints room seat ``seat`` may still ask for in ``hand`` (``Hand.hints`` counts them)."""
    used = stored.as_dict(hand.hints).get(str(seat), 0) if hand is not None else 0
    used = used if isinstance(used, int) and not isinstance(used, bool) else 0
    return max(0, settings.HINTS_PER_HAND - used)
