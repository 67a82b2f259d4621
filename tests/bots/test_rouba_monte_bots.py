"""Rouba Monte bots: the choices the rules text asks of each level (the rest: test_fishing_bots.py, test_fishing_levels.py).

``TIPS`` is the policy the hard level searches with and plays when no move beats it clearly.
"""

import random

from bots.rouba_monte import BOTS
from games import rouba_monte as game
from games.cards import deck52
from tests.games.test_fishing_recent_moves import ROUND, four_seats

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
        assert game.view(world, 0) == dict(view, recent_moves=[])  # a playout world keeps no recent moves
        assert not {c[0] for c in world["hands"][1]} & {"3", "6", "8", "K", "Q"}
    # The knowledge says so too: seat 1 is the only hand that could hold a queen.
    assert know.p_opponent_has("Q") == 0.0 < know.p_opponent_has("9")
    # After a refill (the stock count changes) the seat holds new cards: nothing is known of them.
    later = dict(view, stock_count=view["stock_count"] - 8, last_move=None)
    TIPS.choose(later, game.legal_moves(state, 0), random.Random(0), memory)
    assert memory["lacks"]["seats"] == {}


def test_at_four_seats_the_hard_bot_reads_every_move_since_its_last_turn():
    # Between seat 0's turns seat 1 left 9D in the centre, seat 2 took it (9D now under 9H) and
    # seat 3 left 7D. Only seat 3's move is the last one; the others were watched all the same.
    state = four_seats()
    memory = {}
    seat, move = ROUND[0]
    assert BOTS["hard"].choose(game.view(state, 0), game.legal_moves(state, 0), random.Random(0), memory)
    state = game.apply(state, seat, move)
    for seat, move in ROUND[1:]:
        state = game.apply(state, seat, move)
    view = game.view(state, 0)
    know = BOTS["hard"].game.observe(view, memory)
    assert "9D" in know.gone  # buried under seat 2's nine, two moves ago
    assert know.lacks == {"1": {"2", "6", "8", "K", "Q"}, "3": {"2", "6", "8", "9", "K", "Q"}}
    assert memory["n"] == 4
    for k in range(10):
        world = BOTS["hard"].game.sample(view, know, random.Random(k))
        assert "9D" in world["piles"][2][0][:-1]
        assert not {c[0] for c in world["hands"][1]} & {"2", "6", "8", "K", "Q"}
    # Read once: the same moves seen again change nothing.
    assert BOTS["hard"].game.observe(view, memory).lacks == know.lacks


def test_a_memory_counted_past_these_moves_reads_them_all():
    # A memory whose count is past the newest move kept it in another hand: every move is read.
    state = four_seats()
    for seat, move in ROUND:
        state = game.apply(state, seat, move)
    know = BOTS["hard"].game.observe(game.view(state, 0), {"n": 50})
    assert "9D" in know.gone and set(know.lacks) == {"1", "3"}
