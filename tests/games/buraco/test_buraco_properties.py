"""Buraco properties over random seeded hands: cards are conserved, every legal move applies,
illegal moves change nothing, hands end, views hide what they must, auto_move is legal."""

import random
from collections import Counter

from buraco_support import all_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from games import IllegalMove
from games import buraco as bu
from games.buraco.runs import RUN_PROBLEMS, additions, new_runs
from games.cards import deck104, sort_key
from games.fair import deal_label, shuffle

FULL = Counter(deck104())
SECRET_KEYS = {"hands", "stock", "mortos"}


def greedy_random(state, seat, rng, moves):
    """A random policy that melds eagerly, so mortos and going out happen often."""
    if state["phase"] == "draw":
        return rng.choice(moves)
    lays = [m for m in moves if m["type"] != "discard"]
    lays = [m for m in lays if not any(c[0] == "2" for c in m["cards"])] or lays
    if lays and rng.random() < 0.9:
        biggest = max(len(m["cards"]) for m in lays)
        top = [m for m in lays if len(m["cards"]) >= biggest - 1]
        return rng.choice(top)
    return rng.choice([m for m in moves if m["type"] == "discard"] or moves)


def play_hand(seed, dealer, rng, check):
    deck = shuffle(seed, deal_label(1), bu.new_deck({}))
    state = bu.deal(4, dealer, deck, options={}, seed=seed, hand=1)
    steps = 0
    while not bu.is_over(state):
        seat = bu.current_seat(state)
        moves = bu.legal_moves(state, seat)
        assert moves, "a seat to move always has a legal move"
        check(state, seat, moves)
        move = greedy_random(state, seat, rng, moves)
        state = bu.apply(state, seat, move)
        assert all_cards(state) == FULL
        steps += 1
        assert steps < 5000
    assert bu.current_seat(state) is None
    for seat in range(4):
        assert bu.legal_moves(state, seat) == []
    return state


def check_views(state):
    for seat in (None, 0, 1, 2, 3):
        v = bu.view(state, seat)
        assert not SECRET_KEYS & set(v)
        if seat is None:
            assert "hand" not in v
        else:
            assert v["hand"] == sorted(state["hands"][seat], key=sort_key)
        shown = Counter(v.get("hand", [])) + Counter(v["discard"])
        for t in ("0", "1"):
            for m in v["melds"][t]:
                shown.update(m["cards"])
        hidden = sum(v["hand_counts"][str(s)] for s in range(4) if s != seat)
        hidden += v["stock_count"] + sum(v["morto_sizes"].values())
        assert sum(shown.values()) + hidden == 104


ILLEGAL = [
    ({"type": "discard", "card": "ZZ"}, "bad_move"),
    ({"type": "meld", "cards": None}, "bad_move"),
    ({"type": "jump"}, "bad_move"),
    ({"type": "add", "meld": 99, "cards": ["3S"]}, None),
]


@settings(max_examples=12, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), dealer=st.integers(0, 3), policy=st.integers(0, 2**32))
def test_random_hands_keep_every_invariant(seed, dealer, policy):
    rng = random.Random(policy)
    checker = random.Random(policy + 1)

    def check(state, seat, moves):
        assert bu.auto_move(state, seat) in moves
        other = (seat + 1) % 4
        assert bu.legal_moves(state, other) == []
        if checker.random() < 0.15:
            before = bu.to_json(state)
            for move in checker.sample(moves, min(len(moves), 12)):
                after = bu.apply(state, seat, move)
                assert all_cards(after) == FULL
            assert bu.to_json(state) == before
            assert bu.from_json(bu.to_json(state)) == state
            for move, code in ILLEGAL:
                try:
                    bu.apply(state, seat, move)
                except IllegalMove as exc:
                    assert code is None or exc.code == code
                else:
                    raise AssertionError(f"{move} was accepted")
            try:
                bu.apply(state, other, moves[0])
            except IllegalMove as exc:
                assert exc.code == "not_your_turn"
            else:
                raise AssertionError("a move out of turn was accepted")
            assert bu.to_json(state) == before
            check_views(state)

    final = play_hand(seed.hex(), dealer, rng, check)
    check_views(final)
    res = bu.result(final)
    assert set(res["scores"]) == {"0", "1"}
    assert res["winners"] and set(res["winners"]) <= {"0", "1"}
    for t in ("0", "1"):
        part = res["breakdown"][t]
        assert part["total"] == part["melded"] + part["canastras"] + part["going_out"] + part["hand"] + part["morto"]


