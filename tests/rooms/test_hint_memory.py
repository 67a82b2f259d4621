"""The hint's memory in a room: the seat's own earlier screens, replayed from the hand's record."""

import pytest

from bots.fishing import visible_cards
from rooms import services
from rooms.hints import memory as hint_memory
from rooms.hints.models import Hint
from tests.rooms.helpers import play_until_human, state_of, turn_seat
from tests.rooms.test_hint_service import casual_with_bots

pytestmark = pytest.mark.django_db


def play_my_turns(room, user, turns: int) -> list[tuple[dict, dict]]:
    """``user`` (room seat 0) makes the automatic move ``turns`` times: (the view shown, the move) each time."""
    shown = []
    for _ in range(turns):
        room.refresh_from_db()
        assert turn_seat(room) == 0
        engine, state, hand = state_of(room)
        seat = engine.current_seat(state)
        view, move = engine.view(state, seat), engine.auto_move(state, seat)
        services.move(user, room.code, room.state_version, move)
        shown.append((view, move))
        play_until_human(room)
    room.refresh_from_db()
    return shown


@pytest.fixture(autouse=True)
def _bots_at_once(settings):
    settings.BOT_DELAY_SECONDS = 0


def test_the_seats_decisions_are_the_views_it_was_shown_and_the_moves_it_made(alice):
    room = casual_with_bots(alice, "rouba_monte")
    shown = play_my_turns(room, alice, 5)
    engine, state, hand = state_of(room)
    engine_seat = list(hand.seat_map).index(0)
    replayed = hint_memory.decisions(hand, engine_seat)
    assert replayed == shown

    memory = hint_memory.remembered(hand, engine_seat, alice)
    # Only what the seat's own screens showed (the table then, and the moves watched since its
    # last turn), and more than its screen shows now: the buried cards.
    shown_cards = set()
    for view, _move in shown:
        shown_cards |= visible_cards(view)
        for entry in view["recent_moves"]:
            move = entry["move"]
            shown_cards |= {move.get("card"), *move.get("taken", ()), *entry["centre"]}
            shown_cards |= {c for tops in entry["tops"].values() for c in tops}
    assert set(memory["seen"]) <= shown_cards | visible_cards(engine.view(state, engine_seat))
    assert set(memory["seen"]) - visible_cards(engine.view(state, engine_seat))


def test_a_hint_after_some_turns_is_answered_and_recorded(alice):
    room = casual_with_bots(alice, "crazy_eights")
    play_my_turns(room, alice, 3)
    answer = services.hint(alice, room.code).answer
    assert Hint.objects.get().move == answer["move"]


def test_a_record_that_cannot_be_walked_gives_an_empty_memory(alice):
    room = casual_with_bots(alice, "rouba_monte")
    play_my_turns(room, alice, 2)
    _engine, _state, hand = state_of(room)
    hand.moves = [*hand.moves[:1], {"seat": 0, "move": {"type": "steal", "card": "ZZ"}}, *hand.moves[1:]]
    assert hint_memory.remembered(hand, list(hand.seat_map).index(0), alice) == {}
