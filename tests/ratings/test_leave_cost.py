"""The leave confirmation's cost: what leaving a rated match now would do to the reader's shown rating."""

import pytest

from ratings import leave_cost
from ratings.models import Rating, RatingChange
from rooms import services
from rooms.live import broadcast
from rooms.models import Match
from tests.rooms.helpers import current, play_match

pytestmark = pytest.mark.django_db(transaction=True)


def _own(room, user) -> dict:
    services.connect(user, room.code, f"chan-{user.username}")
    return broadcast.room_snapshots(room.id, only_user=user.id)[user.id]["you"]


def test_the_estimate_is_what_leaving_then_costs(alice):
    """Alice and a bot: her leave ends the match, and costs what her snapshot said it would."""
    room = services.create_room(alice, "rouba_monte", "Rated", time_limit=None)
    services.add_bot(alice, room.code, 1, "hard")
    Rating.objects.create(user=alice, game="rouba_monte", mu=27.0, sigma=5.0, shown=0, matches=12)
    assert _own(room, alice)["leave_cost"] is None  # between matches: nothing to lose
    services.start_match(alice, room.code)
    cost = _own(room, alice)["leave_cost"]
    assert isinstance(cost, int) and cost < 0
    services.leave(alice, room.code)
    match = Match.objects.get(room=room)
    assert match.status == Match.Status.OVER
    change = RatingChange.objects.get(match=match, user=alice)
    assert change.left
    assert abs((change.shown_after - change.shown_before) - cost) <= 1


def test_each_reader_gets_their_own_and_a_leaver_none(alice, bob):
    """Four seats, two people: each reads their own estimate; once bob has left, his is gone."""
    room = services.create_room(alice, "rouba_monte", "Rated", time_limit=None)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "normal")
    services.add_bot(alice, room.code, 3, "hard")
    services.start_match(alice, room.code)
    match, _hand = current(room)
    cost = _own(room, bob)["leave_cost"]
    assert cost == leave_cost.estimate(match, bob.id, "playing") and cost < 0
    assert _own(room, alice)["leave_cost"] == leave_cost.estimate(match, alice.id, "playing")
    services.leave(bob, room.code)
    assert _own(room, bob)["leave_cost"] is None  # left already: leaving again costs nothing more
    play_match(room, {0: alice})
    change = RatingChange.objects.get(match=match, user=bob)
    # The others' final order (or a tie) is not known yet: the estimate takes their order of now, so it is
    # "about" here; the first test is the exact case.
    assert change.left and change.shown_after < change.shown_before


def test_a_casual_room_has_no_cost(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Casual", time_limit=None, rated=False)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "normal")
    services.start_match(alice, room.code)
    assert _own(room, bob)["leave_cost"] is None
