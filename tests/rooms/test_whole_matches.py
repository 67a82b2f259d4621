"""Whole matches of every game through the service layer: one person plus bots."""

import pytest

from rooms import room_cache, services
from rooms.models import Match, Room
from tests.rooms.helpers import current, play_hand, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = {
    "rouba_monte": {},
    "stealing_bundles": {},
    "crazy_eights": {},
    "buraco": {"target": 1500},
}


def play_match(room: Room, person, max_hands: int = 60) -> None:
    for _ in range(max_hands):
        play_hand(room, person)
        room.refresh_from_db()
        if room.status == Room.Status.MATCH_OVER:
            return
        assert room.status == Room.Status.HAND_OVER
        services.next_hand(person, room.code)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", list(GAMES))
def test_one_person_and_bots_finish_a_match(game, alice):
    room = services.create_room(alice, game, "Mesa", options=GAMES[game], time_limit=None)
    for index in range(1, room.seat_count):
        services.add_bot(alice, room.code, index, "normal" if game == "buraco" else "easy")
    services.start_match(alice, room.code)
    play_match(room, alice)
    match, hand = current(room)
    assert match.status == Match.Status.OVER
    assert match.winners
    assert match.totals
    assert room.hands.filter(result__isnull=False).exists()
    if game in ("crazy_eights", "buraco"):
        assert max(match.totals.values()) >= (100 if game == "crazy_eights" else 1500)


def test_crazy_eights_dealer_moves_each_hand(alice):
    room = services.create_room(alice, "crazy_eights", "Oitos", time_limit=None)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    dealers = []
    for _ in range(3):
        room.refresh_from_db()
        dealers.append(room.dealer)
        play_hand(room, alice)
        room.refresh_from_db()
        if room.status == Room.Status.HAND_OVER:
            services.next_hand(alice, room.code)
        else:  # someone reached 100 in one hand: the next match's first deal rotates too
            services.start_match(alice, room.code)
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))


def test_buraco_needs_all_four_seats(alice):
    room = services.create_room(alice, "buraco", "Buraco", options={"target": 3000})
    services.add_bot(alice, room.code, 1, "easy")
    services.add_bot(alice, room.code, 2, "easy")
    with pytest.raises(services.RoomError) as exc:
        services.start_match(alice, room.code)
    assert exc.value.code == "seats_empty"
    services.add_bot(alice, room.code, 3, "easy")
    services.start_match(alice, room.code)
    match, hand = current(room)
    assert hand.seat_map == [0, 1, 2, 3]
    assert match.options["target"] == 3000


def test_buraco_target_must_be_one_of_the_three(alice):
    with pytest.raises(services.RoomError) as exc:
        services.create_room(alice, "buraco", "Buraco", options={"target": 2000})
    assert exc.value.code == "bad_options"


def test_buraco_person_leaving_mid_hand_is_replaced_by_a_bot_until_the_result(alice, bob):
    room = services.create_room(alice, "buraco", "Buraco", options={"target": 1500})
    services.sit(bob, room.code, 2)
    services.add_bot(alice, room.code, 1, "easy")
    services.add_bot(alice, room.code, 3, "easy")
    services.start_match(alice, room.code)
    services.leave(bob, room.code)
    seat = room.seats.get(index=2)
    assert seat.bot_level and seat.stand_in and seat.user is None
    _match, hand = current(room)
    assert hand.seat_map == [0, 1, 2, 3]  # the partnership and the melds stay
    play_hand(room, alice)
    seat = room.seats.get(index=2)
    assert seat.is_empty  # the stand-in is removed when the hand ends


def test_buraco_a_seat_reserved_mid_hand_is_taken_after_the_result(alice, bob):
    room = services.create_room(alice, "buraco", "Buraco", options={"target": 1500})
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.start_match(alice, room.code)
    services.sit(bob, room.code, 2)
    seat = room.seats.get(index=2)
    assert seat.bot_level == "easy" and seat.reserved_by == bob
    play_hand(room, alice)
    seat = room.seats.get(index=2)
    assert seat.user == bob and not seat.bot_level
    match, _hand = current(room)
    if room.status == Room.Status.HAND_OVER:
        services.next_hand(alice, room.code)
        _match, hand = current(room)
        assert 2 in hand.seat_map and turn_seat(room) is not None


def test_buraco_removing_an_active_bot_waits_for_the_hand_result(alice):
    room = services.create_room(alice, "buraco", "Buraco", options={"target": 1500})
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.start_match(alice, room.code)
    services.remove_bot(alice, room.code, 3)
    assert room.seats.get(index=3).bot_level
    play_hand(room, alice)
    assert room.seats.get(index=3).is_empty


def test_buraco_play_again_only_once_a_team_has_won(alice):
    room = services.create_room(alice, "buraco", "Buraco", options={"target": 1500})
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.start_match(alice, room.code)
    with pytest.raises(services.RoomError) as exc:
        services.start_match(alice, room.code)
    assert exc.value.code == "match_in_progress"


def test_stealing_bundles_plays_several_games_and_keeps_totals(alice):
    room = services.create_room(
        alice, "stealing_bundles", "SB", options={"match_games": 3, "match_scoring": "cards"}, time_limit=None
    )
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    play_match(room, alice)
    match, _hand = current(room)
    assert match.totals["games"] == 3
    assert match.hands.count() == 3
    hands = list(match.hands.order_by("number"))
    assert match.totals["0"] == sum(h.result["scores"]["0"] for h in hands)


def test_stealing_bundles_tie_break_round_among_the_tied(alice):
    room = services.create_room(alice, "stealing_bundles", "SB", options={"tiebreak": True}, time_limit=None)
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    # Force a tie: finish the game, then make the scores equal before deciding.
    match, hand = current(room)
    from games import registry

    engine = registry.get("stealing_bundles")
    status = engine.match_status({"0": 1, "1": 1, "games": 1}, {"tiebreak": True})
    assert status["over"] is False and status["tiebreak_seats"] == [0, 1]
    match.totals = {"0": 0, "1": 0, "games": 0}
    match.save()
    room.status = Room.Status.HAND_OVER
    room.save()
    hand.result = {"scores": {"0": 5, "1": 5}, "winners": ["0", "1"], "tiebreak_needed": ["0", "1"]}
    hand.ended_at = hand.started_at
    hand.save()
    room_cache.stale([room.id])  # rows written outside a unit of work: the rule for any such writer
    services.next_hand(alice, room.code)
    _match, tie_hand = current(room)
    assert tie_hand.options["tiebreak_round"] is True and tie_hand.options["tiebreak_seats"] == [0, 1]
    state = engine.from_json(tie_hand.state)
    assert all(len(h) == 4 for h in state["hands"]) and len(state["centre"]) == 4
