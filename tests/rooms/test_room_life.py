"""Room rules of the seeds, one test each: timers, pause, leaving, absence, expiry."""

import pytest

from rooms import services
from rooms.errors import RoomError
from rooms.models import Room
from tests.rooms.helpers import current, play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def room_with(host, game="rouba_monte", people=(), bots=(), **kw):
    room = services.create_room(host, game, "Mesa", **kw)
    for index, user in people:
        services.sit(user, room.code, index)
    for index in bots:
        services.add_bot(host, room.code, index, "easy")
    return room


def connect(user, room, tab="a"):
    services.connect(user, room.code, f"chan-{user.username}-{tab}")


def make_human_turn(room, user):
    """Bots play until it is the person's turn."""
    play_until_human(room)
    room.refresh_from_db()
    assert turn_seat(room) == next(s.index for s in room.seats.all() if s.user_id == user.id)


def test_when_the_time_runs_out_a_valid_move_is_made_automatically_and_marked(alice, clock):
    room = room_with(alice, bots=(1,), time_limit=15)
    connect(alice, room)
    services.start_match(alice, room.code)
    make_human_turn(room, alice)
    room.refresh_from_db()
    assert room.deadline_kind == "turn"
    assert abs((room.deadline - clock.now).total_seconds() - 15) < 1
    assert not services.run_deadline(room.id, room.state_version)  # not yet due
    clock.advance(16)
    assert services.run_deadline(room.id, room.state_version)
    _m, hand = current(room)
    entry = hand.moves[-1]
    assert entry["auto"] is True and entry["kind"] == "timeout"
    room.refresh_from_db()
    assert room.last_move["auto"] is True


def test_pause_freezes_the_deadline_and_resume_restores_the_time_left(alice, clock):
    room = room_with(alice, bots=(1,), time_limit=30)
    connect(alice, room)
    services.start_match(alice, room.code)
    make_human_turn(room, alice)
    clock.advance(10)
    services.pause(alice, room.code)
    room.refresh_from_db()
    assert room.paused and room.deadline is None
    assert abs(room.deadline_left - 20) < 1
    clock.advance(599)  # a long pause, within its cap of ten minutes (test_host_pause_cap.py): nothing fires
    assert services.sweep()["fired"] == 0
    services.resume(alice, room.code)
    room.refresh_from_db()
    assert not room.paused
    assert abs((room.deadline - clock.now).total_seconds() - 20) < 1


def test_a_paused_room_refuses_moves(alice, clock):
    room = room_with(alice, bots=(1,), time_limit=30)
    connect(alice, room)
    services.start_match(alice, room.code)
    make_human_turn(room, alice)
    services.pause(alice, room.code)
    engine, state, hand = state_of(room)
    room.refresh_from_db()
    with pytest.raises(RoomError) as exc:
        services.move(alice, room.code, room.state_version, engine.auto_move(state, engine.current_seat(state)))
    assert exc.value.code == "paused"


def test_without_time_limit_a_disconnected_player_gets_thirty_seconds(alice, bob, clock):
    room = room_with(alice, people=[(1, bob)])
    connect(alice, room)
    connect(bob, room)
    services.start_match(alice, room.code)
    room.refresh_from_db()
    assert room.deadline is None  # nobody is timed while connected
    mover = alice if turn_seat(room) == 0 else bob
    services.disconnect(f"chan-{mover.username}-a")
    room.refresh_from_db()
    assert room.deadline_kind == "grace"
    assert abs((room.deadline - clock.now).total_seconds() - 30) < 1
    clock.advance(31)
    assert services.sweep()["fired"] == 1
    _m, hand = current(room)
    assert hand.moves[-1]["auto"] is True


