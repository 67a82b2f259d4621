"""Rouba Monte bots: the choices the rules text asks of each level (the rest: test_fishing_bots.py, test_fishing_levels.py).

``TIPS`` is the policy the hard level searches with and plays when no move beats it clearly.
"""

import random

from bots.rouba_monte import BOTS
from games import rouba_monte as game
from games.cards import deck52

TIPS = BOTS["hard"].game.policy


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


def test_the_hard_policy_ends_with_a_top_whose_rank_is_gone():
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
    move = TIPS.choose(game.view(state, 1), legal, random.Random(0), memory)
    assert move == {"type": "capture", "card": "7D", "target": "7S"}


def test_a_card_left_in_the_centre_tells_what_its_seat_lacks_until_the_next_refill():
    # Seat 1 must take when it can, so leaving 9D in the centre shows it holds no 3, K, Q, 8
    # (the centre) and no 6 (seat 0's top): its sampled hands hold none of them.
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["9D", "AD", "TD", "JD"]}
    deck = [hands[s][r] for r in range(4) for s in (1, 0)] + ["3S", "KS", "QS", "8S"]
    deck += [c for c in deck52() if c not in deck]
    state = game.deal(2, 0, deck)
    state["stock"].remove("6C")
    state["piles"][0][0] = ["6C"]
    state = game.apply(state, 1, {"type": "discard", "card": "9D"})
    view = game.view(state, 0)
    memory = {}
    TIPS.choose(view, game.legal_moves(state, 0), random.Random(0), memory)
    assert memory["lacks"] == {"stock": view["stock_count"], "seats": {"1": ["3", "6", "8", "K", "Q"]}}
    know = BOTS["hard"].game.observe(view, memory)
    for k in range(20):
        world = BOTS["hard"].game.sample(view, know, random.Random(k))
        assert game.view(world, 0) == view
        assert not {c[0] for c in world["hands"][1]} & {"3", "6", "8", "K", "Q"}
    # The knowledge says so too: seat 1 is the only hand that could hold a queen.
    assert know.p_opponent_has("Q") == 0.0 < know.p_opponent_has("9")
    # After a refill (the stock count changes) the seat holds new cards: nothing is known of them.
    later = dict(view, stock_count=view["stock_count"] - 8, last_move=None)
    TIPS.choose(later, game.legal_moves(state, 0), random.Random(0), memory)
    assert memory["lacks"]["seats"] == {}
