"""The host's powers (docs/rooms.md "The host's powers"): seats arranged only while no match is
being played, a person removed from a private room between hands, the role handed on, the room
closed; each refused to anyone but the host, and each announced as a room event."""

import pytest

from rooms import services
from rooms.errors import RoomError
from rooms.models import Participant, Room
from tests.rooms.helpers import play_hand

pytestmark = pytest.mark.django_db(transaction=True)


def codes(room):
    room.refresh_from_db()
    return [e["code"] for e in room.events]


def last_event(room):
    room.refresh_from_db()
    return room.events[-1]


def refused(code, action, *args):
    with pytest.raises(RoomError) as exc:
        action(*args)
    assert exc.value.code == code


def seats_of(room):
    return {s.index: (s.user.username if s.user else (f"bot:{s.bot_level}" if s.bot_level else None))
            for s in room.seats.order_by("index")}  # fmt: skip


def buraco_room(alice, bob, **options):
    room = services.create_room(alice, "buraco", "Mesa", options=options)
    services.sit(bob, room.code, 1)
    services.add_bot(alice, room.code, 2, "easy")
    services.add_bot(alice, room.code, 3, "easy")
    return room


def test_before_the_first_match_the_host_swaps_two_seats_and_chooses_the_buraco_partnerships(alice, bob):
    room = buraco_room(alice, bob)
    services.swap_seats(alice, room.code, 1, 2)  # bob now sits opposite alice: partners (seats 1/3)
    assert seats_of(room) == {0: "alice", 1: "bot:easy", 2: "bob", 3: "bot:easy"}
    event = last_event(room)
    assert event["code"] == "seats_swapped"
    assert event["params"]["name"] == {"name": "bob"} and event["params"]["by"] == {"name": "alice"}
    assert "alice" in event["text"]["pt-br"] and "bob" in event["text"]["en"]
    services.start_match(alice, room.code)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    # The deal's record names bob at the seat he was moved to.
    bob_row = Participant.objects.get(hand=room.current_hand, user=bob)
    assert bob_row.seat == 2


