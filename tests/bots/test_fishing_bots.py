"""Rouba Monte and Stealing Bundles bots alike: legal, deterministic, blind to hidden cards,
and normal beats easy. Stealing Bundles positions come with random house rules."""

import importlib
import json
import random

import pytest

from bots import registry
from games.cards import deck52
from games.fair import deal_label, shuffle

GAMES = ("rouba_monte", "stealing_bundles")


def engine_and_bots(name: str):
    return importlib.import_module(f"games.{name}"), importlib.import_module(f"bots.{name}").BOTS


def random_options(game, rng) -> dict:
    return {k: rng.random() < 0.3 for k, v in dict(getattr(game, "OPTIONS", {})).items() if isinstance(v, bool)}


def positions(game, count, seed=0, players_choices=(2, 3, 4)):
    """(state, seat) pairs from random play, one every few moves."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice(players_choices)
        options = random_options(game, rng)
        deck = shuffle(f"{rng.getrandbits(256):064x}", deal_label(1), game.new_deck(options))
        state = game.deal(players, rng.randrange(players), deck, options)
        while not game.is_over(state) and len(out) < count:
            seat = game.current_seat(state)
            if rng.random() < 0.3:
                out.append((state, seat))
            state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return out


def play_match(game, bots, levels, seed):
    """The winners of one match between bots of ``levels`` (one per seat), default rules."""
    players = len(levels)
    state = game.deal(players, seed % players, shuffle(f"{seed:064x}", deal_label(1), game.new_deck({})), {})
    memories = [{} for _ in levels]
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.current_seat(state)
        legal = game.legal_moves(state, seat)
        move = bots[levels[seat]].choose(
            game.view(state, seat), legal, random.Random(rng.getrandbits(32)), memories[seat]
        )
        state = game.apply(state, seat, move)
    return game.result(state)["winners"]


@pytest.mark.parametrize("name", GAMES)
def test_registry_gives_the_three_levels(name):
    _game, bots = engine_and_bots(name)
    for level in ("easy", "normal", "hard"):
        assert registry.get(name, level) is bots[level]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("level", "count"), [("easy", 150), ("normal", 300), ("hard", 25)])
def test_every_level_returns_a_legal_move(name, level, count):
    game, bots = engine_and_bots(name)
    bot = bots[level]
    memory = {}
    for state, seat in positions(game, count, seed=len(level)):
        legal = game.legal_moves(state, seat)
        move = bot.choose(game.view(state, seat), legal, random.Random(1), memory)
        assert move in legal
        assert bot.choose(game.view(state, seat), legal, random.Random(1)) in legal  # without memory
    json.dumps(memory)
    assert all(len(c) == 2 for c in memory["seen"])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_view_and_seed_give_the_same_move(name, level):
    game, bots = engine_and_bots(name)
    bot = bots[level]
    for state, seat in positions(game, 10, seed=5):
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        memory = {"seen": sorted(deck52())[:6]}
        a = bot.choose(view, legal, random.Random(42), json.loads(json.dumps(memory)))
        b = bot.choose(json.loads(json.dumps(view)), list(legal), random.Random(42), json.loads(json.dumps(memory)))
        assert a == b


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_hidden_cards_do_not_change_the_decision(name, level):
    game, bots = engine_and_bots(name)
    bot = bots[level]
    for k, (state, seat) in enumerate(positions(game, 12, seed=9)):
        view = game.view(state, seat)
        other = game.sample_state(view, random.Random(k + 100))
        assert other["hands"] != state["hands"] or other["stock"] != state["stock"] or not state["stock"]
        assert game.view(other, seat) == view
        legal = game.legal_moves(state, seat)
        assert game.legal_moves(other, seat) == legal
        a = bot.choose(game.view(state, seat), legal, random.Random(7), {})
        b = bot.choose(game.view(other, seat), legal, random.Random(7), {})
        assert a == b


@pytest.mark.parametrize("name", GAMES)
def test_normal_beats_easy_more_often_than_not(name):
    game, bots = engine_and_bots(name)
    wins = decided = 0
    for i in range(80):
        levels = ["normal", "easy"] if i % 2 == 0 else ["easy", "normal"]
        winners = play_match(game, bots, levels, 1000 + i)
        if len(winners) == 1:
            decided += 1
            wins += levels[int(winners[0])] == "normal"
    assert wins / decided > 0.55
