"""Crazy Eights: dealing, turn flow and the moves a seat may make.

The state is a plain JSON-safe dict; ``apply`` returns a new dict and copies
only the lists it changes, so the caller's state is never touched. Reshuffles
use the fair stream (``hand:{hand}:reshuffle:{k}``) so that a hand replays from
its seed and its moves. Never imports Django.
"""

from games import fair
from games.cards import RANK_INDEX, SUIT_INDEX, SUITS, deck52, is_card
from games.crazy_eights.points import card_points
from games.crazy_eights.spec import SPEC
from games.errors import IllegalMove

NAME = "crazy_eights"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
# Seven cards each with two players, five with three to six.
HAND_SIZE = {2: 7, 3: 5, 4: 5, 5: 5, 6: 5}
EIGHT = "8"
# The stock may run out 20 times in a hand; the 21st run-out ends it as blocked.
MAX_RUNOUTS = 20
# Moves kept in ``recent`` per seat: a round of the table, a draw and its play or keep each.
RECENT_PER_SEAT = 2
OPTIONS = SPEC.defaults()

END_OUT = "out"
END_BLOCKED = "blocked"
REASON_RUNOUTS = "runouts"
REASON_PASSES = "passes"

_MOVE_KEYS = {
    "play": ({"type", "card"}, {"suit"}),
    "draw": ({"type"}, set()),
    "keep": ({"type"}, set()),
    "pass": ({"type"}, set()),
}


def check_options(options: dict | None) -> dict:
    """The full options dict; ``ValueError`` for an unknown name or a bad value."""
    return SPEC.check_options(dict(options or {}))


def new_deck(options: dict | None = None) -> list[str]:
    """The canonical 52-card deck (the fair deal shuffles it)."""
    check_options(options)
    return deck52()


def deal(
    players: int, dealer: int, deck: list[str], options: dict | None = None, seed: str | None = None, hand: int = 1
):
    """A new hand: cards one at a time from the dealer's left, then the first discard.

    An eight turned for the first discard goes back into the middle of the
    stock (index ``len(stock) // 2`` after taking it off) and the next card is
    turned, as often as an eight turns up.
    """
    full = check_options(options)
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"{NAME} needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError("dealer must be a seat")
    deck = list(deck)
    if len(deck) != 52 or sorted(deck) != sorted(deck52()):
        raise ValueError("deck must be the 52 cards, each once")
    size = HAND_SIZE[players]
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(size * players):
        hands[(dealer + 1 + i) % players].append(deck[i])
    stock = deck[size * players :]
    top = stock.pop(0)
    while top[0] == EIGHT:
        stock.insert(len(stock) // 2, top)
        top = stock.pop(0)
    return {
        "game": NAME,
        "players": players,
        "dealer": dealer,
        "hand_number": hand,
        "seed": seed,
        "options": full,
        "hands": hands,
        "stock": stock,
        "discard": [top],
        "suit": top[1],
        "turn": (dealer + 1) % players,
        "drawn": None,
        "runouts": 0,
        "reshuffles": 0,
        "passes": 0,
        "end": None,
        "end_reason": None,
        "winner": None,
        "last_move": None,
        "recent": [],
    }


def fits(card: str, top: str, suit: str) -> bool:
    """May ``card`` go on ``top`` when ``suit`` is to be followed? Eights go anywhere."""
    return card[0] == EIGHT or card[1] == suit or card[0] == top[0]


def can_draw(state: dict) -> bool:
    """Is there anything to draw: the stock, or a pile under the top card to reshuffle?"""
    return bool(state["stock"]) or len(state["discard"]) > 1


def current_seat(state: dict) -> int | None:
    return state["turn"]


def is_over(state: dict) -> bool:
    return state["end"] is not None


def _play_moves(card: str) -> list[dict]:
    if card[0] == EIGHT:
        return [{"type": "play", "card": card, "suit": s} for s in SUITS]
    return [{"type": "play", "card": card}]


def legal_moves(state: dict, seat: int) -> list[dict]:
    """Every move ``apply`` accepts from ``seat`` now; [] when it is not its turn."""
    if state["end"] is not None or seat != state["turn"]:
        return []
    drawn = state["drawn"]
    if drawn is not None:
        return [*_play_moves(drawn), {"type": "keep"}]
    rank = state["discard"][-1][0]
    suit = state["suit"]
    moves = []
    for card in state["hands"][seat]:
        if card[0] == EIGHT:
            moves.extend({"type": "play", "card": card, "suit": s} for s in SUITS)
        elif card[1] == suit or card[0] == rank:
            moves.append({"type": "play", "card": card})
    if state["stock"] or len(state["discard"]) > 1:
        moves.append({"type": "draw"})
    elif not moves:
        moves.append({"type": "pass"})
    return moves


def _check_shape(move: object) -> str:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "a move is a dict")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in _MOVE_KEYS:
        raise IllegalMove("bad_move", "unknown move type")
    required, optional = _MOVE_KEYS[kind]
    keys = set(move)
    if not required <= keys or keys - required - optional:
        raise IllegalMove("bad_move", f"a {kind} move has keys {sorted(required | optional)}")
    if kind == "play":
        if not is_card(move["card"]):
            raise IllegalMove("bad_move", "card must be a card code")
        if "suit" in move and not (isinstance(move["suit"], str) and move["suit"] in SUIT_INDEX):
            raise IllegalMove("bad_move", "suit must be one of C D H S")
    return kind


