"""The schedule's plan: when each active ``Schedule`` has its next tournaments, created ahead by the beat.

Times are Brasília's (America/Sao_Paulo), as the players read them: "every
hour at :00", "every day at 21:00". ``starts_between`` is pure; ``create_due``
creates the tournaments starting within ``TOURNAMENT_SCHEDULE_AHEAD_MINUTES``,
each once (a tournament is unique by its schedule and start).
"""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction

from rooms import clock
from tournaments.errors import TournamentError

BRASILIA = ZoneInfo("America/Sao_Paulo")


def starts_between(recurrence: str, every_hours: int, at_minute: int, daily_at: time | None, start, end) -> list:
    """The starts of a plan in ``[start, end)``, as aware datetimes (pure)."""
    local = start.astimezone(BRASILIA)
    day = datetime(local.year, local.month, local.day, tzinfo=BRASILIA)
    found = []
    for offset in range(0, (end - start).days + 2):
        midnight = day + timedelta(days=offset)
        if recurrence == "daily":
            if daily_at is None:
                return []
            moments = [midnight.replace(hour=daily_at.hour, minute=daily_at.minute)]
        else:
            step = max(1, min(24, every_hours))
            moments = [midnight.replace(hour=h, minute=min(59, at_minute)) for h in range(0, 24, step)]
        found += [m for m in moments if start <= m < end]
    return sorted(found)


def create_due(now=None) -> list[int]:
    """Create the active schedules' tournaments starting soon; the ids of those created now."""
    from tournaments import services
    from tournaments.models import Schedule

    now = now or clock.now()
    end = now + timedelta(minutes=settings.TOURNAMENT_SCHEDULE_AHEAD_MINUTES)
    created = []
    for plan in Schedule.objects.filter(active=True):
        for starts_at in starts_between(plan.recurrence, plan.every_hours, plan.at_minute, plan.daily_at, now, end):
            if plan.tournaments.filter(starts_at=starts_at).exists():
                continue
            try:
                with transaction.atomic():
                    tournament = services.create(
                        None,
                        plan.game,
                        plan.minutes,
                        starts_at,
                        name=plan.name,
                        options=plan.options,
                        table_size=plan.table_size,
                        time_limit=plan.time_limit,
                        rated=plan.rated,
                        hands_per_match=plan.hands_per_match if plan.hands_per_match else "default",
                        min_rated_matches=plan.min_rated_matches,
                        private=False,
                        schedule=plan,
                    )
            except (IntegrityError, TournamentError):
                continue  # created meanwhile by another beat, or a plan staff must fix (the admin checks it)
            created.append(tournament.id)
    return created