def test_coming_back_in_time_lifts_the_grace_deadline(alice, bob, clock):
    room = room_with(alice, people=[(1, bob)])
    connect(alice, room)
    connect(bob, room)
    services.start_match(alice, room.code)
    mover = alice if turn_seat(room) == 0 else bob
    services.disconnect(f"chan-{mover.username}-a")
    clock.advance(10)
    connect(mover, room, tab="b")
    room.refresh_from_db()
    assert room.deadline is None


def test_after_two_minutes_of_absence_a_person_is_removed_under_the_leaving_rule(alice, bob, charlie, clock):
    room = room_with(alice, people=[(1, bob), (2, charlie)])
    for user in (alice, bob, charlie):
        connect(user, room)
    services.start_match(alice, room.code)
    services.disconnect("chan-bob-a")
    clock.advance(60)
    services.sweep()
    assert room.seats.get(index=1).user == bob  # still within two minutes
    clock.advance(61)
    assert services.sweep()["removed"] == 1
    seat = room.seats.get(index=1)
    assert seat.user is None
    _m, hand = current(room)
    assert any(m["kind"] == "leave" for m in hand.moves)


def test_a_reconnection_within_two_minutes_keeps_the_seat_and_the_hand(alice, bob, clock):
    room = room_with(alice, people=[(1, bob)])
    connect(alice, room)
    connect(bob, room)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    bob_hand = list(engine.view(state, 1)["hand"])
    services.disconnect("chan-bob-a")
    clock.advance(100)
    connect(bob, room, tab="b")
    clock.advance(100)
    services.touch_room_presences(room.code)  # live sockets refresh their presence
    services.sweep()
    seat = room.seats.get(index=1)
    assert seat.user == bob and seat.absent_since is None
    engine, state, hand = state_of(room)
    assert engine.view(state, 1)["hand"] == bob_hand


def test_a_room_with_nobody_connected_pauses_leaves_the_list_and_expires(alice, clock):
    from lobby.feed import lobby_rooms

    room = room_with(alice, bots=(1,))
    connect(alice, room)
    assert [r["code"] for r in lobby_rooms()] == [room.code]
    services.start_match(alice, room.code)
    services.disconnect("chan-alice-a")
    room.refresh_from_db()
    assert room.paused and room.pause_reason == "empty"
    assert lobby_rooms() == []
    clock.advance(119)
    assert services.sweep()["expired"] == 0
    clock.advance(2)
    services.sweep()
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    assert room.hands.exists()  # history stays for staff


def test_a_person_coming_back_before_expiry_resumes_the_room(alice, clock):
    room = room_with(alice, bots=(1,), time_limit=20)
    connect(alice, room)
    services.start_match(alice, room.code)
    make_human_turn(room, alice)
    clock.advance(5)
    services.disconnect("chan-alice-a")
    clock.advance(60)
    connect(alice, room, tab="b")
    room.refresh_from_db()
    assert not room.paused and room.empty_since is None
    assert abs((room.deadline - clock.now).total_seconds() - 15) < 1


def test_the_host_role_moves_on_when_the_host_leaves(alice, bob):
    room = room_with(alice, people=[(1, bob)])
    services.leave(alice, room.code)
    room.refresh_from_db()
    assert room.host == bob
    services.leave(bob, room.code)
    room.refresh_from_db()
    assert room.host is None


def test_a_host_leaving_mid_hand_hands_over_the_room(alice, bob, charlie):
    room = room_with(alice, people=[(1, bob), (2, charlie)])
    services.start_match(alice, room.code)
    services.leave(alice, room.code)
    room.refresh_from_db()
    assert room.host == bob
    assert room.status == Room.Status.PLAYING


def test_a_person_leaving_rouba_monte_returns_hand_and_pile_to_the_centre(alice, bob, charlie):
    room = room_with(alice, people=[(1, bob), (2, charlie)])
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    bob_cards = list(state["hands"][1])
    services.leave(bob, room.code)
    engine, state, hand = state_of(room)
    view = engine.view(state, None)
    for card in bob_cards:
        assert card in view["centre"]
    assert view["active"]["1"] is False


