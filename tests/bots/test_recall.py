"""A hard bot's memory can be rebuilt from the seat's own decisions: what the hint counts with.

``recall`` (the hard bot of every game) given the views a seat was shown at its
decisions and the moves it made must leave exactly the memory the bot keeps when
it plays those moves itself: then a person's seat, rebuilt so for the hint
(rooms/hints/memory.py), remembers what a bot in that seat would.
"""

import json
import random

import pytest

from bots import hints
from bots import registry as bot_registry
from bots.fishing import visible_cards
from games import fair, registry

# The hard seat's decisions to play: enough for cards to go under piles and the top of the
# pile to change hands, and few enough to keep the searching fishing bots quick.
DECISIONS = {"rouba_monte": 6, "stealing_bundles": 6, "crazy_eights": 40, "buraco": 60}
PLAYERS = {"rouba_monte": 2, "stealing_bundles": 2, "crazy_eights": 4, "buraco": 4}


def play_with_hard_seat(game_name: str, seed: int) -> tuple[list, dict]:
    """Seat 0 hard, the others normal: seat 0's (view, move) decisions and the memory it kept."""
    game = registry.get(game_name)
    key = f"{seed:064x}"
    players = PLAYERS[game_name]
    state = game.deal(players, seed % players, fair.shuffle(key, fair.deal_label(1), game.new_deck({})), {}, key, 1)
    hard, normal = bot_registry.get(game_name, "hard"), bot_registry.get(game_name, "normal")
    memories = [{} for _ in range(players)]
    rng = random.Random(seed)
    decisions = []
    while not game.is_over(state) and len(decisions) < DECISIONS[game_name]:
        seat = game.current_seat(state)
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        bot = hard if seat == 0 else normal
        move = bot.choose(json.loads(json.dumps(view)), legal, random.Random(rng.getrandbits(32)), memories[seat])
        if seat == 0:
            decisions.append((view, move))
        state = game.apply(state, seat, move)
    return decisions, memories[0]


@pytest.mark.parametrize("game_name", sorted(DECISIONS))
@pytest.mark.parametrize("seed", [3, 11])
def test_the_memory_rebuilt_from_the_seats_decisions_is_the_one_the_bot_kept(game_name, seed):
    decisions, kept = play_with_hard_seat(game_name, seed)
    assert decisions and kept  # the bot remembered something worth rebuilding
    assert hints.recalled(game_name, decisions) == kept


def test_the_rebuilt_memory_counts_cards_the_view_no_longer_shows():
    """Rouba Monte: a card seen on the table and since buried under a pile is remembered as gone."""
    decisions, _kept = play_with_hard_seat("rouba_monte", 3)
    memory = hints.recalled("rouba_monte", decisions)
    last_view = decisions[-1][0]
    assert set(memory["seen"]) - visible_cards(last_view)
