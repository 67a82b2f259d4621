"""Why a hand ended, in words, and the morto credited to the person who took it, not a later stand-in."""

from types import SimpleNamespace

import pytest
from django.utils import translation

from rooms.records import hand_replay
from rooms.records.hand_end import why_it_ended


@pytest.mark.parametrize(
    ("game", "result", "words"),
    [
        ("buraco", {"end": "batida", "scores": {"0": 500}}, "Batida: uma dupla bateu com canastra."),
        ("buraco", {"end": "stock", "scores": {"0": 5}}, "O monte acabou."),
        ("buraco", {"end": "limit", "scores": {"0": 5}}, "O limite de rodadas foi atingido"),
        ("crazy_eights", {"breakdown": {"end": "out", "reason": None}}, "Um jogador bateu"),
        ("crazy_eights", {"breakdown": {"end": "blocked", "reason": "runouts"}}, "o monte acabou vezes demais"),
        ("crazy_eights", {"breakdown": {"end": "blocked", "reason": "passes"}}, "todos passaram a vez"),
        ("rouba_monte", {"scores": {"0": 30}, "abandoned": True}, "Abandonada"),
        ("stealing_bundles", {"scores": {"0": 30}, "abandoned": False}, "todas as cartas foram jogadas"),
        ("buraco", {}, "Terminou sem resultado"),
        ("buraco", "not a dict", "Terminou sem resultado"),  # a stored value that is not a result breaks nothing
    ],
)
def test_every_way_a_hand_ends_is_said_in_words(game, result, words):
    with translation.override("pt-br"):
        assert words in why_it_ended(game, result, True)


def test_a_hand_being_played_has_no_ending_yet():
    assert why_it_ended("buraco", {"end": "stock"}, False) == ""


def row(name, engine_seat, from_move, until_move=None, stand_in=False, bot_level=""):
    return SimpleNamespace(
        name=name,
        engine_seat=engine_seat,
        from_move=from_move,
        until_move=until_move,
        stand_in=stand_in,
        bot_level=bot_level,
        user_id=None if bot_level else 7,
    )


def test_the_morto_stays_credited_to_the_person_who_took_it_after_they_left():
    rows = [
        row("Bruno", 1, 0, until_move=80),
        row("", 1, 80, stand_in=True, bot_level="normal"),
    ]
    takers: dict = {}
    before = {"morto_taken": {"0": False, "1": False}, "morto_seat": {}, "mortos": {"0": ["AS"], "1": ["2H"]}}
    taken = {"morto_taken": {"0": False, "1": True}, "morto_seat": {"1": 1}, "mortos": {"0": ["AS"], "1": []}}
    hand_replay._note_takers(before, rows, 70, takers)
    assert takers == {}
    hand_replay._note_takers(taken, rows, 74, takers)  # Bruno takes it at move 75
    hand_replay._note_takers(taken, rows, 90, takers)  # later steps: the stand-in holds the seat
    assert takers == {"1": "Bruno"}
    shown = hand_replay._mortos_at(taken, takers)
    assert [(m["team"], m["taken"], m["by"]) for m in shown] == [(1, False, ""), (2, True, "Bruno")]
