"""Seed 002: "Comprar ou baixar um jogo inicia um novo prazo para a próxima ação. Em timeout, o
servidor compra ou descarta legalmente."

A Buraco timeout makes one action: in the draw phase it draws from the stock,
and that draw starts a new deadline for the next action; in the play phase it
discards, ending the turn. The 30-second grace of a disconnected player in a
room without a time limit follows the same rule. The clock is injected.
"""

import pytest

from rooms import services
from rooms.models import Room
from tests.rooms.helpers import current, human_auto_move, play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def connect(user, room, tab="a"):
    services.connect(user, room.code, f"chan-{user.username}-{tab}")


def buraco_room(alice, bob=None, time_limit=None):
    room = services.create_room(alice, "buraco", "Buraco", options={"target": 1500}, time_limit=time_limit)
    if bob is not None:
        services.sit(bob, room.code, 2)
    for index in (1, 2, 3):
        if room.seats.get(index=index).is_empty:
            services.add_bot(alice, room.code, index, "easy")
    return room


def until_turn_of(room, seat_index, people):
    """Bots play, and the other people play their turns, until ``seat_index`` must draw."""
    for _ in range(200):
        play_until_human(room)
        room.refresh_from_db()
        assert room.status == Room.Status.PLAYING
        if turn_seat(room) == seat_index:
            _engine, state, _hand = state_of(room)
            assert state["phase"] == "draw"
            return
        human_auto_move(room, people[turn_seat(room)])
    raise AssertionError("the turn never came")


def deadline_in(room, clock) -> float:
    room.refresh_from_db()
    return (room.deadline - clock.now).total_seconds()


def test_a_timeout_in_the_draw_phase_only_draws_and_the_discard_gets_a_new_deadline(alice, clock):
    room = buraco_room(alice, time_limit=15)
    connect(alice, room)
    services.start_match(alice, room.code)
    until_turn_of(room, 0, {0: alice})
    assert room.deadline_kind == "turn"
    _m, hand = current(room)
    moves_before = len(hand.moves)
    clock.advance(16)
    room.refresh_from_db()
    assert services.run_deadline(room.id, room.state_version)
    _m, hand = current(room)
    assert [m["move"] for m in hand.moves[moves_before:]] == [{"type": "draw_stock"}]
    assert hand.moves[-1]["auto"] is True and hand.moves[-1]["kind"] == "timeout"
    _engine, state, _hand = state_of(room)
    assert state["turn"] == 0 and state["phase"] == "play"  # the player may be back for the rest
    assert room.deadline_kind == "turn" and abs(deadline_in(room, clock) - 15) < 1
    clock.advance(16)
    assert services.run_deadline(room.id, room.state_version)
    _m, hand = current(room)
    assert hand.moves[-1]["move"]["type"] == "discard" and hand.moves[-1]["auto"] is True
    assert turn_seat(room) != 0


def test_a_move_after_the_timeout_draw_is_the_players_own(alice, clock):
    room = buraco_room(alice, time_limit=15)
    connect(alice, room)
    services.start_match(alice, room.code)
    until_turn_of(room, 0, {0: alice})
    clock.advance(16)
    room.refresh_from_db()
    services.run_deadline(room.id, room.state_version)
    clock.advance(5)
    human_auto_move(room, alice)  # back in time: the player discards (or melds) themselves
    _m, hand = current(room)
    assert hand.moves[-1]["kind"] == "move" and hand.moves[-1]["auto"] is False


def test_the_disconnected_grace_draws_then_gives_thirty_seconds_more_then_discards(alice, bob, clock):
    room = buraco_room(alice, bob=bob)
    connect(alice, room)
    connect(bob, room)
    services.start_match(alice, room.code)
    until_turn_of(room, 0, {0: alice, 2: bob})
    room.refresh_from_db()
    assert room.deadline is None  # nobody is timed while connected
    services.disconnect("chan-alice-a")
    room.refresh_from_db()
    assert room.deadline_kind == "grace" and abs(deadline_in(room, clock) - 30) < 1
    clock.advance(31)
    services.touch_room_presences(room.code)
    assert services.sweep()["fired"] == 1
    _m, hand = current(room)
    assert hand.moves[-1]["move"] == {"type": "draw_stock"} and hand.moves[-1]["kind"] == "grace"
    _engine, state, _hand = state_of(room)
    assert state["turn"] == 0 and state["phase"] == "play"
    assert room.deadline_kind == "grace" and abs(deadline_in(room, clock) - 30) < 1
    clock.advance(31)
    services.touch_room_presences(room.code)
    assert services.sweep()["fired"] == 1
    _m, hand = current(room)
    assert hand.moves[-1]["move"]["type"] == "discard" and hand.moves[-1]["kind"] == "grace"
    assert turn_seat(room) != 0
