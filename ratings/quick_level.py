"""The bot level a quick-play room's people are worth: the level whose fitted skill is nearest theirs.

Lent to the room layer (rooms/extensions.py, ``quick_bot_level``): a quick-play
room's start fills its empty seats with bots of this level.
"""

from bots.registry import LEVELS
from ratings import method
from ratings.models import Rating


def bot_level_for(skills: list[float], game: str) -> str:
    """The bot level whose fitted skill (μ) in ``game`` is nearest the people's mean μ.

    The fitted values (ratings/bot_ratings.json, ``method.bot_rating``) are what
    each level is measured to be worth in that game; the ratings credit a win
    against a bot with the same values, so the people meet the bots their
    rating says they match. μ, not the shown value: a person's shown rating is a
    cautious estimate (μ − 3σ) that starts far below any bot's.
    """
    mean = sum(skills) / len(skills) if skills else method.MU
    return min(LEVELS, key=lambda level: (abs(method.bot_rating(level, game)[0] - mean), level))


def level_for_people(game: str, user_ids: list[int]) -> str:
    """The level for these people in ``game``, from their ratings (a newcomer counts at the starting μ)."""
    mu = dict(Rating.objects.filter(game=game, user_id__in=user_ids).values_list("user_id", "mu"))
    return bot_level_for([mu.get(uid, method.MU) for uid in user_ids], game)
