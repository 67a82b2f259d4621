"""Seed 002: "O anfitrião é transferido para outra pessoa da sala quando necessário".

When the host leaves, or is away past the absence limit, seated or watching,
the role passes to another person of the room: a connected seated person
first, then a connected watcher, then a seated person who is away.
"""

import pytest

from rooms import services
from rooms.models import Room

pytestmark = pytest.mark.django_db(transaction=True)


def connect(user, room, tab="a"):
    services.connect(user, room.code, f"chan-{user.username}-{tab}")


def disconnect(user, tab="a"):
    services.disconnect(f"chan-{user.username}-{tab}")


def host_of(room):
    room.refresh_from_db()
    return room.host


def watching_host_room(alice, bob, charlie):
    """charlie hosts without a seat; bob is seated and connected; alice has gone."""
    room = services.create_room(alice, "rouba_monte", "Mesa")
    connect(alice, room)
    connect(charlie, room)
    services.leave(alice, room.code)  # the only other person, watching, takes the role
    disconnect(alice)
    assert host_of(room) == charlie
    services.sit(bob, room.code, 1)
    connect(bob, room)
    return room


def test_a_watching_host_away_past_the_absence_limit_hands_the_room_to_the_seated_person(alice, bob, charlie, clock):
    room = watching_host_room(alice, bob, charlie)
    disconnect(charlie)  # the host's last socket
    clock.advance(119)
    services.touch_room_presences(room.code)
    services.sweep()
    assert host_of(room) == charlie  # not before the limit
    clock.advance(2)
    services.touch_room_presences(room.code)
    assert services.sweep()["hosts"] == 1
    assert host_of(room) == bob
    services.add_bot(bob, room.code, 2, "easy")
    services.start_match(bob, room.code)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING


def test_a_host_back_within_the_limit_keeps_the_role(alice, bob, charlie, clock):
    room = watching_host_room(alice, bob, charlie)
    disconnect(charlie)
    clock.advance(100)
    connect(charlie, room, tab="b")
    clock.advance(100)
    services.touch_room_presences(room.code)
    assert services.sweep()["hosts"] == 0
    assert host_of(room) == charlie


def test_a_seated_host_removed_for_absence_hands_over_to_a_connected_person_first(alice, bob, charlie, clock):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)  # seated but never connected
    services.sit(charlie, room.code, 2)
    connect(alice, room)
    connect(charlie, room)
    disconnect(alice)
    clock.advance(121)
    services.touch_room_presences(room.code)
    services.sweep()
    assert room.seats.get(index=0).user is None
    assert host_of(room) == charlie


def test_a_host_leaving_a_seat_hands_over_to_a_connected_watcher_before_an_away_seated_person(alice, bob, charlie):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    connect(alice, room)
    connect(charlie, room)
    services.leave(alice, room.code)
    assert host_of(room) == charlie


def test_a_host_standing_up_alone_keeps_the_role_while_connected(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    connect(alice, room)
    services.leave(alice, room.code)
    assert host_of(room) == alice
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")  # still the host, watching


def test_an_away_host_with_nobody_else_keeps_the_role_until_someone_comes(alice, bob, charlie, clock, settings):
    settings.EMPTY_ROOM_EXPIRY_SECONDS = 600  # the empty room must outlive the absence limit here
    room = watching_host_room(alice, bob, charlie)
    services.leave(bob, room.code)
    disconnect(bob)
    disconnect(charlie)
    clock.advance(121)
    assert services.sweep()["hosts"] == 0
    assert host_of(room) == charlie
    connect(bob, room, tab="b")
    assert services.sweep()["hosts"] == 1
    assert host_of(room) == bob
