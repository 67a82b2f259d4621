"""The Dica's words in both languages: a count in its singular or plural form, a stolen pile's holder named
as the table names the seat ("Bot 3", not "Bot (difícil)" twice over), and a reason for every kind of hint,
a capture's too."""

from types import SimpleNamespace

import pytest

from bots import hints
from rooms import services
from rooms.hints import words
from tests.rooms.helpers import play_until_human, state_of, turn_seat

pytestmark = pytest.mark.django_db

HARD_BOT = SimpleNamespace(name="", user_id=None, bot_level="hard", stand_in=False)


def test_a_count_of_one_reads_in_the_singular_in_both_languages():
    one = words.in_languages("take_pile", {"count": 1})
    assert one == {
        "pt-br": "Pega a lixeira (1 carta): mais cartas para formar sequências.",
        "en": "Take the discard pile (1 card): more cards to make runs with.",
    }
    many = words.in_languages("take_pile", {"count": 5})
    assert many["pt-br"].startswith("Pega a lixeira (5 cartas)") and many["en"].startswith(
        "Take the discard pile (5 cards)"
    )
    stolen = words.in_languages("steal", {"seat": 1, "count": 1}, HARD_BOT, 2)
    assert stolen["pt-br"] == "Rouba o monte de Bot 3 (1 carta): ela vai para o seu."
    assert stolen["en"] == "Steal Bot 3's pile (1 card): it goes onto yours."


def test_a_capture_says_why():
    """The capture's reason is what the take makes of the seat's pile: its cards with the two of the take."""
    view = {
        "game": "rouba_monte",
        "seat": 0,
        "centre": ["2S", "9H"],
        "hand": ["2D", "KC"],
        "piles": {"0": {"count": 4, "top": "5C"}, "1": {"count": 0, "top": None}},
    }
    move = {"type": "capture", "card": "2D", "target": "2S"}
    reason, params = hints.REASONS["rouba_monte"](view, [move], move, {})
    assert (reason, params) == ("capture", {"card": "2S", "count": 6})
    text = words.in_languages(reason, params)
    assert text["pt-br"] == "Leva 2 de espadas da mesa: o seu monte passa a ter 6 cartas."
    assert text["en"] == "Take the 2 of spades from the table: your pile grows to 6 cards."


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_kind_of_hint_gives_a_reason(language):
    """Every sentence but the plain fallback says why after its move (": ...", "; keep ...", "and keep/go out")."""
    params = {"card": "2S", "keep": "3S", "suit": "H", "count": 3}
    for reason in words.REASON_WORDS:
        if reason == "plain":
            continue
        text = words.in_languages(reason, params, HARD_BOT, 1)[language]
        assert any(mark in text for mark in (": ", "; ", " and ", " e ")), (reason, text)


def test_the_answer_names_a_bots_seat_as_the_table_does(alice, monkeypatch):
    """Two hard bots at the table: the stolen pile's holder is "Bot N" by its seat, in both languages."""
    room = services.create_room(alice, "rouba_monte", "Mesa", rated=False, seat_count=4)
    for index in range(1, 4):
        services.add_bot(alice, room.code, index, "hard")
    services.start_match(alice, room.code)
    play_until_human(room)
    room.refresh_from_db()
    assert turn_seat(room) == 0
    engine, state, hand = state_of(room)
    victim = next(s for s in range(4) if hand.seat_map[s] == 2)  # the engine seat of room seat 2
    legal = engine.legal_moves(state, engine.current_seat(state))

    def suggest(game, view, legal_moves, seed, memory=None):
        return hints.Suggestion(legal_moves[0], "steal", {"seat": victim, "count": 1})

    monkeypatch.setattr(hints, "suggest", suggest)
    answer = services.hint(alice, room.code).answer
    assert answer["move"] == legal[0] or answer["move"] in legal
    assert answer["text"] == {
        "pt-br": "Rouba o monte de Bot 3 (1 carta): ela vai para o seu.",
        "en": "Steal Bot 3's pile (1 card): it goes onto yours.",
    }
