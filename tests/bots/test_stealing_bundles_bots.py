"""Stealing Bundles bots: the choices the rules text asks of each level (the rest: test_fishing_bots.py, test_fishing_levels.py).

``TIPS`` is the policy the hard level searches with and plays when no move beats it clearly.
"""

import random

from bots.stealing_bundles import BOTS
from games import stealing_bundles as game
from games.cards import deck52

TIPS = BOTS["hard"].game.policy


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


def test_the_hard_policy_discards_a_rank_whose_copies_are_gone():
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["6D", "7D", "TD", "AD"]}
    state = deal_with(hands, ["JS", "JH", "QS", "8S"], {1: ["6H", "6C", "6S", "KC"]})
    legal = game.legal_moves(state, 1)
    memory = {"seen": ["6H", "6C", "6S"]}
    move = TIPS.choose(game.view(state, 1), legal, random.Random(0), memory)
    assert move == {"type": "discard", "card": "6D"}
