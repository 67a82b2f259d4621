"""A tournament's bounds and defaults per game: table sizes, time per move, match length, duration.

docs/tournaments.md says why each default is what it is.
"""

from django.conf import settings

from games import registry
from rooms.actions.setup import TIME_LIMITS

DEFAULT_TIME_LIMIT = 20


def table_sizes(game: str) -> tuple[int, ...]:
    """Buraco: 4 (two teams of two); the others: 2 to 4 people."""
    spec = registry.spec(game)
    if spec.teams:
        return (4,)
    return tuple(n for n in (2, 3, 4) if n <= max(spec.seat_counts))


def default_table_size(game: str) -> int:
    """Head to head where the game allows it, as an arena pairs: tables form fastest and every match counts."""
    return min(table_sizes(game))


def default_time_limit(game: str) -> int:
    return registry.spec(game).default_time_limit or DEFAULT_TIME_LIMIT


def default_hands(game: str) -> int | None:
    """One hand for the games whose own match runs to a target (Crazy Eights, Buraco); None: the game's match.

    Rouba Monte's match is one deal; Stealing Bundles' is ``match_games`` deals (1 by default).
    """
    spec = registry.spec(game)
    return 1 if any(o.name == "target" for o in spec.options) else None


def time_limits() -> tuple[int, ...]:
    return TIME_LIMITS


def minutes_bounds() -> tuple[int, int]:
    return settings.TOURNAMENT_MIN_MINUTES, settings.TOURNAMENT_MAX_MINUTES


def wait_bound() -> float:
    """Seconds a waiting player waits before being seated with whoever is there."""
    return float(settings.TOURNAMENT_WAIT_SECONDS)


def min_people(game: str) -> int:
    return 2
