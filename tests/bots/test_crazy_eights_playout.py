"""The hard bot's fast playouts follow the engine's rules and the normal bot's choices."""

import random

from bots.crazy_eights import BOTS, _value
from bots.crazy_eights_playout import Hand
from games import fair
from games import registry as game_registry

ce = game_registry.get("crazy_eights")


def states(count, seed):
    """Positions of random hands (2-6 seats) played by the normal bot, drawn cards pending included."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.randint(2, 6)
        key = f"{rng.getrandbits(256):064x}"
        deck = fair.shuffle(key, "hand:1:deal", ce.new_deck({}))
        state = ce.deal(players, rng.randrange(players), deck, {}, key, 1)
        while not ce.is_over(state) and len(out) < count:
            seat = ce.current_seat(state)
            out.append(state)
            moves = ce.legal_moves(state, seat)
            state = ce.apply(state, seat, BOTS["normal"].choose(ce.view(state, seat), moves, rng))
        if ce.is_over(state):
            out.append(state)
    return out


def engine_turn(state):
    """The normal bot's whole turn through the engine: its move, then its play or keep of a drawn card."""
    seat = ce.current_seat(state)
    move = BOTS["normal"].choose(ce.view(state, seat), ce.legal_moves(state, seat), random.Random(0))
    state = ce.apply(state, seat, move)
    if not ce.is_over(state) and state["drawn"] is not None:
        follow = BOTS["normal"].choose(ce.view(state, seat), ce.legal_moves(state, seat), random.Random(0))
        state = ce.apply(state, seat, follow)
    return state


def test_a_turn_is_the_normal_bots_turn_through_the_engine():
    compared = 0
    for state in states(1500, seed=11):
        if ce.is_over(state) or state["drawn"] is not None:
            continue
        after = engine_turn(state)
        if after["reshuffles"] != state["reshuffles"]:
            continue  # the playout reshuffles with its own stream
        fast = Hand(state, random.Random(0))
        fast.turn_of(state["turn"])
        assert [sorted(h) for h in fast.hands] == [sorted(h) for h in after["hands"]]
        assert fast.pile == after["discard"] and fast.suit == after["suit"]
        assert fast.stock[::-1] == after["stock"]
        assert fast.over == ce.is_over(after)
        if not fast.over:
            assert fast.turn == after["turn"] and fast.passes == after["passes"]
        compared += 1
    assert compared > 1000


def test_a_pending_drawn_card_is_played_or_kept_as_the_normal_bot_does():
    compared = 0
    for state in states(3000, seed=12):
        if ce.is_over(state) or state["drawn"] is None:
            continue
        seat = state["turn"]
        move = BOTS["normal"].choose(ce.view(state, seat), ce.legal_moves(state, seat), random.Random(0))
        after = ce.apply(state, seat, move)
        fast = Hand(state, random.Random(0))
        fast.play_out(1)
        assert fast.pile == after["discard"] and fast.suit == after["suit"]
        assert fast.over == ce.is_over(after) and (fast.over or fast.turn == after["turn"])
        compared += 1
    assert compared > 20


def test_the_gains_are_the_engines_scores_of_an_ended_hand():
    ended = [s for s in states(3000, seed=13) if ce.is_over(s)]
    assert len(ended) > 20
    for state in ended:
        scores = ce.result(state)["scores"]
        assert Hand(state, None).gains() == [scores[str(s)] for s in range(state["players"])]


def test_a_playout_ends_the_hand_by_the_rules():
    for i, state in enumerate(states(300, seed=14)[::7]):
        fast = Hand(state, random.Random(i))
        fast.play_out(10_000)
        assert fast.over
        cards = [c for h in fast.hands for c in h] + fast.stock + fast.pile
        assert sorted(cards) == sorted(ce.new_deck({}))
        if fast.winner is not None:
            assert fast.hands[fast.winner] == []


def test_the_value_is_the_points_margin_over_the_best_other_seat():
    assert _value([40, 0], 0) == 0.7
    assert _value([0, 40], 0) == 0.3
    assert _value([0, 0, 30, 10], 3) == 0.4
    assert _value([500, 0], 0) == 1.0
