"""High Card: the engine contract in a few dozen lines (pure, no Django)."""

from games import contract
from games.cards import RANK_INDEX, deck52
from games.errors import IllegalMove
from tests.toygame.spec import SPEC

NAME = SPEC.name
OPTIONS = SPEC.defaults()
HAND_SIZE = 3
check_options = SPEC.check_options
public_move = contract.public_move
add_to_totals = contract.add_to_totals


def new_deck(options=None) -> list[str]:
    check_options(dict(options or {}))
    return deck52()


def deal(players, dealer, deck, options=None, seed=None, hand=1) -> dict:
    opts = check_options(dict(options or {}))
    if not 2 <= players <= 3 or sorted(deck) != sorted(deck52()):
        raise ValueError("two or three players and the 52 cards")
    hands = [list(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(players)]
    return {"players": players, "hands": hands, "laid": [[] for _ in hands], "turn": (dealer + 1) % players,
            "options": opts}  # fmt: skip


def current_seat(state):
    return None if is_over(state) else state["turn"]


def legal_moves(state, seat):
    if current_seat(state) != seat:
        return []
    return [{"type": "play", "card": card} for card in state["hands"][seat]]


def apply(state, seat, move):
    if current_seat(state) != seat:
        raise IllegalMove("not_your_turn")
    if move not in legal_moves(state, seat):
        raise IllegalMove("card_not_in_hand")
    hands = [list(h) for h in state["hands"]]
    laid = [list(cards) for cards in state["laid"]]
    hands[seat].remove(move["card"])
    laid[seat].append(move["card"])
    return {**state, "hands": hands, "laid": laid, "turn": (seat + 1) % state["players"]}


def view(state, seat) -> dict:
    over = is_over(state)
    return {"game": NAME, "seat": seat, "turn": current_seat(state), "over": over, "stock_count": 0,
            "hand_counts": {str(s): len(h) for s, h in enumerate(state["hands"])},
            **({} if seat is None else {"hand": list(state["hands"][seat])}),
            "laid": {str(s): list(cards) for s, cards in enumerate(state["laid"])}}  # fmt: skip


def auto_move(state, seat):
    return legal_moves(state, seat)[0]


def is_over(state) -> bool:
    return not any(state["hands"])


def result(state) -> dict:
    scores = {str(s): sum(RANK_INDEX[c[0]] + 1 for c in cards) for s, cards in enumerate(state["laid"])}
    best = max(scores.values())
    return {"scores": scores, "winners": [s for s, v in scores.items() if v == best], "breakdown": {}}


def match_status(totals, options=None) -> dict:
    target = check_options(dict(options or {}))["target"]
    best = max(totals.values(), default=0)
    if best < target:
        return {"over": False, "winners": []}
    return {"over": True, "winners": [s for s, v in totals.items() if v == best]}


def remove_player(state, seat):
    hands = [[] if s == seat else list(h) for s, h in enumerate(state["hands"])]
    return {**state, "hands": hands}


def to_json(state) -> dict:
    return {**state, "hands": [list(h) for h in state["hands"]], "laid": [list(c) for c in state["laid"]]}


def from_json(data) -> dict:
    return to_json(data)