@settings(max_examples=25, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), policy=st.integers(0, 2**32))
def test_meld_sets_that_are_not_listed_are_refused(seed, policy):
    """Completeness: a random 3-5 card subset of the hand applies exactly when legal_moves lists it."""
    rng = random.Random(policy)
    deck = shuffle(seed.hex(), deal_label(1), bu.new_deck({}))
    state = bu.deal(4, 0, deck)
    state = bu.apply(state, 1, {"type": "draw_stock"})
    listed = {tuple(sorted(m["cards"])) for m in bu.legal_moves(state, 1) if m["type"] == "meld"}
    hand = state["hands"][1]
    for _ in range(40):
        cards = rng.sample(hand, rng.randint(3, 5))
        try:
            bu.apply(state, 1, {"type": "meld", "cards": cards})
        except IllegalMove as exc:
            assert exc.code in RUN_PROBLEMS, exc.code
            assert tuple(sorted(cards)) not in listed
        else:
            assert tuple(sorted(cards)) in listed


def test_many_random_hands_end_and_sometimes_go_out():
    ends = Counter()
    mortos = 0
    for k in range(40):
        rng = random.Random(k)
        seed = f"{k:064x}"
        final = play_hand(seed, k % 4, rng, lambda *a: None)
        ends[final["end"]] += 1
        mortos += sum(final["morto_taken"].values())
    assert ends["batida"] > 0
    assert mortos > 0
    assert set(ends) <= {"batida", "stock", "limit"}


@settings(max_examples=10, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), policy=st.integers(0, 2**32))
def test_sample_state_is_consistent_with_the_view(seed, policy):
    rng = random.Random(policy)
    samples = []

    def check(state, seat, moves):
        if rng.random() < 0.1:
            samples.append(state)

    play_hand(seed.hex(), 0, random.Random(policy), check)
    for state in samples[:6]:
        for seat in (None, 0, 1, 2, 3):
            v = bu.view(state, seat)
            full = bu.sample_state(v, random.Random(seat or 0))
            assert all_cards(full) == FULL
            assert bu.view(full, seat) == v
            s = bu.current_seat(full)
            assert bu.legal_moves(full, s)


def _key(move):
    return (move["type"], move.get("meld"), move.get("card"), tuple(sorted(move.get("cards", []))))


@settings(max_examples=10, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), policy=st.integers(0, 2**32))
def test_legal_moves_are_exactly_the_moves_apply_accepts(seed, policy):
    """Every run the hand could form or add, and every discard: accepted exactly when listed
    (the morto rule filters the list and refuses the rest with needs_clean_canastra)."""
    checker = random.Random(policy)

    def check(state, seat, moves):
        if state["phase"] != "play" or checker.random() > 0.3:
            return
        listed = {_key(m) for m in moves}
        hand = Counter(state["hands"][seat])
        team = str(seat % 2)
        candidates = [{"type": "meld", "cards": c} for c in new_runs(hand)]
        for i, meld in enumerate(state["melds"][team]):
            candidates += [{"type": "add", "meld": i, "cards": c} for c in additions(meld["cards"], hand)]
        candidates += [{"type": "discard", "card": c} for c in hand]
        assert len({_key(c) for c in candidates}) == len(candidates)
        for move in candidates:
            try:
                bu.apply(state, seat, move)
            except IllegalMove as exc:
                assert exc.code == "needs_clean_canastra"
                assert _key(move) not in listed
            else:
                assert _key(move) in listed
        assert len(listed) == len(moves)
        assert listed <= {_key(c) for c in candidates}

    play_hand(seed.hex(), 1, random.Random(policy), check)