def test_with_fewer_than_two_active_players_the_match_ends_without_winner(alice, bob):
    room = room_with(alice, people=[(1, bob)])
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    room.refresh_from_db()
    match, hand = current(room)
    assert room.status == Room.Status.MATCH_OVER
    assert hand.result["winners"] == [] and match.winners == []


def test_people_joining_mid_match_play_from_the_next_match(alice, bob, charlie):
    room = room_with(alice, people=[(1, bob)])
    services.start_match(alice, room.code)
    services.sit(charlie, room.code, 2)
    _m, hand = current(room)
    assert 2 not in hand.seat_map
    seat = room.seats.get(index=2)
    assert seat.user == charlie and seat.active is False
    services.start_match(alice, room.code)
    _m, hand = current(room)
    assert 2 in hand.seat_map


def test_a_bot_added_mid_match_waits_and_a_removed_active_bot_stays_until_the_end(alice):
    room = room_with(alice, bots=(1,))
    services.start_match(alice, room.code)
    services.add_bot(alice, room.code, 2, "easy")
    _m, hand = current(room)
    assert 2 not in hand.seat_map
    services.remove_bot(alice, room.code, 1)
    seat = room.seats.get(index=1)
    assert seat.bot_level and seat.remove_pending
    services.start_match(alice, room.code)  # the match ends (restarted): the removal applies
    seat = room.seats.get(index=1)
    assert not seat.bot_level
    _m, hand = current(room)
    assert hand.seat_map == [0, 2]


def test_a_timeout_racing_a_human_move_has_exactly_one_effect(alice, bob, clock):
    room = room_with(alice, people=[(1, bob)], time_limit=10)
    connect(alice, room)
    connect(bob, room)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    version = room.state_version
    room.refresh_from_db()
    version = room.state_version
    move = engine.auto_move(state, engine.current_seat(state))
    clock.advance(11)
    services.move(mover, room.code, version, move)  # the person was first
    assert not services.run_deadline(room.id, version)  # the timeout finds the room moved on
    _m, hand = current(room)
    assert len(hand.moves) == 1 and hand.moves[0]["kind"] == "move"


def test_a_bot_task_delivered_twice_moves_once(alice):
    room = room_with(alice, bots=(1,))
    services.start_match(alice, room.code)
    play_until_human(room)
    room.refresh_from_db()
    _m, hand = current(room)
    moves_before = len(hand.moves)
    # The human plays, so the bot is due; the same task delivered twice acts once.
    engine, state, hand = state_of(room)
    if room.status == Room.Status.PLAYING:
        services.move(alice, room.code, room.state_version, engine.auto_move(state, engine.current_seat(state)))
        room.refresh_from_db()
        version = room.state_version
        if room.deadline_kind == "bot":
            assert services.run_deadline(room.id, version)
            assert not services.run_deadline(room.id, version)
            _m, hand = current(room)
            assert len(hand.moves) == moves_before + 2


def test_embedded_deadlines_wait_in_timers_not_as_eta_tasks(alice, monkeypatch, settings):
    """The in-process worker must never hold a task whose ETA is ahead (it stalls every bot turn)."""
    from config import embedded
    from rooms import tasks

    settings.EMBEDDED = True
    monkeypatch.setattr(embedded, "worker_running", lambda: True)
    sent = []
    monkeypatch.setattr(tasks.run_deadline, "apply_async", lambda *a, **kw: sent.append(kw))
    room = room_with(alice, bots=(1,), time_limit=60)
    connect(alice, room)
    services.start_match(alice, room.code)
    make_human_turn(room, alice)
    assert not any("eta" in kw or "countdown" in kw for kw in sent)  # nothing waits in the worker
    room.refresh_from_db()
    left, args = embedded.timers.pending(room.id)
    assert 55 <= left <= 60
    assert args == (room.id, room.state_version)
    embedded.timers.cancel(room.id)
