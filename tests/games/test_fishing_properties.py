"""Properties of both fishing engines over random seeds, player counts, options and leavers."""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games import IllegalMove
from games import rouba_monte as rm
from games import stealing_bundles as sb
from games.fair import deal_label, shuffle

CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")
BOOL_OPTIONS = [k for k, v in sb.OPTIONS.items() if isinstance(v, bool)]


def all_cards(state):
    out = list(state["stock"]) + list(state["centre"])
    for h in state["hands"]:
        out += h
    for own in state["piles"]:
        for p in own:
            out += p
    return sorted(out)


def tops(state):
    return {p[-1] for own in state["piles"] for p in own if p}


def cards_shown(view):
    return set(CARD.findall(json.dumps(view)))


games_and_options = st.one_of(
    st.just((rm, {})),
    st.tuples(st.just(sb), st.fixed_dictionaries({k: st.booleans() for k in BOOL_OPTIONS})),
)


def play(game, options, seed, players, leave_at):
    """Yield (previous state, move, new state) through one random hand; a seat may leave at step ``leave_at``."""
    rng = random.Random(seed)
    deck = shuffle(None, deal_label(1), game.new_deck(options))
    deck = shuffle(f"{seed:064x}", deal_label(1), deck)
    state = game.deal(players, seed % players, deck, options)
    step = 0
    while not game.is_over(state):
        if step == leave_at:
            seat = rng.randrange(players)
            new = game.remove_player(state, seat)
            yield state, None, new
        else:
            seat = game.current_seat(state)
            move = rng.choice(game.legal_moves(state, seat))
            new = game.apply(state, seat, move)
            yield state, move, new
        state = new
        step += 1
        assert step < 200


@settings(max_examples=60, deadline=None)
@given(games_and_options, st.integers(0, 2**32), st.integers(2, 4), st.integers(-1, 60))
def test_random_hands_keep_every_invariant(game_options, seed, players, leave_at):
    game, options = game_options
    full = sorted(game.new_deck(options))
    last = None
    table_after = {}  # move number -> what the move left face up (the recent moves must say exactly this)
    for before, move, after in play(game, options, seed, players, leave_at):
        snapshot = json.dumps(before, sort_keys=True)
        if move is not None:
            seat = before["turn"]
            assert move in game.legal_moves(before, seat)
            assert game.auto_move(before, seat) in game.legal_moves(before, seat)
            for other in range(players):
                if other != seat:
                    assert game.legal_moves(before, other) == []
        assert json.dumps(before, sort_keys=True) == snapshot  # apply never mutates its input
        assert all_cards(after) == full  # cards are conserved
        assert game.from_json(game.to_json(after)) == after
        assert game.from_json(json.dumps(game.to_json(after))) == after
        public_before = set(before["centre"]) | tops(before)
        if after["recent"] and after["recent"][-1]["n"] not in table_after:
            table_after[after["recent"][-1]["n"]] = {
                "move": after["last_move"],
                "centre": after["centre"],
                "tops": {str(s): [p[-1] if p else None for p in own] for s, own in enumerate(after["piles"])},
            }
        for seat in [None, *range(players)]:
            view = game.view(after, seat)
            json.dumps(view)
            allowed = set(after["centre"]) | tops(after) | public_before
            if seat is not None:
                allowed |= set(after["hands"][seat])
                assert view["hand"] == after["hands"][seat]
            else:
                assert "hand" not in view
            assert cards_shown(dict(view, recent_moves=[])) <= allowed
            # The moves since this seat's last turn, each with the table it left face up, and nothing else.
            recent = view["recent_moves"]
            assert [e["n"] for e in recent] == sorted(table_after)[-len(recent) :] if recent else not table_after
            assert len(recent) == min(len(table_after), 2 * players)
            assert all({k: e[k] for k in ("move", "centre", "tops")} == table_after[e["n"]] for e in recent)
            for key in ("game", "seat", "turn", "hand_counts", "stock_count", "over", "centre", "piles", "active"):
                assert key in view
        last = after
    res = game.result(last)
    assert set(res) >= {"scores", "winners", "breakdown"}
    assert all(isinstance(k, str) for k in res["scores"])
    assert game.current_seat(last) is None
    if not last["abandoned"]:
        assert not any(last["hands"]) and (last["stock"] == [] or last["tiebreak_seats"] is not None)
        assert res["winners"]
    else:
        assert res["winners"] == []


@settings(max_examples=40, deadline=None)
@given(games_and_options, st.integers(0, 2**32), st.integers(2, 4), st.integers(0, 40), st.integers(0, 10))
def test_sample_state_is_consistent_with_the_view(game_options, seed, players, stop, sample_seed):
    game, options = game_options
    state = None
    for _, _, after in play(game, options, seed, players, leave_at=stop // 2 if stop % 3 == 0 else -1):
        state = after
        stop -= 1
        if stop <= 0 or after["over"]:
            break
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        arbitrary = sorted(game.new_deck(options))[:5]
        buried = {c for own in state["piles"] for p in own for c in p[:-1]}
        for seen in (None, sorted(buried), arbitrary):
            sampled = game.sample_state(view, random.Random(sample_seed), seen)
            assert game.view(sampled, seat) == view
            assert all_cards(sampled) == sorted(game.new_deck(options))
            if seen == sorted(buried):
                assert {c for own in sampled["piles"] for p in own for c in p[:-1]} == buried
            again = game.sample_state(view, random.Random(sample_seed), seen)
            assert again == sampled


@settings(max_examples=30, deadline=None)
@given(games_and_options, st.integers(0, 2**32), st.integers(2, 4))
def test_illegal_moves_never_raise_anything_but_illegal_move(game_options, seed, players):
    game, options = game_options
    rng = random.Random(seed)
    junk = [
        None,
        {},
        {"type": "capture"},
        {"type": "steal", "card": "AS", "from": None},
        {"type": "discard", "card": ["AS"]},
        {"type": "capture", "card": "AS", "target": "AS", "pile": "x"},
        {"type": "steal", "card": "AS", "from": 0, "from_pile": 3, "pile": -1},
    ]
    for before, _, _ in play(game, options, seed, players, -1):
        seat = before["turn"]
        snapshot = json.dumps(before, sort_keys=True)
        card = rng.choice(game.new_deck(options))
        candidates = junk + [
            {"type": t, "card": card, "target": rng.choice(game.new_deck(options)), "from": rng.randrange(players)}
            for t in ("capture", "steal", "discard")
        ]
        legal = game.legal_moves(before, seat)
        for move in candidates:
            for who in (seat, (seat + 1) % players):
                try:
                    game.apply(before, who, move)
                except IllegalMove as exc:
                    assert re.fullmatch(r"[a-z_]+", exc.code)
                else:
                    assert who == seat and move in legal
        assert json.dumps(before, sort_keys=True) == snapshot
