"""Rouba Monte: capture one centre card of the same rank, or steal an opponent's whole pile.

Seed rules (docs/rules/rouba_monte.md): one hand card and one target per move,
suits ignored, no sums; a capture or a steal is compulsory whenever any hand
card allows one; the hand ends when the stock and every hand are empty; most
cards in the pile wins, ties share, centre leftovers count for nobody.
The table mechanics (deal, refills, views) are shared in ``games.fishing``.
"""

from games.cards import RANK_INDEX, deck52
from games.errors import IllegalMove
from games.fishing import table
from games.rouba_monte.spec import SPEC

NAME = "rouba_monte"
OPTIONS: dict = SPEC.defaults()

# The keys each move type carries; any other key is a malformed move.
KEYS = {"capture": ("type", "card", "target"), "steal": ("type", "card", "from"), "discard": ("type", "card")}


def check_options(options) -> dict:
    """Every option with its default filled in; ``ValueError`` for unknown names or bad values."""
    return SPEC.check_options(dict(options or {}))


def new_deck(options=None) -> list[str]:
    """The canonical 52-card deck (Rouba Monte has no deck variation)."""
    check_options(options)
    return deck52()


def deal(players, dealer, deck, options=None, seed=None, hand=1) -> dict:
    """Four cards each, one at a time from the dealer's left, then four face up to the centre."""
    opts = check_options(options)
    return table.new_state(NAME, players, dealer, deck, deck52(), opts, seed, hand)


def current_seat(state: dict):
    return None if state["over"] else state["turn"]


def is_over(state: dict) -> bool:
    return state["over"]


def _takes(state: dict, seat: int) -> list[dict]:
    """Every capture and steal open to ``seat``: one hand card, one target each."""
    centre = state["centre"]
    piles = state["piles"]
    moves = []
    for card in state["hands"][seat]:
        r = card[0]
        for target in centre:
            if target[0] == r:
                moves.append({"type": "capture", "card": card, "target": target})
        for s in range(state["players"]):
            if s != seat:
                pile = piles[s][0]
                if pile and pile[-1][0] == r:
                    moves.append({"type": "steal", "card": card, "from": s})
    return moves


def legal_moves(state: dict, seat) -> list[dict]:
    """Captures and steals when any exists (they are compulsory), else a discard of any hand card."""
    if state["over"] or seat != state["turn"] or isinstance(seat, bool):
        return []
    takes = _takes(state, seat)
    if takes:
        return takes
    return [{"type": "discard", "card": card} for card in state["hands"][seat]]


def apply(state: dict, seat, move) -> dict:
    """The state after ``seat`` plays ``move``; ``IllegalMove`` leaves ``state`` untouched."""
    table.check_turn(state, seat)
    card = table.read_card(move)
    kind = move.get("type")
    hand = state["hands"][seat]
    if kind not in ("capture", "steal", "discard"):
        raise IllegalMove("bad_move", "type must be capture, steal or discard")
    if card not in hand:
        raise IllegalMove("card_not_in_hand", f"{card} is not in your hand")
    table.check_keys(move, KEYS[kind])
    new = table.begin_move(state, seat)
    if kind == "capture":
        target = table.read_card(move, "target")
        if target not in state["centre"]:
            raise IllegalMove("bad_target", f"{target} is not in the centre")
        if target[0] != card[0]:
            raise IllegalMove("bad_target", f"{card} does not match {target}: ranks must be equal")
        table.do_capture(new, seat, card, [target])
    elif kind == "steal":
        victim = table.read_int(move, "from", state["players"])
        if victim == seat:
            raise IllegalMove("own_pile", "you cannot take your own pile")
        pile = state["piles"][victim][0]
        if not pile or pile[-1][0] != card[0]:
            raise IllegalMove("bad_steal", f"{card} does not match the top of seat {victim}'s pile")
        table.do_steal(new, seat, card, victim)
    else:
        if _takes(state, seat):
            raise IllegalMove("must_capture", "a capture or a steal is possible: you must take one")
        table.do_discard(new, seat, card)
    return table.finish_turn(new, seat)


def _unseen_copies(state: dict, seat: int, r: str) -> int:
    """Copies of rank ``r`` that ``seat`` cannot see: 4 minus its own hand, the centre and the pile tops."""
    visible = [c for c in state["hands"][seat] if c[0] == r]
    visible += [c for c in state["centre"] if c[0] == r]
    for own in state["piles"]:
        for pile in own:
            if pile and pile[-1][0] == r:
                visible.append(pile[-1])
    return 4 - len(visible)


def auto_move(state: dict, seat) -> dict:
    """The move made when time runs out: the biggest steal, else a capture, else the least useful discard.

    Least useful: the card whose rank has the fewest copies the seat cannot
    see (so it is least likely to be captured by someone else), then the
    lowest rank, then the canonical card order.
    """
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove("not_your_turn", "it is not your turn")
    steals = [m for m in moves if m["type"] == "steal"]
    if steals:
        return max(steals, key=lambda m: len(state["piles"][m["from"]][0]))
    captures = [m for m in moves if m["type"] == "capture"]
    if captures:
        return captures[0]
    return min(
        moves,
        key=lambda m: (_unseen_copies(state, seat, m["card"][0]), RANK_INDEX[m["card"][0]], m["card"][1]),
    )


def result(state: dict) -> dict:
    """Cards in each pile; the most cards wins among active seats; no winner when the hand was abandoned."""
    keys = [str(s) for s in range(state["players"])]
    scores = {key: table.pile_total(state, s) for s, key in enumerate(keys)}
    eligible = {key for s, key in enumerate(keys) if state["active"][s]}
    winners = [] if state["abandoned"] or not state["over"] else table.leaders(scores, eligible)
    return {
        "scores": scores,
        "winners": winners,
        "abandoned": state["abandoned"],
        "breakdown": {
            "piles": dict(scores),
            "active": {key: state["active"][s] for s, key in enumerate(keys)},
            "centre_left": list(state["centre"]),
        },
    }


def match_status(totals: dict, options=None) -> dict:
    """A Rouba Monte match is one hand: over at once; the most cards wins, ties share.

    ``totals`` is ``result()["scores"]``; a truthy ``"abandoned"`` key (the
    hand ended with fewer than two active players) means no winner.
    """
    check_options(options)
    if totals.get("abandoned"):
        return {"over": True, "winners": []}
    seats = table.seat_totals(totals)
    return {"over": True, "winners": table.leaders(seats, set(seats))}


def remove_player(state: dict, seat) -> dict:
    return table.remove_player(state, seat)


def view(state: dict, seat) -> dict:
    return table.view(state, seat)


def sample_state(view: dict, rng, seen=None) -> dict:
    return table.sample_state(view, rng, deck52(), seen)


def to_json(state: dict) -> dict:
    return table.to_json(state)


def from_json(data) -> dict:
    return table.from_json(data, NAME)
