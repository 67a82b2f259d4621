"""The fishing games' three levels are three kinds of player (bots/fishing.py):

easy looks at the centre before the piles, normal counts the cards a move wins
now and nothing else, hard plays every tip of the rules text (the safe top,
card counting). Each test is a position where the kinds part ways.
"""

import random

from bots.rouba_monte import BOTS as ROUBA
from bots.stealing_bundles import BOTS as STEALING
from games import rouba_monte, stealing_bundles
from games.cards import deck52

RNGS = range(24)


def deal(game, hands, centre, piles, players=2):
    """A deal whose hands (seat -> four cards), centre and piles (seat -> cards, bottom first) are given."""
    order = [(1 + k) % players for k in range(players)]
    deck = [hands[s][r] for r in range(4) for s in order] + centre
    deck += [c for c in deck52() if c not in deck]
    state = game.from_json(game.to_json(game.deal(players, 0, deck, {})))
    for seat, pile in piles.items():
        for c in pile:
            state["stock"].remove(c)
        state["piles"][seat][0] = pile
    return state


def choices(bot, game, state, seat, memory=None, seeds=RNGS) -> list:
    """The moves ``bot`` makes in ``state`` over many rng seeds (one list entry per seed)."""
    view = game.view(state, seat)
    legal = game.legal_moves(state, seat)
    out = []
    for k in seeds:
        move = bot.choose(view, legal, random.Random(k), dict(memory) if memory else None)
        assert move in legal
        out.append(move)
    return out


def steal_or_small_capture(game):
    """Seat 1 may steal seat 0's four-card pile with 9D, or capture 3S from the centre with 3D."""
    hands = {0: ["2C", "4C", "5C", "6C"], 1: ["9D", "3D", "TD", "JD"]}
    return deal(game, hands, ["3S", "KH", "QS", "8S"], {0: ["2D", "AS", "AD", "9S"]})


def test_easy_looks_at_the_centre_before_the_piles():
    for game, bots in ((rouba_monte, ROUBA), (stealing_bundles, STEALING)):
        state = steal_or_small_capture(game)
        assert {m["card"] for m in choices(bots["easy"], game, state, 1)} == {"3D"}
        assert {m["type"] for m in choices(bots["normal"], game, state, 1)} == {"steal"}


def test_easy_steals_when_the_centre_offers_nothing():
    hands = {0: ["2C", "4C", "5C", "6C"], 1: ["9D", "3D", "TD", "JD"]}
    state = deal(rouba_monte, hands, ["7S", "KH", "QS", "8S"], {0: ["2D", "AS", "AD", "9S"]})
    assert {m["type"] for m in choices(ROUBA["easy"], rouba_monte, state, 1)} == {"steal"}


def test_easy_never_leaves_a_card_while_a_capture_is_open():
    # Stealing Bundles lets a player leave a card with a capture open; a beginner always takes.
    hands = {0: ["2C", "4C", "5C", "6C"], 1: ["7D", "3D", "TD", "JD"]}
    state = deal(stealing_bundles, hands, ["3S", "KH", "QS", "8S"], {})
    assert {m["type"] for m in choices(STEALING["easy"], stealing_bundles, state, 1)} == {"capture"}


def test_normal_counts_cards_won_and_not_the_top_it_leaves():
    # Two captures of two cards each: the king leaves a king on top (one copy unseen), the seven a
    # seven whose every other copy is known gone. Normal takes either; hard's tips the seven.
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["7D", "KD", "TD", "JD"]}
    state = deal(rouba_monte, hands, ["7S", "KS", "QS", "8S"], {1: ["7H", "7C", "6C"]})
    memory = {"seen": ["7H", "7C"]}
    normal = {m["card"] for m in choices(ROUBA["normal"], rouba_monte, state, 1, memory)}
    assert normal == {"7D", "KD"}
    tips = ROUBA["hard"].game.policy
    assert {m["card"] for m in choices(tips, rouba_monte, state, 1, memory)} == {"7D"}


def test_normal_leaves_any_card_and_hard_the_one_least_likely_taken():
    # No take is open. Every other six is known gone, so only the six cannot be taken back.
    hands = {0: ["2C", "3C", "4C", "5C"], 1: ["6D", "7D", "TD", "AD"]}
    state = deal(stealing_bundles, hands, ["JS", "JH", "QS", "8S"], {1: ["6H", "6C", "6S", "KC"]})
    memory = {"seen": ["6H", "6C", "6S"]}
    normal = {m["card"] for m in choices(STEALING["normal"], stealing_bundles, state, 1, memory)}
    assert len(normal) > 1
    tips = STEALING["hard"].game.policy
    assert {m["card"] for m in choices(tips, stealing_bundles, state, 1, memory)} == {"6D"}
