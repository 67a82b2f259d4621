"""The "Dica" through the services: casual rooms only, the asker's own decision, a few a hand, recorded."""

import random

import pytest

from rooms import services
from rooms.errors import RoomError
from rooms.hints.models import Hint
from rooms.models import Room
from tests.rooms.helpers import play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db

SEATS = {"rouba_monte": 4, "stealing_bundles": 2, "crazy_eights": 2, "buraco": 4}


def casual_with_bots(host, game="rouba_monte", rated=False, level="easy") -> Room:
    room = services.create_room(host, game, "Mesa", rated=rated, seat_count=SEATS[game])
    for index in range(1, SEATS[game]):
        services.add_bot(host, room.code, index, level)
    services.start_match(host, room.code)
    play_until_human(room)
    room.refresh_from_db()
    assert turn_seat(room) == 0
    return room


def refused(code: str, call, *args) -> RoomError:
    with pytest.raises(RoomError) as caught:
        call(*args)
    assert caught.value.code == code
    return caught.value


def test_a_rated_room_refuses_the_hint_and_records_nothing(alice):
    room = casual_with_bots(alice, rated=True)
    error = refused("hint_rated", services.hint, alice, room.code)
    assert "rated" in error.message
    room.refresh_from_db()
    assert not Hint.objects.exists() and not any(e["code"] == "hint_asked" for e in room.events)


def test_out_of_turn_and_spectators_are_refused(alice, bob, charlie):
    room = services.create_room(alice, "crazy_eights", "Mesa", rated=False, seat_count=2)
    services.sit(bob, room.code, 1)
    services.start_match(alice, room.code)
    waiting = bob if turn_seat(room) == 0 else alice
    refused("hint_not_your_turn", services.hint, waiting, room.code)
    refused("not_playing_here", services.hint, charlie, room.code)
    assert not Hint.objects.exists()


def test_a_seat_gets_three_hints_a_hand_and_the_fourth_is_refused(alice, settings):
    assert settings.HINTS_PER_HAND == 3
    room = casual_with_bots(alice)
    answers = [services.hint(alice, room.code).answer for _ in range(3)]
    assert [a["left"] for a in answers] == [2, 1, 0]
    # The same position gives the same hint: asking again cannot fish for another answer.
    assert answers[0]["move"] == answers[1]["move"] == answers[2]["move"]
    error = refused("hint_limit", services.hint, alice, room.code)
    assert error.params == {"limit": 3} and error.message == "You have used all of this hand's hints."
    assert Hint.objects.count() == 3


def test_the_hint_is_recorded_and_the_others_read_only_that_it_was_asked(alice):
    room = casual_with_bots(alice)
    _engine, _state, hand = state_of(room)
    answer = services.hint(alice, room.code).answer
    record = Hint.objects.get()
    assert (record.hand_id, record.seat, record.engine_seat, record.user) == (hand.id, 0, 0, alice)
    assert record.after_move == len(hand.moves) and record.move == answer["move"]
    assert record.reason == answer["reason"] and record.level == "hard"
    room.refresh_from_db()
    event = room.events[-1]
    assert event["code"] == "hint_asked" and event["params"] == {"by": {"name": alice.shown_name}, "seat": 0}
    assert event["text"]["pt-br"] == f"{alice.shown_name} pediu uma dica."
    # The event names the asker and nothing of the move.
    assert "move" not in str(event) and answer["move"].get("card", "??") not in str(event)


def test_the_snapshot_says_how_many_hints_are_left_and_none_in_rated_rooms(alice, charlie, make_user):
    from rooms.live import broadcast

    room = casual_with_bots(alice)
    assert broadcast.room_snapshots(room.id, alice.id)[alice.id]["you"]["hints_left"] == 3
    # A spectator is offered none.
    assert broadcast.room_snapshots(room.id, charlie.id)[charlie.id]["you"]["hints_left"] is None
    services.hint(alice, room.code)
    assert broadcast.room_snapshots(room.id, alice.id)[alice.id]["you"]["hints_left"] == 2
    rated = casual_with_bots(make_user("dora"), rated=True)
    host = rated.host
    assert broadcast.room_snapshots(rated.id, host.id)[host.id]["you"]["hints_left"] is None


def test_the_count_is_per_hand(alice):
    room = casual_with_bots(alice, "crazy_eights")
    for _ in range(3):
        services.hint(alice, room.code)
    refused("hint_limit", services.hint, alice, room.code)
    engine, state, hand = state_of(room)
    # A new hand: the hand's own counter starts again.
    from rooms.hints.models import hints_left

    hand.hints = {}
    assert hints_left(hand, 0) == 3


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_suggested_move_is_legal_and_plays(alice, game):
    room = casual_with_bots(alice, game)
    engine, state, _hand = state_of(room)
    answer = services.hint(alice, room.code).answer
    assert answer["move"] in engine.legal_moves(state, engine.current_seat(state))
    assert answer["text"]["pt-br"] and answer["text"]["en"] and answer["text"]["pt-br"] != answer["text"]["en"]
    assert answer["marks"]
    room.refresh_from_db()
    services.move(alice, room.code, room.state_version, answer["move"])  # the room takes it


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_state_whose_hidden_cards_are_replaced_gives_the_same_hint(alice, game, settings):
    """Poisoned view: the other hands and the stock dealt anew (the asker's view unchanged), same hint."""
    settings.HINTS_PER_HAND = 2
    room = casual_with_bots(alice, game)
    engine, state, hand = state_of(room)
    first = services.hint(alice, room.code).answer
    view = engine.view(state, 0)
    other = engine.sample_state(view, random.Random(7))
    assert engine.view(other, 0) == view and other != state
    hand.state = engine.to_json(other)
    hand.save(update_fields=["state"])
    second = services.hint(alice, room.code).answer
    assert (second["move"], second["reason"], second["text"]) == (first["move"], first["reason"], first["text"])


def test_a_move_while_the_hint_was_worked_out_counts_nothing(alice, monkeypatch):
    from bots import hints

    room = casual_with_bots(alice)
    real = hints.suggest

    def and_meanwhile(*args):
        suggestion = real(*args)
        room.refresh_from_db()
        services.move(alice, room.code, room.state_version, suggestion.move)
        return suggestion

    monkeypatch.setattr(hints, "suggest", and_meanwhile)
    refused("hint_stale", services.hint, alice, room.code)
    assert not Hint.objects.exists()


def test_a_refused_hint_costs_no_thinking(alice, monkeypatch):
    """A flood of requests past the limit, or in a rated room, is refused under the lock before the bot runs."""
    from bots import hints

    room = casual_with_bots(alice)
    for _ in range(3):
        services.hint(alice, room.code)

    def never(*args):
        raise AssertionError("the bot was asked to think for a refused hint")

    monkeypatch.setattr(hints, "suggest", never)
    for _ in range(20):
        refused("hint_limit", services.hint, alice, room.code)
    rated = casual_with_bots(alice, rated=True)
    refused("hint_rated", services.hint, alice, rated.code)
    assert Hint.objects.count() == 3
