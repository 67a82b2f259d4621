"""Rouba Monte bots: legal, deterministic, blind to hidden cards, and normal beats easy."""

import json
import random

import pytest

from bots import registry
from bots.rouba_monte import BOTS
from games import rouba_monte as game
from games.cards import deck52
from games.fair import deal_label, shuffle

GAME = "rouba_monte"


def positions(count, seed=0, players_choices=(2, 3, 4)):
    """(state, seat) pairs from random play, one every few moves."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice(players_choices)
        deck = shuffle(f"{rng.getrandbits(256):064x}", deal_label(1), game.new_deck({}))
        state = game.deal(players, rng.randrange(players), deck)
        while not game.is_over(state) and len(out) < count:
            seat = game.current_seat(state)
            if rng.random() < 0.3:
                out.append((state, seat))
            state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return out


def test_registry_gives_the_three_levels():
    for level in ("easy", "normal", "hard"):
        assert registry.get(GAME, level) is BOTS[level]


@pytest.mark.parametrize("level, count", [("easy", 150), ("normal", 300), ("hard", 25)])
def test_every_level_returns_a_legal_move(level, count):
    bot = BOTS[level]
    memory = {}
    for state, seat in positions(count, seed=len(level)):
        legal = game.legal_moves(state, seat)
        move = bot.choose(game.view(state, seat), legal, random.Random(1), memory)
        assert move in legal
        assert bot.choose(game.view(state, seat), legal, random.Random(1)) in legal  # without memory
    json.dumps(memory)
    assert all(len(c) == 2 for c in memory["seen"])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_view_and_seed_give_the_same_move(level):
    bot = BOTS[level]
    for state, seat in positions(10, seed=5):
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        memory = {"seen": sorted(deck52())[:6]}
        a = bot.choose(view, legal, random.Random(42), json.loads(json.dumps(memory)))
        b = bot.choose(json.loads(json.dumps(view)), list(legal), random.Random(42), json.loads(json.dumps(memory)))
        assert a == b


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_hidden_cards_do_not_change_the_decision(level):
    bot = BOTS[level]
    for k, (state, seat) in enumerate(positions(12, seed=9)):
        view = game.view(state, seat)
        other = game.sample_state(view, random.Random(k + 100))
        assert other["hands"] != state["hands"] or other["stock"] != state["stock"] or not state["stock"]
        assert game.view(other, seat) == view
        legal = game.legal_moves(state, seat)
        assert game.legal_moves(other, seat) == legal
        a = bot.choose(game.view(state, seat), legal, random.Random(7), {})
        b = bot.choose(game.view(other, seat), legal, random.Random(7), {})
        assert a == b


def test_normal_takes_the_biggest_pile():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["9D", "3D", "TD", "JD"], 2: ["6H", "7H", "8H", "AH"]}
    order = [1, 2, 0]
    deck = [hands[s][r] for r in range(4) for s in order] + ["3S", "KH", "QS", "KS"]
    deck += [c for c in deck52() if c not in deck]
    state = game.from_json(game.to_json(game.deal(3, 0, deck)))
    for seat, pile in ((0, ["2D", "AS", "AD", "9S"]), (2, ["9H"])):
        for c in pile:
            state["stock"].remove(c)
        state["piles"][seat][0] = pile
    legal = game.legal_moves(state, 1)
    move = BOTS["normal"].choose(game.view(state, 1), legal, random.Random(0))
    assert move == {"type": "steal", "card": "9D", "from": 0}


def test_normal_ends_with_a_top_whose_rank_is_gone():
    # Two captures open: with the king the top stays a king of which one copy is unseen;
    # all other sevens are known gone (memory), so capturing with the seven leaves a safe top.
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["7D", "KD", "TD", "JD"]}
    deck = [hands[s][r] for r in range(4) for s in (1, 0)] + ["7S", "KS", "QS", "8S"]
    deck += [c for c in deck52() if c not in deck]
    state = game.from_json(game.to_json(game.deal(2, 0, deck)))
    for c in ("7H", "7C", "6C"):
        state["stock"].remove(c)
    state["piles"][1][0] = ["7H", "7C", "6C"]
    legal = game.legal_moves(state, 1)
    memory = {"seen": ["7H", "7C"]}
    move = BOTS["normal"].choose(game.view(state, 1), legal, random.Random(0), memory)
    assert move == {"type": "capture", "card": "7D", "target": "7S"}


def play_match(levels, seed):
    players = len(levels)
    key = f"{seed:064x}"
    state = game.deal(players, seed % players, shuffle(key, deal_label(1), game.new_deck({})))
    memories = [{} for _ in levels]
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.current_seat(state)
        legal = game.legal_moves(state, seat)
        move = BOTS[levels[seat]].choose(
            game.view(state, seat), legal, random.Random(rng.getrandbits(32)), memories[seat]
        )
        state = game.apply(state, seat, move)
    return game.result(state)["winners"]


def test_normal_beats_easy_more_often_than_not():
    wins = decided = 0
    for i in range(80):
        levels = ["normal", "easy"] if i % 2 == 0 else ["easy", "normal"]
        winners = play_match(levels, 1000 + i)
        if len(winners) == 1:
            decided += 1
            wins += levels[int(winners[0])] == "normal"
    assert wins / decided > 0.55
