"""The displayed ratings of the people and bots at a table, for the room's snapshot.

A snapshot is built after every move, and a move may cost only its own
statements (tests/rooms/test_move_cost.py). Ratings change only when a match
ends, so each process remembers the ratings of a table's people per (game,
people, match, match status): the first snapshot after a seat change or a
match's end reads them again, the moves in between read nothing.
"""

from functools import lru_cache

from django.urls import reverse

from accounts import pseudonyms
from ratings import method
from ratings.models import Rating, RatingChange
from rooms.models import Participant


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


def match_changes(match, rated: bool) -> list[dict]:
    """What an ended rated match did to each person's rating, best place first: the result dialog's lines.

    Read only once the match has ended (two statements per snapshot of a
    decided table, none while it is played). Each person is named as they sat
    at the match (its participants), with a link to their player page.
    """
    if match is None or not rated or match.status == "playing":
        return []
    changes = list(
        RatingChange.objects.filter(match=match)
        .order_by("rank", "user_id")
        .values_list("user_id", "shown_before", "shown_after", "left")
    )
    if not changes:
        return []
    names: dict[int, str] = {}
    held = Participant.objects.filter(match=match, user_id__in=[c[0] for c in changes]).order_by(
        "hand_number", "from_move", "id"
    )
    for user_id, name in held.values_list("user_id", "name"):
        names.setdefault(user_id, name)
    return [
        {
            "user_id": user_id,
            "name": names.get(user_id, ""),
            "before": before,
            "after": after,
            "delta": after - before,
            "left": left,
            # A deleted account reads as its pseudonym and has no page.
            "profile_url": None if pseudonyms.tag_of(names.get(user_id, "")) else reverse("player", args=[user_id]),
        }
        for user_id, before, after, left in changes
    ]


def forget() -> None:
    """Drop what this process remembers (tests that rewrite ratings directly)."""
    _people.cache_clear()
