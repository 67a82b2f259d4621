"""The hard level's determinized search (bots/search.py) in every game it plays.

Legality, determinism and blindness over random deals are in test_bots_view_only.py;
here: the search plays only in worlds that show the seat exactly its view, its
budget is a count of simulated moves (so the same on any machine), and it
defers to the normal bot when it sees no difference. Its strength is a
benchmark (bench/bots.py), not a test.
"""

import dataclasses
import json
import random

import pytest

from bots import registry as bot_registry
from bots.search import MIN_EVIDENCE, DeterminizedSearch, better_than
from games import fair, registry

GAMES = ("rouba_monte", "stealing_bundles", "crazy_eights")


def positions(game_name: str, count: int, seed: int, players: int = 2):
    """(state, seat) pairs with more than one legal move, from random play of fair deals."""
    game = registry.get(game_name)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        key = f"{rng.getrandbits(256):064x}"
        state = game.deal(players, 0, fair.shuffle(key, fair.deal_label(1), game.new_deck({})), {}, key, 1)
        while not game.is_over(state) and len(out) < count:
            seat = game.current_seat(state)
            legal = game.legal_moves(state, seat)
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((state, seat))
            state = game.apply(state, seat, rng.choice(legal))
    return out


def instrumented(game_name: str, worlds: list, plies: list) -> DeterminizedSearch:
    """The game's hard bot with its sampler and playouts recorded (the real ones, run as they are)."""
    hard = bot_registry.get(game_name, "hard")
    search_game = hard.game

    def sample(view, knowledge, rng):
        world = search_game.sample(view, knowledge, rng)
        worlds.append(world)
        return world

    bot = DeterminizedSearch(
        dataclasses.replace(search_game, sample=sample),
        ply_budget=hard.ply_budget,
        min_samples=hard.min_samples,
        max_samples=hard.max_samples,
        max_plies=hard.max_plies,
    )
    real_playout = bot.playout

    def playout(world, seat, move, rng):
        value, used = real_playout(world, seat, move, rng)
        plies.append(used)
        assert 0.0 <= value <= 1.0
        return value, used

    bot.playout = playout
    return bot


@pytest.mark.parametrize("game_name", GAMES)
def test_every_world_searched_shows_the_seat_exactly_its_view(game_name):
    game = registry.get(game_name)
    for state, seat in positions(game_name, 4, seed=3):
        worlds, plies = [], []
        bot = instrumented(game_name, worlds, plies)
        view = game.view(state, seat)
        move = bot.choose(json.loads(json.dumps(view)), game.legal_moves(state, seat), random.Random(1), {})
        assert move in game.legal_moves(state, seat)
        for world in worlds:
            # The fishing games' playout worlds keep no recent moves (bots.fishing.playout_world).
            shown = dict(view, recent_moves=[]) if "recent" not in world else view
            assert game.view(world, seat) == shown
            # A world is dealt anew each time: the search does not play in the real one.
            assert world is not state
        hands = {json.dumps(w["hands"]) for w in worlds}
        if game.view(state, seat)["stock_count"] > 4:
            assert len(hands) > 1


@pytest.mark.parametrize("game_name", GAMES)
def test_the_budget_is_a_count_of_simulated_moves(game_name):
    game = registry.get(game_name)
    for state, seat in positions(game_name, 4, seed=8):
        worlds, plies = [], []
        bot = instrumented(game_name, worlds, plies)
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        bot.choose(view, legal, random.Random(2), {})
        if not worlds:
            continue  # one distinct candidate: nothing to search
        samples = len(worlds)
        per_sample = len(plies) // samples
        assert len(plies) == samples * per_sample
        assert bot.min_samples <= samples <= bot.max_samples
        # Sampling stops as soon as the budget is spent (or the sample cap is reached).
        if samples > bot.min_samples:
            assert sum(plies[:-per_sample]) < bot.ply_budget
            assert samples == bot.max_samples or sum(plies) >= bot.ply_budget
        assert all(1 <= p <= bot.max_plies for p in plies)


@pytest.mark.parametrize("game_name", GAMES)
def test_without_a_difference_to_see_the_normal_choice_stands(game_name):
    """A search whose every playout scores the same plays what its own policy plays.

    That policy is Crazy Eights' normal bot, and the fishing games' card-counting tips (their
    normal level plays a simpler game, bots/fishing.py).
    """
    game = registry.get(game_name)
    hard = bot_registry.get(game_name, "hard")
    flat = DeterminizedSearch(
        dataclasses.replace(hard.game, value=lambda state, seat: 0.5), ply_budget=50, min_samples=2
    )
    normal = hard.game.policy
    for state, seat in positions(game_name, 12, seed=4):
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        rng = random.Random(9)
        # The search draws the normal bot's random stream first, from its own.
        expected = normal.choose(view, legal, random.Random(random.Random(9).getrandbits(64)))
        chosen = flat.choose(view, legal, rng, None)
        assert hard.game.same(chosen, expected)


def test_another_move_replaces_the_normal_choice_only_when_it_wins_on_the_same_worlds():
    base = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    # Better on average, but only through the luck of two worlds: not enough.
    lucky = [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    assert better_than([base, lucky], 0) == 0
    # Better on every world where it differs: played.
    steady = [0.25, 1.0, 0.25, 1.0, 0.25, 1.0, 0.25, 1.0]
    assert better_than([base, lucky, steady], 0) == 2
    # The same as the normal choice everywhere: the normal choice stands.
    assert better_than([list(base), base], 1) == 1
    # Too few worlds to judge the spread: the normal choice stands, however clear it looks.
    assert better_than([base[: MIN_EVIDENCE - 1], steady[: MIN_EVIDENCE - 1]], 0) == 0
