"""The hint's move and reason: legal in every game, the same for the same view, blind to hidden cards."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots import hints
from rooms.hints.words import REASON_WORDS
from tests.bots.test_bots_view_only import position

TABLES = (("rouba_monte", 4), ("stealing_bundles", 3), ("crazy_eights", 2), ("buraco", 4))


@pytest.mark.parametrize("game_name,players", TABLES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_the_hint_is_legal_worded_and_blind_to_hidden_cards(game_name, players, seed, steps):
    game, state = position(game_name, players, seed, steps)
    if game.is_over(state):
        return
    seat = game.current_seat(state)
    view = game.view(state, seat)
    legal = game.legal_moves(state, seat)
    kept = json.dumps(view, sort_keys=True)
    hint = hints.suggest(game_name, view, legal, "s")
    assert hint.move in legal and hint.reason in REASON_WORDS
    assert json.dumps(view, sort_keys=True) == kept  # the caller's view is left as it was
    # The hidden cards (other hands, the stock, the mortos) dealt anew: the same view, the same hint.
    other = game.sample_state(view, random.Random(seed + 1))
    assert game.view(other, seat) == view
    assert hints.suggest(game_name, game.view(other, seat), game.legal_moves(other, seat), "s") == hint


def test_every_reason_code_a_game_gives_has_its_words():
    import inspect

    source = inspect.getsource(hints)
    codes = {c for c in REASON_WORDS if f'"{c}"' in source}
    assert codes == set(REASON_WORDS)
