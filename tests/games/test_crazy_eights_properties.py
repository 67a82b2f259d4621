"""Crazy Eights properties over random seeds, player counts and policies, plus recorded hands."""

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from games import IllegalMove, fair, registry
from games.cards import deck52

ce = registry.get("crazy_eights")
FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("crazy_eights_*.json"))
CARD_RE = re.compile(r'"([A2-9TJQK][CDHS])"')
MAX_STEPS = 20000


def all_cards(state):
    cards = [c for h in state["hands"] for c in h] + state["stock"] + state["discard"]
    return Counter(cards)


def visible_cards(v):
    return set(CARD_RE.findall(json.dumps(v)))


def check_views(state):
    players = state["players"]
    top = state["discard"][-1]
    for seat in [None, *range(players)]:
        v = ce.view(state, seat)
        assert json.loads(json.dumps(v)) == v
        # The top, and the cards the last round's moves showed being played (``recent_moves``):
        # every one of them lies in the pile, none in the stock or a hand.
        allowed = {top} | ({e["top"] for e in v["recent_moves"]} & set(state["discard"]))
        assert {e["top"] for e in v["recent_moves"]} <= set(state["discard"])
        if seat is not None:
            allowed |= set(state["hands"][seat])
            assert sorted(v["hand"]) == sorted(state["hands"][seat])
        assert visible_cards(v) <= allowed, (seat, visible_cards(v) - allowed)
        if seat != state["turn"]:
            assert v["drawn"] is None
        assert v["hand_counts"] == {str(s): len(state["hands"][s]) for s in range(players)}
        assert v["stock_count"] == len(state["stock"]) and v["discard_count"] == len(state["discard"])


def play_hand(seed, players, dealer, policy_seed, target, check_every_move=True):
    rng = random.Random(policy_seed)
    options = {"target": target}
    deck = fair.shuffle(seed, "hand:1:deal", ce.new_deck(options))
    state = ce.deal(players, dealer, deck, options, seed, 1)
    full = Counter(deck52())
    steps = 0
    while not ce.is_over(state):
        steps += 1
        assert steps < MAX_STEPS
        seat = ce.current_seat(state)
        moves = ce.legal_moves(state, seat)
        assert moves
        for other in range(players):
            if other != seat:
                assert ce.legal_moves(state, other) == []
        before = ce.to_json(state)
        if check_every_move:
            for move in moves:
                ce.apply(state, seat, move)
            assert state == before
            assert ce.auto_move(state, seat) in moves
            check_views(state)
            assert ce.from_json(json.loads(json.dumps(ce.to_json(state)))) == state
        # Prefer playing so that hands also end by going out.
        plays = [m for m in moves if m["type"] == "play"]
        move = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(moves)
        old = state
        state = ce.apply(old, seat, move)
        assert old == before
        assert all_cards(state) == full
    assert ce.current_seat(state) is None
    assert ce.legal_moves(state, 0) == []
    if state["end_reason"] == "passes":
        # "Se ninguém pode jogar nem comprar": no seat is left holding a card that fits.
        top, suit = state["discard"][-1], state["suit"]
        assert not any(ce.fits(c, top, suit) for hand in state["hands"] for c in hand)
        assert state["stock"] == [] and len(state["discard"]) == 1
    res = ce.result(state)
    assert set(res["scores"]) == {str(s) for s in range(players)}
    assert res["winners"]
    assert json.loads(json.dumps(res)) == res
    return state


@settings(max_examples=100, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32).map(bytes.hex),
    players=st.integers(2, 6),
    dealer_pick=st.integers(0, 5),
    policy_seed=st.integers(0, 2**32),
    target=st.sampled_from([100, 50, 250]),
)
def test_random_hands_keep_every_invariant(seed, players, dealer_pick, policy_seed, target):
    play_hand(seed, players, dealer_pick % players, policy_seed, target)


