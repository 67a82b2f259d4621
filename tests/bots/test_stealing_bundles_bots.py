"""Stealing Bundles bots: legal, deterministic, blind to hidden cards, and normal beats easy."""

import json
import random

import pytest

from bots import registry
from bots.stealing_bundles import BOTS
from games import stealing_bundles as game
from games.cards import deck52
from games.fair import deal_label, shuffle

GAME = "stealing_bundles"


BOOL_OPTIONS = [k for k, v in game.OPTIONS.items() if isinstance(v, bool)]


def positions(count, seed=0, players_choices=(2, 3, 4)):
    """(state, seat) pairs from random play with random house rules, one every few moves."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice(players_choices)
        options = {k: rng.random() < 0.3 for k in BOOL_OPTIONS}
        deck = shuffle(f"{rng.getrandbits(256):064x}", deal_label(1), game.new_deck(options))
        state = game.deal(players, rng.randrange(players), deck, options)
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


def deal_with(hands, centre, piles, options=None):
    order = [1, 0]
    deck = [hands[s][r] for r in range(4) for s in order] + centre
    deck += [c for c in deck52() if c not in deck]
    state = game.from_json(game.to_json(game.deal(2, 0, deck, options or {})))
    for seat, pile in piles.items():
        for c in pile:
            state["stock"].remove(c)
        state["piles"][seat][0] = pile
    return state


def test_normal_takes_the_biggest_pile_before_any_capture():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["9D", "KD", "TD", "JD"]}
    state = deal_with(hands, ["KS", "KH", "QS", "8S"], {0: ["2D", "AS", "AD", "9S"]})
    legal = game.legal_moves(state, 1)
    assert BOTS["normal"].choose(game.view(state, 1), legal, random.Random(0)) == {
        "type": "steal",
        "card": "9D",
        "from": 0,
    }


def test_normal_captures_a_high_value_match_now():
    # "Não passe cartas com combinações de alto valor": the jack takes two jacks now.
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["JD", "6D", "TD", "AD"]}
    state = deal_with(hands, ["JS", "JH", "QS", "8S"], {})
    legal = game.legal_moves(state, 1)
    move = BOTS["normal"].choose(game.view(state, 1), legal, random.Random(0))
    assert move["type"] == "capture" and move["card"] == "JD"


def test_normal_discards_a_rank_whose_copies_are_gone():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["6D", "7D", "TD", "AD"]}
    state = deal_with(hands, ["JS", "JH", "QS", "8S"], {1: ["6H", "6C", "6S", "KC"]})
    legal = game.legal_moves(state, 1)
    memory = {"seen": ["6H", "6C", "6S"]}
    move = BOTS["normal"].choose(game.view(state, 1), legal, random.Random(0), memory)
    assert move == {"type": "discard", "card": "6D"}


def play_match(levels, seed):
    players = len(levels)
    key = f"{seed:064x}"
    state = game.deal(players, seed % players, shuffle(key, deal_label(1), game.new_deck({})), {})
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
