"""Buraco bots: legal, deterministic, blind to hidden cards, and normal beats easy."""

import json
import random

import pytest

from bots.buraco import BOTS
from bots.registry import get
from games import buraco as bu
from games.fair import deal_label, shuffle

LEVELS = ("easy", "normal", "hard")


def positions(count, seed_base=0, every=9):
    """Positions met in seeded hands played by the normal bot (every ``every``-th decision)."""
    found = []
    k = 0
    while len(found) < count:
        seed = f"{seed_base + k:064x}"
        state = bu.deal(4, k % 4, shuffle(seed, deal_label(1), bu.new_deck({})), seed=seed)
        rng = random.Random(k)
        step = 0
        while not bu.is_over(state) and len(found) < count:
            seat = bu.current_seat(state)
            moves = bu.legal_moves(state, seat)
            if step % every == 0:
                found.append(state)
            state = bu.apply(state, seat, BOTS["normal"].choose(bu.view(state, seat), moves, rng))
            step += 1
        k += 1
    return found


def test_registry_serves_every_level():
    for level in LEVELS:
        assert get("buraco", level) is BOTS[level]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move(level):
    count = 12 if level == "hard" else 80
    for i, state in enumerate(positions(count, seed_base=100 + LEVELS.index(level))):
        seat = bu.current_seat(state)
        moves = bu.legal_moves(state, seat)
        memory = {} if i % 2 else None
        move = BOTS[level].choose(bu.view(state, seat), moves, random.Random(i), memory)
        assert move in moves
        if memory is not None:
            json.dumps(memory)


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_move(level):
    for i, state in enumerate(positions(6 if level == "hard" else 30, seed_base=200)):
        seat = bu.current_seat(state)
        moves = bu.legal_moves(state, seat)
        view = bu.view(state, seat)
        a = BOTS[level].choose(view, moves, random.Random(i), {})
        b = BOTS[level].choose(bu.view(state, seat), list(moves), random.Random(i), {})
        assert a == b


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_decision(level):
    for i, state in enumerate(positions(6 if level == "hard" else 30, seed_base=300)):
        seat = bu.current_seat(state)
        view = bu.view(state, seat)
        other = bu.sample_state(view, random.Random(1000 + i))
        assert bu.view(other, seat) == view
        assert other["stock"] != state["stock"] or other["hands"] != state["hands"]
        moves = bu.legal_moves(state, seat)
        assert sorted(map(json.dumps, bu.legal_moves(other, seat))) == sorted(map(json.dumps, moves))
        a = BOTS[level].choose(view, moves, random.Random(i), {})
        b = BOTS[level].choose(bu.view(other, seat), bu.legal_moves(other, seat), random.Random(i), {})
        assert a == b


def play_hand(levels, index):
    seed = f"{5000 + index:064x}"
    state = bu.deal(4, index % 4, shuffle(seed, deal_label(1), bu.new_deck({})), seed=seed)
    rng = random.Random(index)
    while not bu.is_over(state):
        seat = bu.current_seat(state)
        move = BOTS[levels[seat]].choose(bu.view(state, seat), bu.legal_moves(state, seat), rng, {})
        state = bu.apply(state, seat, move)
    return bu.result(state)


def test_normal_beats_easy():
    wins = decided = 0
    for index in range(30):
        normal_team = str(index % 2)
        levels = ["normal" if str(s % 2) == normal_team else "easy" for s in range(4)]
        winners = play_hand(levels, index)["winners"]
        if len(winners) == 1:
            decided += 1
            wins += winners[0] == normal_team
    assert decided >= 20
    assert wins / decided > 0.8


def test_normal_goes_out_or_takes_the_morto_when_it_can():
    # morto not taken: melding the whole hand takes it at once
    state = bu.from_json(bu.to_json(bu.deal(4, 3, bu.new_deck({}))))
    state["phase"] = "play"
    hand = state["hands"][0]
    run = ["3H", "4H", "5H"]
    extra = [c for c in hand if c not in run]
    # move the hand's other cards to the stock so the hand is exactly the run
    state["stock"] += extra
    for c in run:
        if c in state["stock"]:
            state["stock"].remove(c)
        elif c not in hand:
            for t in ("0", "1"):
                if c in state["mortos"][t]:
                    state["mortos"][t].remove(c)
                    state["mortos"][t].append(state["stock"].pop())
                    break
            else:
                for s in (1, 2, 3):
                    if c in state["hands"][s]:
                        state["hands"][s].remove(c)
                        state["hands"][s].append(state["stock"].pop())
                        break
    state["hands"][0] = run
    moves = bu.legal_moves(state, 0)
    move = BOTS["normal"].choose(bu.view(state, 0), moves, random.Random(0))
    assert move == {"type": "meld", "cards": run} or sorted(move.get("cards", [])) == sorted(run)
