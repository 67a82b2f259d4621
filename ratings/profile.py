"""What the profile shows of a person's ratings: each game's value, place and history chart."""

from django.utils import translation

from games import registry
from ratings import board, chart
from ratings.models import Rating


def for_user(user) -> list[dict]:
    out = []
    for rating in Rating.objects.filter(user=user).order_by("game"):
        if rating.game not in registry.NAMES:
            continue
        out.append(
            {
                "game": rating.game,
                "label": registry.spec(rating.game).display_name(translation.get_language()),
                "place": board.own_place(rating.game, user),
                "chart": chart.points(chart.history(user, rating.game)),
                "dates": chart.dates(user, rating.game),
            }
        )
    return out
