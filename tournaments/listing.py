"""The public lists: running now, starting soon, finished; each tournament with how many play.

``/tournaments/``, the lobby's and the home page's teasers read these. Private
tournaments are never listed (they are reached by their link only).
"""

from datetime import timedelta

from django.db.models import Count, Q, QuerySet

from rooms import clock
from tournaments.models import Tournament

SOON_HOURS = 24


def _public() -> QuerySet:
    return Tournament.objects.filter(private=False).annotate(
        players=Count("entries", filter=Q(entries__withdrawn=False))
    )


def running() -> list[Tournament]:
    return list(_public().filter(status=Tournament.Status.STARTED).order_by("starts_at", "id"))


def starting_soon(now=None, hours: int = SOON_HOURS) -> list[Tournament]:
    now = now or clock.now()
    upcoming = _public().filter(status=Tournament.Status.CREATED, starts_at__lte=now + timedelta(hours=hours))
    return list(upcoming.order_by("starts_at", "id"))


def finished(limit: int = 20) -> list[Tournament]:
    done = _public().filter(status__in=(Tournament.Status.FINISHED, Tournament.Status.CANCELLED))
    return list(done.order_by("-finished_at", "-id")[:limit])


def teaser(now=None) -> dict:
    """What the lobby and the home page show: the running ones and the next to start."""
    upcoming = starting_soon(now)
    return {"running": running(), "next": upcoming[0] if upcoming else None}
