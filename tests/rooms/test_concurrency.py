"""Two moves sent at the same instant: exactly one is applied, the other refused."""

import pytest

from rooms import services
from rooms.errors import RoomError
from tests.races import at_once
from tests.rooms.helpers import current, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def race(calls):
    """Run the calls at once in threads; each gives "ok" or the error code."""
    return at_once([lambda call=call: _done(call) for call in calls], (RoomError,), timeout=30)


def _done(call) -> str:
    call()
    return "ok"


@pytest.mark.parametrize("game", ["rouba_monte", "crazy_eights"])
def test_the_same_move_from_two_tabs_applies_once(game, alice, bob):
    # Two seats: Crazy Eights gives every empty seat a bot, and the turn must be a person's.
    seats = 2 if game == "crazy_eights" else None
    room = services.create_room(alice, game, "Mesa", time_limit=None, seat_count=seats)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    room.refresh_from_db()
    move = engine.auto_move(state, engine.current_seat(state))
    version = room.state_version
    results = race([lambda: services.move(mover, room.code, version, move)] * 2)
    assert sorted(results) == ["ok", "stale"]
    _m, hand = current(room)
    assert len(hand.moves) == 1


def test_moves_of_two_seats_at_once_cannot_both_apply(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=None)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    room.refresh_from_db()
    version = room.state_version
    calls = []
    for user, seat in ((alice, 0), (bob, 1)):
        move = {"type": "discard", "card": state["hands"][seat][0]}
        calls.append(lambda user=user, move=move: services.move(user, room.code, version, move))
    results = race(calls)
    assert results.count("ok") <= 1
    assert all(r in ("ok", "stale", "not_your_turn", "must_capture") for r in results)
    engine, after, hand = state_of(room)
    assert (
        sum(len(h) for h in after["hands"])
        + len(after["centre"])
        + len(after["stock"])
        + sum(len(p) for piles in after["piles"] for p in piles)
        == 52
    )


def test_a_timeout_and_a_move_at_once_have_one_effect(alice, bob, settings):
    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=10)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    room.refresh_from_db()
    version = room.state_version
    room.deadline = room.deadline.replace(year=2000)  # already due
    room.save(update_fields=["deadline"])
    move = engine.auto_move(state, engine.current_seat(state))
    outcome = {}

    def fire():
        outcome["fired"] = services.run_deadline(room.id, version)

    results = race([lambda: services.move(mover, room.code, version, move), fire])
    _m, hand = current(room)
    assert len(hand.moves) == 1
    assert (results[0] == "ok") != bool(outcome.get("fired"))
