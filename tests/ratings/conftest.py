"""Fixtures of the rating tests: matches written as the room services record them, hand by hand."""

import pytest
from django.utils import timezone

from ratings import leave_cost, shown
from rooms.models import Match, Participant, Room


@pytest.fixture(autouse=True)
def fresh_shown_ratings():
    """The snapshots' memory of ratings is per process: each test starts without it."""
    shown.forget()
    leave_cost.forget()
    yield
    shown.forget()
    leave_cost.forget()


@pytest.fixture
def people(make_user):
    """Six players, p0 … p5."""
    return [make_user(f"p{i}") for i in range(6)]


def ended_match(
    game: str, holders: dict, winners, *, leavers=(), status=Match.Status.OVER, rated=True, room=None, totals=None
):
    """A match of ``game`` that ended with ``holders`` (room seat -> a user or a bot level) in its last hand.

    ``leavers`` are (seat, user) who held a seat in hand 1 and left it; the last
    hand is hand 2 whenever there are leavers. ``winners`` are room seats or team keys;
    ``totals`` the match totals by the same keys (none: the totals cannot place the others).
    """
    room = room or Room.objects.create(game=game, name="Rated", seat_count=len(holders), rated=rated)
    number = room.matches.count() + 1
    match = Match.objects.create(
        room=room,
        number=number,
        game=game,
        seed="s",
        fingerprint="f",
        status=status,
        winners=list(winners),
        totals=totals or {},
    )
    now = timezone.now()
    last = 2 if leavers else 1
    rows = []
    for seat, user in leavers:
        rows.append(
            Participant(
                match=match,
                hand_number=1,
                seat=seat,
                engine_seat=seat,
                user=user,
                name=user.username,
                from_move=0,
                until_move=3,
                ended=Participant.Ended.LEFT,
                started_at=now,
            )
        )
    for seat, holder in holders.items():
        person = not isinstance(holder, str)
        rows.append(
            Participant(
                match=match,
                hand_number=last,
                seat=seat,
                engine_seat=seat,
                user=holder if person else None,
                name=holder.username if person else "",
                bot_level="" if person else holder,
                started_at=now,
            )
        )
    Participant.objects.bulk_create(rows)
    return match
