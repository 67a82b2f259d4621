"""Every bot of every game, over random deals (hypothesis): legal, the same for one seed, and blind.

Blind means two things: the hidden cards can be dealt anew (``sample_state``
gives another world with the same view) without changing the choice, and the
names of the hidden parts of a state, slipped into the view as poison that
raises when read, are never touched.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots import registry as bot_registry
from games import fair, registry

TABLES = (
    ("rouba_monte", 2),
    ("rouba_monte", 4),
    ("stealing_bundles", 3),
    ("crazy_eights", 2),
    ("crazy_eights", 4),
    ("buraco", 4),
)
HIDDEN = ("hands", "stock", "mortos", "deck", "state")


class Poison:
    """A value no bot may read: any look at it fails the test."""

    def _refuse(self, *args, **kwargs):
        raise AssertionError("a bot read a hidden part of the state")

    __getitem__ = __iter__ = __len__ = __bool__ = __eq__ = __contains__ = __getattr__ = _refuse
    __hash__ = None


def position(game_name: str, players: int, seed: int, steps: int):
    """The state after ``steps`` random legal moves of a fairly shuffled deal (fewer if the hand ends)."""
    game = registry.get(game_name)
    key = f"{seed:064x}"
    deck = fair.shuffle(key, fair.deal_label(1), game.new_deck({}))
    state = game.deal(players=players, dealer=seed % players, deck=deck, options={}, seed=key, hand=1)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.current_seat(state)
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return game, state


@pytest.mark.parametrize("game_name,players", TABLES)
@pytest.mark.parametrize("level", bot_registry.LEVELS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), choice_seed=st.integers(0, 2**16))
def test_every_bot_is_legal_deterministic_and_blind(game_name, players, level, seed, steps, choice_seed):
    game, state = position(game_name, players, seed, steps)
    if game.is_over(state):
        return
    seat = game.current_seat(state)
    view = game.view(state, seat)
    # One order of the moves for every call: the engine's order may follow where hidden cards lie.
    legal = sorted(game.legal_moves(state, seat), key=json.dumps)
    bot = bot_registry.get(game_name, level)
    move = bot.choose(game.view(state, seat), list(legal), random.Random(choice_seed), {})
    assert move in legal
    assert bot.choose(game.view(state, seat), list(legal), random.Random(choice_seed), {}) == move
    # The hidden cards dealt anew, consistently with the view: the same view, the same choice.
    other = game.sample_state(view, random.Random(seed + 1))
    assert game.view(other, seat) == view
    again = bot.choose(
        game.view(other, seat), sorted(game.legal_moves(other, seat), key=json.dumps), random.Random(choice_seed), {}
    )
    assert again == move
    # The hidden parts' names, poisoned, in the view: never read.
    poisoned = {**game.view(state, seat), **{name: Poison() for name in HIDDEN if name not in view}}
    assert bot.choose(poisoned, list(legal), random.Random(choice_seed), {}) == move
