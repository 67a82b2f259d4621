"""Staff pause a room from the admin's services; the host cannot undo it, staff can."""

import pytest

from rooms import services
from rooms.errors import RoomError
from rooms.models import Room

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def playing(alice):
    room = services.create_room(alice, "crazy_eights", "Paused", time_limit=30)
    services.add_bot(alice, room.code, 1, "easy")
    services.connect(alice, room.code, "chan-alice")
    services.start_match(alice, room.code)
    room.refresh_from_db()
    return room


def test_staff_pause_freezes_the_clock_and_only_staff_resume(playing, alice):
    room = playing
    assert services.staff_pause(room.id)
    room.refresh_from_db()
    assert (room.paused, room.pause_reason, room.deadline) == (True, "staff", None)
    assert room.deadline_left is not None
    with pytest.raises(RoomError) as exc:
        services.resume(alice, room.code)
    assert exc.value.code == "paused_by_staff"
    assert not services.staff_pause(room.id)  # already paused by staff: nothing to do
    assert services.staff_resume(room.id)
    room.refresh_from_db()
    assert (room.paused, room.pause_reason) == (False, "")
    assert room.deadline is not None


def test_staff_resume_of_an_empty_room_leaves_it_paused_as_empty(playing):
    room = playing
    services.staff_pause(room.id)
    services.disconnect("chan-alice")
    assert services.staff_resume(room.id)
    room.refresh_from_db()
    assert (room.paused, room.pause_reason) == (True, "empty")


def test_staff_resume_does_nothing_to_a_host_pause(playing, alice):
    services.pause(alice, playing.code)
    assert not services.staff_resume(playing.id)
    assert Room.objects.get(pk=playing.pk).pause_reason == "host"
