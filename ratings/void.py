"""Staff void a match's rating: its changes are taken back, with a written reason, once.

Only staff may take a result away (docs/ratings.md): no one at the table can, by
ending the match, closing the room or leaving. The changes the match made stay
in the records, marked by the match's ``voided_*`` fields; each person's rating
loses what the match gave or took (μ back by the change, σ back up by it, the
count of rated matches one less), whatever was played since. The audit log
names who voided it and why (accounts/audit.py ``match_void``).
"""

from django.db import transaction
from django.utils import timezone

from accounts import audit
from ratings import method
from ratings.models import Rating, RatingChange
from rooms import room_cache
from rooms.models import Match

REASON_MAX = 500


class VoidRefused(ValueError):
    """The match cannot be voided: no reason given, already voided, still being played, or never rated."""


@transaction.atomic
def void_match(match_id: int, staff, reason: str) -> list[RatingChange]:
    """Take back every rating change of the match; returns the changes taken back."""
    reason = " ".join((reason or "").split())[:REASON_MAX]
    if not reason:
        raise VoidRefused("reason")
    match = Match.objects.select_for_update().defer("seed").get(pk=match_id)
    if match.voided_at is not None:
        raise VoidRefused("voided")
    if match.status == Match.Status.PLAYING:
        raise VoidRefused("playing")
    changes = list(RatingChange.objects.filter(match=match).order_by("user_id"))
    if not changes:
        raise VoidRefused("unrated")
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(game=match.game, user_id__in=[c.user_id for c in changes])
    }
    for change in changes:
        rating = ratings[change.user_id]
        rating.mu -= change.mu_after - change.mu_before
        rating.sigma = min(method.SIGMA, max(rating.sigma + change.sigma_before - change.sigma_after, 0.001))
        rating.shown = method.shown(rating.mu, rating.sigma)
        rating.matches = max(0, rating.matches - 1)
        rating.updated_at = timezone.now()
    Rating.objects.bulk_update(list(ratings.values()), ["mu", "sigma", "shown", "matches", "updated_at"])
    match.voided_at, match.voided_by, match.void_reason = timezone.now(), staff, reason
    match.save(update_fields=["voided_at", "voided_by", "void_reason"])
    room_cache.stale([match.room_id])  # its room's result dialog shows the void: no process's copy holds
    audit.record(staff, match, "match_void", reason)
    return changes