def test_the_host_moves_a_person_to_an_empty_seat_and_their_client_seed_goes_with_them(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.set_client_seed(bob, room.code, "ab" * 8)
    services.move_seat(alice, room.code, 1, 3)
    assert seats_of(room) == {0: "alice", 1: None, 2: None, 3: "bob"}
    assert room.seats.get(index=3).client_seed == "ab" * 8
    event = last_event(room)
    assert event["code"] == "seat_moved" and event["params"]["from"] == 1 and event["params"]["to"] == 3
    assert event["text"]["en"] == "alice moved bob from seat 2 to seat 4."


def test_seats_are_not_arranged_during_a_hand_nor_between_two_hands_of_a_match(alice, bob):
    room = buraco_room(alice, bob)
    services.start_match(alice, room.code)
    refused("seats_locked", services.swap_seats, alice, room.code, 0, 1)
    refused("seats_locked", services.move_seat, alice, room.code, 1, 2)
    play_hand(room, {0: alice, 1: bob})
    room.refresh_from_db()
    if room.status == Room.Status.HAND_OVER:  # a match to 1500 rarely ends in one hand
        refused("seats_locked", services.swap_seats, alice, room.code, 0, 1)
    assert seats_of(room)[1] == "bob"


def test_after_a_match_ends_the_seats_can_be_arranged_again(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    refused("seats_locked", services.swap_seats, alice, room.code, 0, 1)
    play_hand(room, {0: alice, 1: bob})
    room.refresh_from_db()
    assert room.status == Room.Status.MATCH_OVER
    services.swap_seats(alice, room.code, 0, 1)
    assert seats_of(room)[0] == "bob" and seats_of(room)[1] == "alice"


def test_a_bot_moved_keeps_the_bot_count_and_moves_are_checked(alice, bob):
    room = buraco_room(alice, bob)
    refused("seat_taken", services.move_seat, alice, room.code, 1, 2)
    refused("same_seat", services.swap_seats, alice, room.code, 2, 2)
    refused("bad_seat", services.move_seat, alice, room.code, 1, 9)
    refused("not_host", services.swap_seats, bob, room.code, 0, 1)
    services.remove_bot(alice, room.code, 3)
    refused("seat_empty", services.swap_seats, alice, room.code, 3, 1)
    services.move_seat(alice, room.code, 2, 3)
    assert seats_of(room) == {0: "alice", 1: "bob", 2: None, 3: "bot:easy"}


def test_the_host_removes_a_person_from_a_private_room_between_hands_not_during_one(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa", is_public=False)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    refused("hand_in_progress", services.remove_person, alice, room.code, 1)
    play_hand(room, {0: alice, 1: bob})
    refused("not_yourself", services.remove_person, alice, room.code, 0)
    refused("not_host", services.remove_person, bob, room.code, 0)
    services.remove_person(alice, room.code, 1)
    assert seats_of(room)[1] is None
    event = last_event(room)
    assert event["code"] == "removed_by_host"
    assert event["params"]["user"] == bob.id and event["params"]["name"] == {"name": "bob"}
    assert event["text"]["en"] == "alice removed bob from seat 2."


def test_between_two_buraco_hands_a_removed_person_leaves_the_match_in_the_record(alice, bob):
    room = buraco_room(alice, bob, target=5000)  # the longest the lobby offers: no first hand reaches it
    services.start_match(alice, room.code)
    room.refresh_from_db()
    room.is_public = False
    room.save(update_fields=["is_public"])
    play_hand(room, {0: alice, 1: bob})
    room.refresh_from_db()
    assert room.status == Room.Status.HAND_OVER
    services.remove_person(alice, room.code, 1)
    row = Participant.objects.filter(user=bob).latest("id")
    assert row.ended == Participant.Ended.REMOVED
    refused("seats_empty", services.next_hand, alice, room.code)  # four seats must be taken to deal


def test_nobody_is_removed_from_a_public_room(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    refused("public_room", services.remove_person, alice, room.code, 1)
    private = services.create_room(alice, "rouba_monte", "Mesa", is_public=False)
    refused("not_a_person", services.remove_person, alice, private.code, 2)


def test_the_host_hands_the_role_on_and_can_have_it_back(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    refused("not_a_person", services.hand_host, alice, room.code, 2)
    services.hand_host(alice, room.code, 1)
    room.refresh_from_db()
    assert room.host == bob
    assert last_event(room)["text"]["en"] == "alice handed the host role to bob."
    refused("not_host", services.hand_host, alice, room.code, 1)
    services.hand_host(bob, room.code, 0)
    room.refresh_from_db()
    assert room.host == alice


def test_the_host_closes_the_room_and_a_match_being_played_is_abandoned(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    refused("not_host", services.close_by_host, bob, room.code)
    services.close_by_host(alice, room.code)
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    assert room.current_match.status == "abandoned"
    assert room.events[-1]["code"] == "room_closed" and room.events[-1]["params"]["by"] == {"name": "alice"}
    refused("room_closed", services.sit, bob, room.code, 2)


def test_the_target_and_the_time_change_between_matches_and_are_announced(alice, bob):
    room = buraco_room(alice, bob)
    services.set_options(alice, room.code, {"target": 3000})
    event = last_event(room)
    assert event["code"] == "target_changed"
    assert event["params"]["from"] == 1500 and event["params"]["to"] == 3000
    services.set_options(alice, room.code, time_limit=30)
    assert last_event(room)["code"] == "time_limit_changed"
    services.start_match(alice, room.code)
    refused("match_in_progress", services.set_options, alice, room.code, {"target": 5000})
    # The time per move may change mid-match: everyone is told.
    services.set_options(alice, room.code, time_limit=60)
    event = last_event(room)
    assert event["params"] == {"by": {"name": "alice"}, "from": 30, "to": 60}
    assert event["text"]["pt-br"]
