"""A turn's deadline task covers the moves after it: one task per time limit, and the timeout still on time.

The task functions are Celery's own (``rooms.tasks.run_deadline`` run as the
worker runs it); what they send to the broker is recorded instead of queued, so
that the test decides when each one fires with the rooms' clock.
"""

from datetime import timedelta

import pytest

from rooms import services, tasks
from rooms.models import Room
from tests.rooms.helpers import current, state_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch):
    """Every deadline task sent: ``(args, eta)``."""
    got = []
    monkeypatch.setattr(tasks.run_deadline, "apply_async", lambda args, eta=None, **kw: got.append((args, eta)))
    return got


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ana", "bia", "caio", "davi")]


def timed_room(people):
    """Four people at a Crazy Eights table of 20 s a move: every deadline is a person's turn."""
    room = services.create_room(people[0], "crazy_eights", "Mesa", time_limit=20)
    for index, user in enumerate(people[1:], start=1):
        services.sit(user, room.code, index)
    for user in people:
        services.connect(user, room.code, f"chan-{user.username}")
    services.start_match(people[0], room.code)
    return room


def play_a_move(room, people):
    """Whoever's turn it is plays a legal move."""
    engine, state, hand = state_of(room)
    seat = engine.current_seat(state)
    user = next(p for p in people if p.id == room.seats.get(index=hand.seat_map[seat]).user_id)
    services.move(user, room.code, room.state_version, engine.legal_moves(state, seat)[-1])


def test_moves_within_a_sent_turn_task_send_none_and_that_task_follows_the_room(people, clock, sent):
    room = timed_room(people)
    assert len(sent) == 1 and sent[0][1] == clock.now + timedelta(seconds=20)
    first_args, first_eta = sent[0]
    for _ in range(3):
        clock.advance(1)
        play_a_move(room, people)
    room.refresh_from_db()
    assert room.deadline_kind == "turn" and room.deadline == first_eta + timedelta(seconds=3)
    assert len(sent) == 1  # the three moves' deadlines fall after the first task: it covers them

    clock.now = first_eta  # the first task fires: the room is not due, its deadline 3 s later
    assert tasks.run_deadline(*first_args) is False
    room.refresh_from_db()
    assert sent[1] == ((room.id, room.state_version), room.deadline)

    clock.now = room.deadline  # the task it sent fires on the room's deadline: the timeout's move
    version = room.state_version
    assert tasks.run_deadline(*sent[1][0]) is True
    _match, hand = current(room)
    assert hand.moves[-1]["kind"] == "timeout"
    room.refresh_from_db()
    assert room.state_version > version


def test_a_move_close_to_the_sent_task_firing_sends_its_own(people, clock, sent):
    """Within a second of firing a task may already be running: it covers nothing more."""
    room = timed_room(people)
    _args, first_eta = sent[0]
    clock.now = first_eta - timedelta(milliseconds=500)
    play_a_move(room, people)
    room.refresh_from_db()
    assert sent[-1] == ((room.id, room.state_version), room.deadline) and len(sent) == 2


def test_a_task_at_its_rooms_version_and_deadline_that_did_not_act_sends_nothing(people, clock, sent):
    """A paused room, or one whose hand ended: nothing to follow."""
    room = timed_room(people)
    args, eta = sent[0]
    services.pause(people[0], room.code)
    before = len(sent)
    clock.now = eta
    assert tasks.run_deadline(*args) is False
    assert len(sent) == before
    assert Room.objects.get(pk=room.id).paused


def test_only_a_turns_deadline_is_covered_a_bots_and_a_graces_are_always_sent(clock, sent):
    """The task that covers a turn follows only a turn deadline: the others must each have their own."""
    room_id, later = 7, clock.now + timedelta(seconds=20)
    tasks.schedule_deadline(None, room_id=room_id, version=1, eta=later, kind="turn")
    tasks.schedule_deadline(None, room_id=room_id, version=2, eta=later + timedelta(seconds=1), kind="turn")
    for version, kind in ((3, "bot"), (4, "grace")):
        tasks.schedule_deadline(None, room_id=room_id, version=version, eta=later + timedelta(seconds=2), kind=kind)
    assert [args[1] for args, _eta in sent] == [1, 3, 4]


def test_the_rooms_remembered_are_bounded_the_oldest_forgotten(clock, monkeypatch):
    from rooms import turn_tasks

    monkeypatch.setattr(turn_tasks, "KEEP", 3)
    later = clock.now + timedelta(seconds=20)
    for room_id in range(5):
        assert not turn_tasks.covered(room_id, later)
    assert list(turn_tasks._sent) == [2, 3, 4]
    assert turn_tasks.covered(4, later) and not turn_tasks.covered(0, later)