def _next(state: dict, seat: int) -> int:
    return (seat + 1) % state["players"]


def _replace_hand(state: dict, seat: int, hand: list[str]) -> list[list[str]]:
    hands = list(state["hands"])
    hands[seat] = hand
    return hands


def apply(state: dict, seat: int, move: dict) -> dict:
    """The state after ``seat`` makes ``move``; raises ``IllegalMove`` and changes nothing if refused."""
    if state["end"] is not None:
        raise IllegalMove("hand_over", "the hand is over")
    if seat != state["turn"]:
        raise IllegalMove("not_your_turn", "it is not your turn")
    kind = _check_shape(move)
    if kind == "play":
        new = _play(state, seat, move)
    elif kind == "draw":
        new = _draw(state, seat)
    elif kind == "keep":
        new = _keep(state, seat)
    else:
        new = _pass(state, seat)
    new["recent"] = _recent(state, new)
    return new


def _recent(state: dict, new: dict) -> list[dict]:
    """The last moves of the hand as the table saw them, each with the top card and suit it left.

    A person at the table watches every move; a seat's view at its turn shows only the
    last one. ``recent`` keeps a round of them (two moves a seat: a draw and its play or
    keep), numbered within the hand, so a bot can follow what everyone showed since its
    own last turn (which suit a seat drew on, which cards went under the top). A reshuffle
    starts them again: the cards they showed went back into the hidden stock.
    """
    kept = state.get("recent") or []
    number = kept[-1]["n"] + 1 if kept else 1
    entry = {"n": number, "move": dict(new["last_move"]), "top": new["discard"][-1], "suit": new["suit"]}
    if new["reshuffles"] != state["reshuffles"]:
        # The cards those moves showed are in the stock now, as hidden as any other card there.
        return [entry]
    return [*kept[-(RECENT_PER_SEAT * state["players"] - 1) :], entry]


def _play(state: dict, seat: int, move: dict) -> dict:
    card = move["card"]
    drawn = state["drawn"]
    if drawn is not None and card != drawn:
        raise IllegalMove("must_play_drawn_or_keep", "play the card you drew or keep it")
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalMove("card_not_in_hand", "you do not hold that card")
    if card[0] == EIGHT:
        if "suit" not in move:
            raise IllegalMove("suit_required", "an eight needs a suit")
        suit = move["suit"]
    else:
        if "suit" in move:
            raise IllegalMove("bad_move", "only an eight declares a suit")
        suit = card[1]
    top = state["discard"][-1]
    if not fits(card, top, state["suit"]):
        raise IllegalMove("card_does_not_fit", "play a card of the suit or the number of the top card, or an eight")
    new_hand = list(hand)
    new_hand.remove(card)
    last = {"seat": seat, "type": "play", "card": card}
    if card[0] == EIGHT:
        last["suit"] = suit
    new = dict(state)
    new["hands"] = _replace_hand(state, seat, new_hand)
    new["discard"] = [*state["discard"], card]
    new["suit"] = suit
    new["drawn"] = None
    new["passes"] = 0
    new["last_move"] = last
    if not new_hand:
        new["end"] = END_OUT
        new["winner"] = seat
        new["turn"] = None
    else:
        new["turn"] = _next(state, seat)
    return new


def _draw(state: dict, seat: int) -> dict:
    """Draw one card at a time until one fits, reshuffling the pile when the stock is found empty."""
    if state["drawn"] is not None:
        raise IllegalMove("must_play_drawn_or_keep", "you already drew: play that card or keep it")
    if not can_draw(state):
        raise IllegalMove("nothing_to_draw", "the stock is empty and there is nothing to reshuffle")
    stock = list(state["stock"])
    discard = state["discard"]
    hand = list(state["hands"][seat])
    top = discard[-1]
    suit = state["suit"]
    runouts = state["runouts"]
    reshuffles = state["reshuffles"]
    count = 0
    outcome = None
    drawn = None
    while True:
        if not stock:
            runouts += 1
            if runouts > MAX_RUNOUTS:
                outcome = "blocked"
                break
            if len(discard) <= 1:
                outcome = "pass"
                break
            reshuffles += 1
            label = fair.reshuffle_label(state["hand_number"], reshuffles)
            stock = fair.shuffle(state["seed"], label, discard[:-1])
            discard = discard[-1:]
        card = stock.pop(0)
        hand.append(card)
        count += 1
        if fits(card, top, suit):
            drawn = card
            outcome = "drawn"
            break
    new = dict(state)
    new["hands"] = _replace_hand(state, seat, hand)
    new["stock"] = stock
    new["discard"] = discard
    new["runouts"] = runouts
    new["reshuffles"] = reshuffles
    new["drawn"] = drawn
    new["last_move"] = {
        "seat": seat,
        "type": "draw",
        "count": count,
        "reshuffles": reshuffles - state["reshuffles"],
        "outcome": outcome,
    }
    if outcome == "blocked":
        _block(new, REASON_RUNOUTS)
    elif outcome == "pass":
        if any(fits(c, top, suit) for c in hand):
            # Nothing was left to draw, but this seat holds a card that fits: it is not
            # one of "ninguém pode jogar nem comprar", so the row of passes starts again.
            new["passes"] = 0
            new["turn"] = _next(state, seat)
        else:
            _count_pass(new, seat)
    return new


