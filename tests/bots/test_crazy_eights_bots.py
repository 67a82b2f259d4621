"""Crazy Eights bots: legal, deterministic, blind to hidden cards, and stronger than random."""

import copy
import hashlib
import json
import random

import pytest

from bots import registry as bot_registry
from bots.crazy_eights import BOTS
from games import fair
from games import registry as game_registry

ce = game_registry.get("crazy_eights")
LEVELS = ("easy", "normal", "hard")


def positions(count, seed=0):
    """Positions from random hands (2-6 players), with the seat to move; includes pending draws."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.randint(2, 6)
        key = f"{rng.getrandbits(256):064x}"
        state = ce.deal(players, rng.randrange(players), fair.shuffle(key, "hand:1:deal", ce.new_deck({})), {}, key, 1)
        while not ce.is_over(state) and len(out) < count:
            seat = ce.current_seat(state)
            if rng.random() < 0.3:
                out.append((state, seat))
            state = ce.apply(state, seat, rng.choice(ce.legal_moves(state, seat)))
    return out


def shuffle_hidden(state, seat, rng):
    """Another state with the same view for ``seat``: every hidden card moved among hidden places."""
    other = ce.to_json(state)
    drawn = state["drawn"] if state["turn"] != seat else None
    hidden = [c for s, h in enumerate(other["hands"]) if s != seat for c in h if c != drawn]
    hidden += other["stock"] + other["discard"][:-1]
    rng.shuffle(hidden)
    pos = 0
    for s in range(other["players"]):
        if s == seat:
            continue
        n = len(other["hands"][s]) - (1 if drawn and drawn in other["hands"][s] else 0)
        other["hands"][s] = hidden[pos : pos + n] + ([drawn] if drawn and drawn in state["hands"][s] else [])
        pos += n
    n = len(other["stock"])
    other["stock"] = hidden[pos : pos + n]
    pos += n
    other["discard"] = hidden[pos:] + other["discard"][-1:]
    return other


def test_registry_returns_these_bots():
    for level in LEVELS:
        assert bot_registry.get("crazy_eights", level) is BOTS[level]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move(level):
    bot = BOTS[level]
    count = 60 if level == "hard" else 400
    for i, (state, seat) in enumerate(positions(count, seed=1)):
        view = ce.view(state, seat)
        moves = ce.legal_moves(state, seat)
        memory = {} if i % 2 else None
        move = bot.choose(view, moves, random.Random(i), memory)
        assert move in moves
        if memory is not None:
            assert json.loads(json.dumps(memory)) == memory
        ce.apply(state, seat, move)


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_move(level):
    bot = BOTS[level]
    for i, (state, seat) in enumerate(positions(25, seed=2)):
        view = ce.view(state, seat)
        moves = ce.legal_moves(state, seat)
        memory = {"hand": [1, state["dealer"]], "reshuffles": state["reshuffles"], "buried": [], "top": None}
        a = bot.choose(copy.deepcopy(view), list(moves), random.Random(i), copy.deepcopy(memory))
        b = bot.choose(copy.deepcopy(view), list(moves), random.Random(i), copy.deepcopy(memory))
        assert a == b


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_decision(level):
    bot = BOTS[level]
    rng = random.Random(9)
    for i, (state, seat) in enumerate(positions(25, seed=3)):
        other = shuffle_hidden(state, seat, rng)
        view = ce.view(state, seat)
        assert ce.view(other, seat) == view
        moves = ce.legal_moves(state, seat)
        assert ce.legal_moves(other, seat) == moves
        a = bot.choose(ce.view(state, seat), moves, random.Random(i), {})
        b = bot.choose(ce.view(other, seat), ce.legal_moves(other, seat), random.Random(i), {})
        assert a == b


def test_hard_bot_remembers_buried_cards_and_resets_on_reshuffle():
    from bots.crazy_eights import _remember

    memory = {}
    view = {
        "hand_number": 1,
        "dealer": 0,
        "reshuffles": 0,
        "discard_top": "5C",
        "discard_count": 1,
        "last_move": None,
        "seat": 0,
        "suit": "C",
        "recent_moves": [],
    }

    def moved(n, move, top):
        view["recent_moves"] = [*view["recent_moves"], {"n": n, "move": move, "top": top, "suit": "C"}]

    assert _remember(view, memory) == ([], {})
    view.update(discard_top="9C", discard_count=2)
    moved(1, {"seat": 1, "type": "play", "card": "9C"}, "9C")
    assert _remember(view, memory)[0] == ["5C"]
    moved(2, {"seat": 1, "type": "draw", "count": 1, "reshuffles": 0, "outcome": "drawn"}, "9C")
    moved(3, {"seat": 1, "type": "keep"}, "9C")
    buried, voids = _remember(view, memory)
    assert buried == ["5C"] and voids == {"1": {"C": 1}}
    view.update(reshuffles=1, discard_count=1)
    moved(4, {"seat": 0, "type": "draw", "count": 2, "reshuffles": 1, "outcome": "drawn"}, "9C")
    moved(5, {"seat": 0, "type": "keep"}, "9C")
    assert _remember(view, memory)[0] == []
    assert json.loads(json.dumps(memory)) == memory


def test_hard_bot_counts_the_card_it_plays_and_the_top_it_covers():
    memory = {}
    view = {
        "game": "crazy_eights",
        "seat": 0,
        "players": 2,
        "dealer": 1,
        "hand_number": 1,
        "target": 100,
        "turn": 0,
        "hand_counts": {"0": 2, "1": 5},
        "stock_count": 42,
        "discard_top": "5C",
        "discard_count": 3,
        "suit": "C",
        "drawn": None,
        "drawn_pending": False,
        "runouts": 0,
        "reshuffles": 0,
        "passes_in_row": 0,
        "last_move": {"seat": 1, "type": "play", "card": "5C"},
        "over": False,
        "end": None,
        "end_reason": None,
        "winner": None,
        "hand": ["KC", "2H"],
    }
    moves = [{"type": "play", "card": "KC"}, {"type": "draw"}]
    move = BOTS["hard"].choose(view, moves, random.Random(0), memory)
    assert move == {"type": "play", "card": "KC"}
    assert memory["buried"] == ["5C"] and memory["top"] == "KC"
    view.update(discard_top="9C", discard_count=5, hand=["2H"], hand_counts={"0": 1, "1": 4})
    view["last_move"] = {"seat": 1, "type": "play", "card": "9C"}
    BOTS["hard"].choose(view, [{"type": "draw"}], random.Random(0), memory)
    assert memory["buried"] == ["5C", "KC"]


def play_match(index, levels):
    """One two-seat match to 100; returns the set of winning levels."""
    players = len(levels)
    seed = hashlib.sha256(f"test:{index}".encode()).hexdigest()
    rng = random.Random(index)
    memories = [{} for _ in range(players)]
    totals = {str(s): 0 for s in range(players)}
    for hand in range(1, 100):
        deck = fair.shuffle(seed, fair.deal_label(hand), ce.new_deck({}))
        state = ce.deal(players, (hand - 1) % players, deck, {}, seed, hand)
        while not ce.is_over(state):
            seat = ce.current_seat(state)
            move = BOTS[levels[seat]].choose(ce.view(state, seat), ce.legal_moves(state, seat), rng, memories[seat])
            state = ce.apply(state, seat, move)
        for k, v in ce.result(state)["scores"].items():
            totals[k] += v
        status = ce.match_status(totals, {})
        if status["over"]:
            return {levels[int(s)] for s in status["winners"]}
    raise AssertionError("match did not end")


def strength(level, opponent, matches):
    wins = decided = 0
    for i in range(matches):
        levels = [level, opponent] if i % 2 == 0 else [opponent, level]
        winners = play_match(i, levels)
        if len(winners) == 1:
            decided += 1
            wins += level in winners
    return wins / decided


def test_normal_beats_easy():
    assert strength("normal", "easy", 40) > 0.55


def test_hard_beats_easy():
    assert strength("hard", "easy", 10) > 0.55


def test_hard_bot_reads_every_move_since_its_last_turn_and_keeps_the_voids():
    """A seat two places back that drew on hearts and kept lacks hearts until it draws cards that did not fit."""
    from bots.crazy_eights import _apply_voids, _remember

    def entry(n, move, top="9H", suit="H"):
        return {"n": n, "move": move, "top": top, "suit": suit}

    view = {"hand_number": 1, "dealer": 0, "reshuffles": 0, "discard_top": "9H", "discard_count": 4, "seat": 0}
    view["suit"] = "H"
    view["last_move"] = {"seat": 3, "type": "play", "card": "9H"}
    view["recent_moves"] = [
        entry(1, {"seat": 0, "type": "play", "card": "4H"}, top="4H"),
        entry(2, {"seat": 1, "type": "draw", "count": 1, "reshuffles": 0, "outcome": "drawn"}, top="4H"),
        entry(3, {"seat": 1, "type": "keep"}, top="4H"),
        entry(4, {"seat": 2, "type": "play", "card": "7H"}, top="7H"),
        entry(5, {"seat": 3, "type": "play", "card": "9H"}),
    ]
    memory = {}
    buried, voids = _remember(view, memory)
    assert voids == {"1": {"H": 1}}
    assert sorted(buried) == ["4H", "7H"]
    # The next round: nothing new from seat 1, the void stays; seat 3 passes with nothing to draw.
    view["recent_moves"] = view["recent_moves"][2:] + [
        entry(6, {"seat": 0, "type": "play", "card": "9S"}, top="9S", suit="S"),
        entry(7, {"seat": 1, "type": "play", "card": "KS"}, top="KS", suit="S"),
        entry(8, {"seat": 2, "type": "play", "card": "KD"}, top="KD", suit="D"),
        entry(9, {"seat": 3, "type": "draw", "count": 0, "reshuffles": 0, "outcome": "pass"}, top="KD", suit="D"),
    ]
    view.update(discard_top="KD", suit="D", discard_count=7)
    buried, voids = _remember(view, memory)
    assert voids == {"1": {"H": 1}, "3": {"D": 0}}
    assert sorted(buried) == ["4H", "7H", "9H", "9S", "KS"]
    # Seat 1 draws three cards on diamonds: the two that did not fit may be hearts.
    view["recent_moves"] = view["recent_moves"][4:] + [
        entry(10, {"seat": 0, "type": "play", "card": "2D"}, top="2D", suit="D"),
        entry(11, {"seat": 1, "type": "draw", "count": 3, "reshuffles": 0, "outcome": "drawn"}, top="2D", suit="D"),
        entry(12, {"seat": 1, "type": "keep"}, top="2D", suit="D"),
    ]
    view.update(discard_top="2D")
    _, voids = _remember(view, memory)
    assert voids == {"1": {"D": 1}, "3": {"D": 0}}
    assert json.loads(json.dumps(memory)) == memory
    # Sampled hands respect the voids: seat 3 holds no diamond, seat 1 one at most.
    state = {"hands": [[], ["2H", "3D", "4D", "5S"], [], ["6D", "7D", "QC"]], "stock": ["AS", "AC", "KC", "JS", "QS"]}
    _apply_voids(state, voids, random.Random(1))
    assert sum(c[1] == "D" for c in state["hands"][1]) == 1
    assert not [c for c in state["hands"][3] if c[1] == "D"]