def test_apply_never_mutates_its_input_even_when_refusing():
    rng = random.Random(7)
    for _ in range(30):
        seed = f"{rng.getrandbits(256):064x}"
        players = rng.randint(2, 6)
        state = ce.deal(players, 0, fair.shuffle(seed, "hand:1:deal", deck52()), {}, seed, 1)
        while not ce.is_over(state):
            seat = ce.current_seat(state)
            snapshot = json.dumps(state, sort_keys=True)
            for bad in ({"type": "keep"}, {"type": "pass"}, {"type": "play", "card": "XX"}):
                try:
                    ce.apply(state, seat, bad)
                except IllegalMove:
                    pass
            move = rng.choice(ce.legal_moves(state, seat))
            ce.apply(state, seat, move)
            assert json.dumps(state, sort_keys=True) == snapshot
            state = ce.apply(state, seat, move)


def test_auto_move_alone_always_finishes_the_hand():
    rng = random.Random(11)
    for _ in range(200):
        seed = f"{rng.getrandbits(256):064x}"
        players = rng.randint(2, 6)
        state = ce.deal(players, rng.randrange(players), fair.shuffle(seed, "hand:1:deal", deck52()), {}, seed, 1)
        steps = 0
        while not ce.is_over(state):
            seat = ce.current_seat(state)
            move = ce.auto_move(state, seat)
            assert move in ce.legal_moves(state, seat)
            state = ce.apply(state, seat, move)
            steps += 1
            assert steps < MAX_STEPS


@settings(max_examples=80, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32).map(bytes.hex),
    players=st.integers(2, 6),
    policy_seed=st.integers(0, 2**32),
    stop=st.integers(0, 200),
    sample_seed=st.integers(0, 2**32),
)
# A drawn card pending with the stock drawn empty: the only fitting hidden card lies in the pile.
@example(
    seed="ba43e7e6062522b9662350ad3bc62bebbad5679f11d3dcc673440a90e7a33cbb",
    players=2,
    policy_seed=2,
    stop=171,
    sample_seed=0,
)
def test_sample_state_is_consistent_with_the_view(seed, players, policy_seed, stop, sample_seed):
    rng = random.Random(policy_seed)
    state = ce.deal(players, 0, fair.shuffle(seed, "hand:1:deal", deck52()), {}, seed, 1)
    for _ in range(stop):
        if ce.is_over(state):
            break
        seat = ce.current_seat(state)
        state = ce.apply(state, seat, rng.choice(ce.legal_moves(state, seat)))
    for seat in [None, *range(players)]:
        v = ce.view(state, seat)
        buried = state["discard"][:-1]
        for seen in (None, buried[: len(buried) // 2]):
            sample = ce.sample_state(v, random.Random(sample_seed), seen=seen)
            assert ce.view(sample, seat) == v
            assert all_cards(sample) == Counter(deck52())
            if seen:
                assert set(seen) <= set(sample["discard"][:-1])
            turn = ce.current_seat(sample)
            if turn is not None:
                for move in ce.legal_moves(sample, turn):
                    ce.apply(sample, turn, move)


def test_sample_state_does_not_depend_on_hidden_cards():
    rng = random.Random(3)
    seed = f"{rng.getrandbits(256):064x}"
    state = ce.deal(3, 0, fair.shuffle(seed, "hand:1:deal", deck52()), {}, seed, 1)
    other = ce.to_json(state)
    # Swap one card between the two other hands: seat 0's view is unchanged.
    other["hands"][1][0], other["hands"][2][0] = other["hands"][2][0], other["hands"][1][0]
    assert ce.view(other, 0) == ce.view(state, 0)
    a = ce.sample_state(ce.view(state, 0), random.Random(5))
    b = ce.sample_state(ce.view(other, 0), random.Random(5))
    assert a == b


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_recorded_hand_replays_to_its_result(path):
    data = json.loads(path.read_text())
    state = fair.replay(
        "crazy_eights",
        data["players"],
        data["dealer"],
        data["options"],
        data["seed"],
        data["moves"],
        hand=data["hand"],
        expected_result=data["result"],
    )
    assert ce.is_over(state)


def test_recorded_hands_cover_both_endings_and_reshuffles():
    assert len(FIXTURES) >= 3
    ends = set()
    for path in FIXTURES:
        data = json.loads(path.read_text())
        ends.add(data["result"]["breakdown"]["end"])
    assert ends == {"out", "blocked"}
    assert any(json.loads(p.read_text())["result"]["breakdown"]["runouts"] > 0 for p in FIXTURES)