def _keep(state: dict, seat: int) -> dict:
    if state["drawn"] is None:
        raise IllegalMove("nothing_to_keep", "keep follows a draw")
    new = dict(state)
    new["drawn"] = None
    new["passes"] = 0
    new["turn"] = _next(state, seat)
    new["last_move"] = {"seat": seat, "type": "keep"}
    return new


def _pass(state: dict, seat: int) -> dict:
    if state["drawn"] is not None:
        raise IllegalMove("must_play_drawn_or_keep", "play the card you drew or keep it")
    if can_draw(state) or any(fits(c, state["discard"][-1], state["suit"]) for c in state["hands"][seat]):
        raise IllegalMove("cannot_pass", "you may pass only when you can neither play nor draw")
    new = dict(state)
    new["last_move"] = {"seat": seat, "type": "pass"}
    _count_pass(new, seat)
    return new


def _count_pass(new: dict, seat: int) -> None:
    """One more pass in a row by a seat that can neither play nor draw.

    When every seat has passed so in a row the hand is blocked: the top card and
    the suit have not changed since the first of those passes and only the seat
    that drew took cards (none fitting), so nobody can play or draw.
    """
    new["passes"] = new["passes"] + 1
    if new["passes"] >= new["players"]:
        _block(new, REASON_PASSES)
    else:
        new["turn"] = _next(new, seat)


def _block(new: dict, reason: str) -> None:
    new["end"] = END_BLOCKED
    new["end_reason"] = reason
    new["turn"] = None
    new["drawn"] = None


def auto_move(state: dict, seat: int) -> dict:
    """The move made for a seat whose time ran out (see docs/rules/crazy_eights.md).

    The lowest playable card: lowest points, then rank order A..K, then suit
    order C D H S, eights last (declaring the suit held most). Otherwise draw;
    a drawn card is then played (it always fits). Otherwise pass.
    """
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove("not_your_turn" if state["end"] is None else "hand_over", "no move to make")
    hand = state["hands"][seat]
    drawn = state["drawn"]
    if drawn is not None:
        return _with_suit(drawn, hand)
    plays = [m["card"] for m in moves if m["type"] == "play"]
    if plays:
        card = min(plays, key=lowest_key)
        return _with_suit(card, hand)
    return moves[-1]  # "draw" or "pass": the only other move


def lowest_key(card: str) -> tuple[int, int, int]:
    """Order for "lowest card": points, then rank A..K, then suit C D H S (eights are worth 50: last)."""
    return card_points(card), RANK_INDEX[card[0]], SUIT_INDEX[card[1]]


def best_suit(hand: list[str], played: str) -> str:
    """The suit held most among the cards that stay (eights aside); ties in suit order C D H S."""
    counts = dict.fromkeys(SUITS, 0)
    for card in hand:
        if card != played and card[0] != EIGHT:
            counts[card[1]] += 1
    return max(SUITS, key=lambda s: (counts[s], -SUIT_INDEX[s]))


def _with_suit(card: str, hand: list[str]) -> dict:
    if card[0] == EIGHT:
        return {"type": "play", "card": card, "suit": best_suit(hand, card)}
    return {"type": "play", "card": card}


def remove_player(state: dict, seat: int) -> dict:
    """Not supported: in a room a leaving player's seat is taken over by a bot."""
    raise IllegalMove("not_supported", "a player who leaves Crazy Eights is replaced by a bot")


def to_json(state: dict) -> dict:
    """A JSON-safe copy of the state (lists copied, so the caller may keep both)."""
    out = dict(state)
    out["options"] = dict(state["options"])
    out["hands"] = [list(h) for h in state["hands"]]
    out["stock"] = list(state["stock"])
    out["discard"] = list(state["discard"])
    out["last_move"] = dict(state["last_move"]) if state["last_move"] is not None else None
    out["recent"] = copy_recent(state.get("recent"))
    return out


def copy_recent(entries) -> list[dict]:
    """A copy of a list of recent moves ([] for ``None``: a state stored before they were kept)."""
    return [dict(e, move=dict(e["move"])) for e in entries or ()]


def from_json(data: dict) -> dict:
    """The state from ``to_json``'s output (or its JSON text)."""
    if isinstance(data, str):
        import json

        data = json.loads(data)
    return to_json(data)
