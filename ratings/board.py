"""A game's leaderboard and a person's place on it, read from the stored ratings.

Only people with at least ``MIN_MATCHES`` rated matches in the game are listed,
so that nobody tops a board on one lucky result. Equal shown ratings share a
place (1, 2, 2, 4): the place is one more than the number of listed people
shown above.
"""

from dataclasses import dataclass

from ratings.models import Rating

TOP = 100
MIN_MATCHES = 5


@dataclass(frozen=True)
class Line:
    place: int
    name: str
    shown: int
    matches: int
    is_you: bool
    user_id: int = 0
    has_page: bool = True  # a deleted account is listed by its pseudonym, with no page to link to


def _listed(game: str):
    return Rating.objects.filter(game=game, matches__gte=MIN_MATCHES)


def top(game: str, user=None, limit: int = TOP) -> list[Line]:
    rows = list(_listed(game).select_related("user").order_by("-shown", "-matches", "user_id")[:limit])
    lines, place = [], 0
    for position, rating in enumerate(rows, start=1):
        if position == 1 or rating.shown != rows[position - 2].shown:
            place = position
        lines.append(
            Line(
                place,
                rating.user.shown_name,
                rating.shown,
                rating.matches,
                user is not None and rating.user_id == user.pk,
                rating.user_id,
                rating.user.is_active,
            )
        )
    return lines


def own_place(game: str, user) -> dict | None:
    """The person's rating in the game, their place (None until listed) and the matches still missing."""
    rating = Rating.objects.filter(game=game, user=user).first()
    if rating is None:
        return None
    listed = rating.matches >= MIN_MATCHES
    return {
        "shown": rating.shown,
        "matches": rating.matches,
        "place": _listed(game).filter(shown__gt=rating.shown).count() + 1 if listed else None,
        "listed_count": _listed(game).count(),
        "missing": max(0, MIN_MATCHES - rating.matches),
    }
