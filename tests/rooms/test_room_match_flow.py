"""A whole room life through the service layer: create, seat, bots, play, score."""

import pytest

from rooms import services
from rooms.errors import RoomError
from rooms.models import Match, PlayerStat, Room
from tests.rooms.helpers import current, human_auto_move, play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_creator_hosts_and_sits_at_seat_zero(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa 1")
    assert room.host == alice
    seats = list(room.seats.order_by("index"))
    assert [s.user for s in seats] == [alice, None, None, None]
    assert room.status == Room.Status.WAITING


def test_it_rejects_an_unknown_game_and_bad_names(alice):
    with pytest.raises(RoomError) as exc:
        services.create_room(alice, "poker", "x")
    assert exc.value.code == "bad_game"
    with pytest.raises(RoomError) as exc:
        services.create_room(alice, "rouba_monte", "x" * 61)
    assert exc.value.code == "bad_name"


def test_it_rejects_a_time_limit_outside_10_to_120(alice):
    for bad in (5, 121, "soon"):
        with pytest.raises(RoomError) as exc:
            services.create_room(alice, "rouba_monte", "Mesa", time_limit=bad)
        assert exc.value.code == "bad_time_limit"
    assert services.create_room(alice, "rouba_monte", "Mesa", time_limit=10).time_limit == 10
    assert services.create_room(alice, "rouba_monte", "Mesa", time_limit=None).time_limit is None


def test_crazy_eights_defaults_to_twenty_seconds(alice):
    room = services.create_room(alice, "crazy_eights", "Oitos")
    assert room.time_limit == 20


def test_unknown_options_are_refused(alice):
    with pytest.raises(RoomError) as exc:
        services.create_room(alice, "rouba_monte", "Mesa", options={"turbo": True})
    assert exc.value.code == "bad_options"


def test_it_rejects_non_host_doing_host_things(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    for action in (
        lambda: services.add_bot(bob, room.code, 2, "easy"),
        lambda: services.start_match(bob, room.code),
        lambda: services.pause(bob, room.code),
        lambda: services.set_options(bob, room.code, time_limit=30),
    ):
        with pytest.raises(RoomError) as exc:
            action()
        assert exc.value.code == "not_host"
    room.refresh_from_db()
    assert room.status == Room.Status.WAITING


def test_up_to_three_bots(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.leave(alice, room.code)
    with pytest.raises(RoomError) as exc:
        services.add_bot(alice, room.code, 0, "easy")
    assert exc.value.code in ("too_many_bots", "not_host")


def test_at_least_one_person_to_start(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    with pytest.raises(RoomError) as exc:
        services.start_match(alice, room.code)
    assert exc.value.code == "need_players"
    services.add_bot(alice, room.code, 1, "easy")
    services.start_match(alice, room.code)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING


def test_one_person_and_three_bots_play_a_whole_match(alice):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "normal")
    services.start_match(alice, room.code)
    match, hand = current(room)
    assert match.fingerprint and match.seed
    for _ in range(200):
        play_until_human(room)
        room.refresh_from_db()
        if room.status != Room.Status.PLAYING:
            break
        assert turn_seat(room) == 0
        human_auto_move(room, alice)
    room.refresh_from_db()
    match, hand = current(room)
    assert room.status == Room.Status.MATCH_OVER
    assert match.status == Match.Status.OVER
    assert hand.result is not None and set(hand.result["scores"]) == {"0", "1", "2", "3"}
    assert sum(hand.result["scores"].values()) <= 52
    assert match.winners
    stat = PlayerStat.objects.get(user=alice, game="rouba_monte")
    assert stat.played == 1
    assert stat.won == (1 if "0" in match.winners else 0)


def test_a_move_out_of_turn_is_refused_and_changes_nothing(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    waiting = bob if turn_seat(room) == 0 else alice
    waiting_engine_seat = 1 if waiting == bob else 0
    card = state["hands"][waiting_engine_seat][0]
    before = (room.state_version, hand.state)
    with pytest.raises(RoomError) as exc:
        services.move(waiting, room.code, room.state_version, {"type": "discard", "card": card})
    assert exc.value.code == "not_your_turn"
    room.refresh_from_db()
    _m, hand = current(room)
    assert (room.state_version, hand.state) == before


def test_a_stale_version_is_refused(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    engine, state, hand = state_of(room)
    mover = alice if turn_seat(room) == 0 else bob
    move = engine.auto_move(state, engine.current_seat(state))
    with pytest.raises(RoomError) as exc:
        services.move(mover, room.code, room.state_version - 1, move)
    assert exc.value.code == "stale"
    services.move(mover, room.code, room.state_version, move)
    with pytest.raises(RoomError) as exc:  # the same move sent twice
        services.move(mover, room.code, room.state_version - 1, move)
    assert exc.value.code == "stale"


def test_an_illegal_move_says_why(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    mover = alice if turn_seat(room) == 0 else bob
    with pytest.raises(RoomError) as exc:
        services.move(mover, room.code, room.state_version, {"type": "discard", "card": "ZZ"})
    assert exc.value.code in ("card_not_in_hand", "bad_move")
    assert exc.value.message


def test_a_spectator_cannot_move(alice, bob, charlie):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    with pytest.raises(RoomError) as exc:
        services.move(charlie, room.code, room.state_version, {"type": "discard", "card": "AS"})
    assert exc.value.code == "not_playing_here"


def test_the_dealer_moves_on_with_each_new_match(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    room.refresh_from_db()
    first = room.dealer
    services.start_match(alice, room.code)  # the host may restart whenever they like
    room.refresh_from_db()
    assert room.dealer == (1 - first)
    first_match = room.matches.get(number=1)
    assert first_match.status == Match.Status.ABANDONED
    match, hand = current(room)
    assert match.number == 2 and match.totals == {}


def test_next_match_fingerprint_is_committed_before_it_starts(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    services.sit(bob, room.code, 1)
    announced = room.next_fingerprint
    services.start_match(alice, room.code)
    match, _hand = current(room)
    assert match.fingerprint == announced
    assert match.next_fingerprint == room.next_fingerprint != announced


def test_history_keeps_the_last_twenty_hands(alice, settings):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    for index in (1, 2, 3):
        services.add_bot(alice, room.code, index, "easy")
    services.leave(alice, room.code)  # only bots would play: not allowed to start without a person
    services.sit(alice, room.code, 0)
    room.refresh_from_db()
    room.host = alice
    room.save()
    for _ in range(22):
        services.start_match(alice, room.code)
        for _ in range(200):
            play_until_human(room)
            room.refresh_from_db()
            if room.status != Room.Status.PLAYING:
                break
            human_auto_move(room, alice)
    assert room.hands.count() == 20
    assert room.matches.count() == 22
