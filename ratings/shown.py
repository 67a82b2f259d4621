"""The displayed ratings of the people and bots at a table, for the room's snapshot.

A snapshot is built after every move, and a move may cost only its own
statements (tests/rooms/test_move_cost.py). Ratings change only when a match
ends, so each process remembers the ratings of a table's people per (game,
people, match, match status): the first snapshot after a seat change or a
match's end reads them again, the moves in between read nothing.
"""

from functools import lru_cache

from ratings import method
from ratings.models import Rating


@lru_cache(maxsize=4096)
def _people(game: str, user_ids: tuple[int, ...], match_id, match_status) -> dict[int, int]:
    shown = dict(Rating.objects.filter(game=game, user_id__in=user_ids).values_list("user_id", "shown"))
    return {uid: shown.get(uid, method.INITIAL_SHOWN) for uid in user_ids}


def for_seats(game: str, seats, match) -> dict[int, int | None]:
    """room seat index -> displayed rating (None: an empty seat)."""
    user_ids = tuple(sorted({s.user_id for s in seats if s.user_id is not None}))
    people = _people(game, user_ids, getattr(match, "pk", None), getattr(match, "status", None)) if user_ids else {}
    out: dict[int, int | None] = {}
    for seat in seats:
        if seat.user_id is not None:
            out[seat.index] = people[seat.user_id]
        elif seat.bot_level:
            out[seat.index] = method.bot_shown(seat.bot_level, game)
        else:
            out[seat.index] = None
    return out


def forget() -> None:
    """Drop what this process remembers (tests that rewrite ratings directly)."""
    _people.cache_clear()
