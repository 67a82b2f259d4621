"""Every engine refuses a move with a key its type does not have, or a value of the wrong type.

And the engine's own copy of a move (``games.canonical``) is the legal move it
names, so what a room applies, stores and sends is never the client's dict.
"""

import json
import random

import pytest

from games import IllegalMove, registry
from games.canonical import canonical_move
from games.fair import deal_label, shuffle
from tests.games.buraco.buraco_support import position, seq
from tests.hostile import HOSTILE_EXTRA_IDS, HOSTILE_EXTRAS

# (game, options, players): every engine, and Stealing Bundles' double piles (two more keys).
TABLES = [
    ("rouba_monte", {}, 3),
    ("stealing_bundles", {}, 2),
    ("stealing_bundles", {"double_piles": True, "jacks_wild": True}, 3),
    ("crazy_eights", {}, 3),
    ("buraco", {}, 4),
]


def positions(game_name: str, options: dict, players: int, seed: int, steps: int = 60):
    """(state, seat, legal) along one hand played with random legal moves."""
    engine = registry.get(game_name)
    deck = shuffle(f"{seed:064x}", deal_label(1), engine.new_deck(options))
    state = engine.deal(players, seed % players, deck, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if engine.is_over(state):
            return
        seat = engine.current_seat(state)
        legal = engine.legal_moves(state, seat)
        yield state, seat, legal
        state = engine.apply(state, seat, rng.choice(legal))


def refused(engine, state, seat, move, code="bad_move"):
    before = json.dumps(engine.to_json(state), sort_keys=True)
    with pytest.raises(IllegalMove) as exc:
        engine.apply(state, seat, move)
    assert exc.value.code == code, (move, exc.value)
    assert json.dumps(engine.to_json(state), sort_keys=True) == before


def wrong_types(value):
    """Values of another JSON type that a lax comparison would take for ``value``."""
    if isinstance(value, bool):
        return [int(value), str(value).lower()]
    if isinstance(value, int):
        return [float(value), value == 1, str(value), [value], float("nan"), float("inf")]
    if isinstance(value, str):
        return [[value], {value: value}, value.lower(), None]
    if isinstance(value, list):
        return ["".join(value), {"cards": value}, [[c] for c in value], None]
    return [None]


@pytest.mark.parametrize(("game_name", "options", "players"), TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_move_is_its_own_canonical_copy(game_name, options, players, seed):
    for _state, _seat, legal in positions(game_name, options, players, seed):
        for move in legal:
            copy = canonical_move(legal, json.loads(json.dumps(move)))
            assert copy == move and copy is not move


@pytest.mark.parametrize(("game_name", "options", "players"), TABLES)
@pytest.mark.parametrize("extra", HOSTILE_EXTRAS, ids=HOSTILE_EXTRA_IDS)
def test_a_key_the_move_does_not_have_is_refused_and_changes_nothing(game_name, options, players, extra):
    engine = registry.get(game_name)
    tried = 0
    for state, seat, legal in positions(game_name, options, players, seed=3, steps=25):
        for move in legal:
            hostile = {**move, **extra}
            assert canonical_move(legal, hostile) is None
            refused(engine, state, seat, hostile)
            tried += 1
    assert tried > 25


@pytest.mark.parametrize(("game_name", "options", "players"), TABLES)
def test_a_value_of_the_wrong_type_is_refused(game_name, options, players):
    engine = registry.get(game_name)
    tried = 0
    for state, seat, legal in positions(game_name, options, players, seed=4, steps=25):
        for move in legal:
            for key, value in move.items():
                if key == "type":
                    continue
                for other in wrong_types(value):
                    hostile = {**move, key: other}
                    assert canonical_move(legal, hostile) is None
                    with pytest.raises(IllegalMove):
                        engine.apply(state, seat, hostile)
                    tried += 1
    if game_name != "buraco":  # a Buraco hand of random play may meet no meld in 25 steps
        assert tried > 25


@pytest.mark.parametrize("game_name", registry.NAMES)
@pytest.mark.parametrize("move", [None, [], "draw", 7, {"type": ["draw_stock"]}, {"type": {"x": 1}}, {}])
def test_a_move_that_is_not_a_move_dict_is_a_bad_move(game_name, move):
    options, players = next((o, p) for g, o, p in TABLES if g == game_name)
    engine = registry.get(game_name)
    state, seat, legal = next(positions(game_name, options, players, seed=5))
    assert canonical_move(legal, move) is None
    refused(engine, state, seat, move)


def test_buraco_draws_refuse_any_other_key():
    from games import buraco

    state = position(hands={0: ["3C", "9D"]}, phase="draw")
    for kind in ("draw_stock", "draw_discard"):
        for extra in HOSTILE_EXTRAS:
            refused(buraco, state, 0, {"type": kind, **extra})
    assert buraco.apply(state, 0, {"type": "draw_stock"})["phase"] == "play"


def test_buraco_melds_and_adds_refuse_other_keys_but_take_their_cards_in_any_order():
    from games import buraco

    state = position(hands={0: ["3C", "4C", "5C", "6H", "9D", "KS"]}, melds={"0": [seq("789", "H")]})
    legal = buraco.legal_moves(state, 0)
    meld = next(m for m in legal if m["type"] == "meld")
    add = next(m for m in legal if m["type"] == "add")
    refused(buraco, state, 0, {**meld, "meld": 0})
    refused(buraco, state, 0, {**add, "card": "6H"})
    refused(buraco, state, 0, {"type": "discard", "card": "9D", "cards": ["9D"]})
    shuffled = {"type": "meld", "cards": list(reversed(meld["cards"]))}
    assert canonical_move(legal, shuffled) == meld
    assert canonical_move(legal, {"type": "meld", "cards": meld["cards"] + meld["cards"][:1]}) is None
