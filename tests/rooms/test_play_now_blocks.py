"""'Jogar agora' keeps two people apart when one blocked the other, either way (lobby/quick_play.py).

A room where the other sits, or holds a reserved bot's seat, is skipped; the
press opens a new room instead (always another seating), and a third person
still joins the first room as before.
"""

import pytest

from friends import relations
from lobby import quick_play
from rooms import services
from rooms.models import Room, Seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("who_blocks", ["waiting", "presser"])
def test_a_press_is_not_seated_with_someone_of_a_block(alice, bob, charlie, clock, who_blocks):
    first = quick_play.play_now(alice, "rouba_monte", rated=True).room
    blocker, blocked = (alice, bob) if who_blocks == "waiting" else (bob, alice)
    relations.block(blocker, blocked.pk)
    pressed = quick_play.play_now(bob, "rouba_monte", rated=True)
    assert pressed.how == "new" and pressed.room.pk != first.pk
    assert not Seat.objects.filter(room=first, user=bob).exists()
    third = quick_play.play_now(charlie, "rouba_monte", rated=True)  # nobody keeps charlie apart
    assert third.how == "waiting" and third.room.pk in (first.pk, pressed.room.pk)


def test_without_a_block_the_same_presses_share_the_room(alice, bob, clock):
    first = quick_play.play_now(alice, "rouba_monte", rated=True).room
    assert quick_play.play_now(bob, "rouba_monte", rated=True).room.pk == first.pk


def test_a_bot_seat_at_a_table_of_someone_blocked_is_not_reserved(alice, bob, clock):
    room = services.create_room(alice, "buraco", "Mesa", rated=True, time_limit=30)
    for index in range(1, room.seat_count):
        services.add_bot(alice, room.code, index, "normal")
    services.connect(alice, room.code, "chan-alice")
    services.start_match(alice, room.code)
    relations.block(bob, alice.pk)
    pressed = quick_play.play_now(bob, "buraco", rated=True)
    assert pressed.how == "new" and pressed.room.pk != room.pk
    assert not Seat.objects.filter(room=room, reserved_by=bob).exists()
    assert Room.objects.filter(quick_play=True).count() == 1
