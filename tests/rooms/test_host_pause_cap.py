"""A host's pause of a rated room has a cap: past HOST_PAUSE_CAP_SECONDS the table resumes by itself and says so.

The end is the room's own deadline while paused: a task planned for that
moment (``deadline_planned``, as every deadline), and the sweep if the task is
lost. A casual room's pause has no cap (docs/rooms.md).
"""

from datetime import timedelta

import pytest

from rooms import services
from rooms.models import Room
from rooms.table import deadline_planned
from tests.rooms.helpers import play_until_human

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cap(settings):
    settings.HOST_PAUSE_CAP_SECONDS = 600


@pytest.fixture
def planned():
    seen = []

    def record(sender, room_id, version, eta, **kwargs):
        seen.append((room_id, version, eta))

    deadline_planned.connect(record, dispatch_uid="test-host-pause-cap")
    yield seen
    deadline_planned.disconnect(dispatch_uid="test-host-pause-cap")


def playing(alice, rated=True, time_limit=30):
    room = services.create_room(alice, "rouba_monte", "Mesa", time_limit=time_limit, rated=rated)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    connect(alice, room)
    play_until_human(room)  # the person's turn: no bot deadline due while the test reads the clock
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    return room


def connect(user, room):
    services.connect(user, room.code, f"test-channel-{user.id}")


def events(room) -> list[str]:
    room.refresh_from_db()
    return [e["code"] for e in room.events]


@pytest.mark.django_db(transaction=True)  # the planned task is sent after commit
def test_the_pause_ends_by_itself_at_its_cap_and_the_table_says_so(alice, clock, planned):
    room = playing(alice)
    left_before = (room.deadline - clock.now).total_seconds()
    planned.clear()
    services.pause(alice, room.code)
    room.refresh_from_db()
    assert room.paused and room.paused_at == clock.now and room.paused_by_id == alice.id
    assert [eta for rid, _v, eta in planned if rid == room.id] == [clock.now + timedelta(seconds=600)]
    assert events(room)[-1] == "host_paused"
    assert "10 minutes" in room.events[-1]["text"]["en"]

    clock.advance(599)
    assert services.run_deadline(room.id, room.state_version) is False
    room.refresh_from_db()
    assert room.paused

    clock.advance(1)
    assert services.run_deadline(room.id, room.state_version) is True
    room.refresh_from_db()
    assert not room.paused and room.pause_reason == "" and room.paused_at is None
    assert room.deadline == clock.now + timedelta(seconds=left_before)  # the time that was left, not a fresh one
    assert events(room)[-1] == "pause_ended"
    assert room.events[-1]["text"]["pt-br"]
    assert services.run_deadline(room.id, room.state_version) is False  # a duplicate does nothing


def test_the_sweep_ends_a_pause_past_its_cap_whose_task_was_lost(alice, clock):
    room = playing(alice)
    services.pause(alice, room.code)
    clock.advance(601)
    services.touch_room_presences(room.code)
    assert services.sweep()["fired"] >= 1
    room.refresh_from_db()
    assert not room.paused
    assert "pause_ended" in events(room)


def test_a_capped_pause_with_nobody_at_the_table_waits_as_an_empty_room(alice, clock):
    room = playing(alice)
    services.pause(alice, room.code)
    services.disconnect(f"test-channel-{alice.id}")
    clock.advance(600)
    assert services.run_deadline(room.id) is True
    room.refresh_from_db()
    assert room.paused and room.pause_reason == "empty"
    connect(alice, room)
    room.refresh_from_db()
    assert not room.paused


def test_a_casual_rooms_pause_has_no_cap(alice, clock):
    room = playing(alice, rated=False)
    services.pause(alice, room.code)
    clock.advance(3600)
    services.touch_room_presences(room.code)
    services.sweep()
    assert services.run_deadline(room.id) is False
    room.refresh_from_db()
    assert room.paused and room.pause_reason == "host"
    assert "resumes by itself" not in room.events[-1]["text"]["en"]


def test_a_resumed_pause_leaves_nothing_to_end(alice, clock):
    room = playing(alice)
    services.pause(alice, room.code)
    services.resume(alice, room.code)
    clock.advance(600)
    services.touch_room_presences(room.code)
    services.sweep()
    assert "pause_ended" not in events(room)


def test_resuming_is_told_like_the_pause(alice, clock):
    """The host's resume is a room event as the pause is: its line is the log's newest, its notice replaces
    the pause's, in both languages."""
    room = playing(alice, rated=False)
    services.pause(alice, room.code)
    services.resume(alice, room.code)
    room.refresh_from_db()
    assert events(room)[-2:] == ["host_paused", "host_resumed"]
    last = room.events[-1]
    assert last["params"] == {"by": {"name": alice.shown_name}}
    assert last["text"]["en"] == f"{alice.shown_name} resumed the table."
    assert last["text"]["pt-br"] == f"{alice.shown_name} retomou a mesa."
