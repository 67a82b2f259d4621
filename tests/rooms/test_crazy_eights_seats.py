"""Crazy Eights seats: "Um bot ocupa o lugar vazio, sempre marcado como bot", for the whole match.

Every empty seat of the room's seat count gets a bot when a hand is dealt; a
leaver's seat keeps its bot until the match ends; the host removes bots between
matches; a person takes a bot's seat from the next hand; a seat's score stays
with the seat (docs/rooms.md).
"""

import pytest

from rooms import services
from rooms.live import broadcast
from rooms.models import Room
from tests.rooms.helpers import current, engine_options, play_hand

pytestmark = pytest.mark.django_db(transaction=True)


def crazy_room(host, seat_count=4, target=100, people=()):
    room = services.create_room(host, "crazy_eights", "Oitos", time_limit=None, seat_count=seat_count)
    if target != 100:
        engine_options(room, target=target)
    for index, user in people:
        services.sit(user, room.code, index)
    return room


def seats_of(room):
    return {s.index: s for s in room.seats.select_related("user")}


def play_to_hand_over(room, people):
    """Play the current hand to its end; the match must go on afterwards (not decided by this hand)."""
    play_hand(room, people)
    room.refresh_from_db()
    assert room.status == Room.Status.HAND_OVER, "this hand decided the match; the test needs a longer one"


def test_every_empty_seat_gets_a_bot_when_the_hand_is_dealt(alice):
    room = crazy_room(alice, seat_count=5)
    services.start_match(alice, room.code)
    _m, hand = current(room)
    assert hand.seat_map == [0, 1, 2, 3, 4]  # the room's seat count, not the one person
    seats = seats_of(room)
    assert seats[0].user == alice and not seats[0].bot_level
    for index in (1, 2, 3, 4):
        assert seats[index].bot_level and seats[index].user is None and seats[index].active
    snapshot_seats = broadcast.room_snapshots(room.id, only_user=alice.id)[alice.id]["room"]["seats"]
    assert [s["bot"] for s in snapshot_seats] == [None, "normal", "normal", "normal", "normal"]


def test_a_leaver_mid_hand_keeps_a_bot_in_the_seat_for_the_next_hands(alice, bob):
    room = crazy_room(alice, seat_count=3, target=10_000, people=[(1, bob)])
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    seat = seats_of(room)[1]
    assert seat.bot_level and seat.stand_in and seat.user is None and seat.active
    play_to_hand_over(room, alice)
    seat = seats_of(room)[1]
    assert seat.bot_level and seat.stand_in  # between hands too: the bot stays for the match
    services.next_hand(alice, room.code)
    _m, hand = current(room)
    assert hand.seat_map == [0, 1, 2]  # the next hand is dealt to the same three seats


def test_a_leaver_between_hands_leaves_a_bot_for_the_rest_of_the_match(alice, bob):
    room = crazy_room(alice, seat_count=2, target=10_000, people=[(1, bob)])
    services.start_match(alice, room.code)
    play_to_hand_over(room, {0: alice, 1: bob})
    services.leave(bob, room.code)
    seat = seats_of(room)[1]
    assert seat.bot_level and seat.stand_in and seat.user is None
    services.next_hand(alice, room.code)
    _m, hand = current(room)
    assert hand.seat_map == [0, 1]


def test_the_leavers_bot_goes_when_the_match_ends(alice, bob):
    room = crazy_room(alice, seat_count=2, target=1, people=[(1, bob)])
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    play_hand(room, alice)
    room.refresh_from_db()
    assert room.status == Room.Status.MATCH_OVER
    assert seats_of(room)[1].is_empty  # free for a person; the next deal gives it a bot again
    services.start_match(alice, room.code)
    seat = seats_of(room)[1]
    assert seat.bot_level and not seat.stand_in


def test_the_host_removes_a_bot_between_matches_and_mid_match_at_the_matchs_end(alice, bob):
    room = crazy_room(alice, seat_count=3, target=10_000)
    services.start_match(alice, room.code)
    services.remove_bot(alice, room.code, 2)
    assert seats_of(room)[2].remove_pending
    play_to_hand_over(room, alice)
    seat = seats_of(room)[2]
    assert seat.bot_level and seat.remove_pending  # the seat keeps its bot while the match lasts
    services.next_hand(alice, room.code)
    _m, hand = current(room)
    assert hand.seat_map == [0, 1, 2]

    room = crazy_room(bob, seat_count=3, target=1)
    services.start_match(bob, room.code)
    play_hand(room, bob)
    room.refresh_from_db()
    assert room.status == Room.Status.MATCH_OVER
    services.remove_bot(bob, room.code, 2)  # between matches: at once
    assert seats_of(room)[2].is_empty


def test_a_person_takes_a_bots_seat_from_the_next_hand_and_the_seats_score_stays(alice, bob):
    room = crazy_room(alice, seat_count=2, target=10_000)
    services.start_match(alice, room.code)
    services.sit(bob, room.code, 1)  # a reservation: the bot plays this hand out
    seat = seats_of(room)[1]
    assert seat.bot_level and seat.reserved_by == bob
    play_to_hand_over(room, alice)
    seat = seats_of(room)[1]
    assert seat.user == bob and not seat.bot_level and not seat.stand_in
    match, first = current(room)
    seat_total = match.totals["1"]
    assert seat_total == first.result["scores"]["1"]
    services.next_hand(alice, room.code)
    _m, hand = current(room)
    assert hand.seat_map == [0, 1] and seats_of(room)[1].active
    play_to_hand_over(room, {0: alice, 1: bob})
    match, second = current(room)
    assert match.totals["1"] == seat_total + second.result["scores"]["1"]  # the seat's score, now bob's


def test_a_reserved_leavers_seat_goes_to_the_person_at_the_next_hand(alice, bob, charlie):
    room = crazy_room(alice, seat_count=2, target=10_000, people=[(1, bob)])
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    services.sit(charlie, room.code, 1)
    play_to_hand_over(room, alice)
    seat = seats_of(room)[1]
    assert seat.user == charlie and not seat.bot_level and not seat.stand_in


def test_a_person_sitting_between_hands_plays_the_next_hand(alice, bob):
    room = crazy_room(alice, seat_count=2, target=10_000)
    services.start_match(alice, room.code)
    play_to_hand_over(room, alice)
    services.sit(bob, room.code, 1)  # the next hand is the one about to be dealt
    seat = seats_of(room)[1]
    assert seat.user == bob and not seat.bot_level and seat.reserved_by is None
    services.next_hand(alice, room.code)
    _m, hand = current(room)
    assert hand.seat_map == [0, 1] and seats_of(room)[1].active
