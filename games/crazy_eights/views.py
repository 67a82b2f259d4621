"""What a seat may know, and full states consistent with that knowledge.

``view`` is the only way state leaves the engine for a seat: it never shows
another seat's hand, the stock order, the cards buried under the top of the
pile (but those the last round of moves showed being played, which every seat
watched), or the identity of a card another seat drew. ``sample_state`` builds a
full state from a view alone (the determinization hook hard bots use).
"""

from games.cards import deck52, sort_key
from games.crazy_eights.rules import END_OUT, NAME, copy_recent, fits


def view(state: dict, seat: int | None) -> dict:
    """The JSON-safe dict for ``seat`` (``None``: the public, spectator view)."""
    players = state["players"]
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError("seat must be a seat number or None")
    turn = state["turn"]
    drawn = state["drawn"]
    out = {
        "game": NAME,
        "seat": seat,
        "players": players,
        "dealer": state["dealer"],
        "hand_number": state["hand_number"],
        "target": state["options"]["target"],
        "turn": turn,
        "hand_counts": {str(s): len(state["hands"][s]) for s in range(players)},
        "stock_count": len(state["stock"]),
        "discard_top": state["discard"][-1],
        "discard_count": len(state["discard"]),
        "suit": state["suit"],
        "drawn": drawn if seat is not None and seat == turn else None,
        "drawn_pending": drawn is not None,
        "runouts": state["runouts"],
        "reshuffles": state["reshuffles"],
        "passes_in_row": state["passes"],
        "last_move": dict(state["last_move"]) if state["last_move"] is not None else None,
        "recent_moves": copy_recent(state.get("recent")),
        "over": state["end"] is not None,
        "end": state["end"],
        "end_reason": state["end_reason"],
        "winner": state["winner"],
    }
    if seat is not None:
        out["hand"] = sorted(state["hands"][seat], key=sort_key)
    return out


def sample_state(view: dict, rng, seen=None) -> dict:
    """A full state consistent with ``view``: every card it does not show placed at random.

    Hidden places are the other hands, the stock and the pile under the top
    card, each with the count the view shows. ``seen`` holds cards the seat
    knows lie buried in the pile (played since the last reshuffle): they fill
    the buried places first. The seed is drawn from ``rng``, so reshuffles in
    the sampled future are as unknown as the real ones.
    """
    players = view["players"]
    seat = view["seat"]
    own = list(view["hand"]) if seat is not None else []
    top = view["discard_top"]
    known = set(own)
    known.add(top)
    unknown = [c for c in deck52() if c not in known]
    rng.shuffle(unknown)
    buried_n = view["discard_count"] - 1
    seen_set = set(seen or ())
    buried = [c for c in unknown if c in seen_set][:buried_n]
    chosen = set(buried)
    pool = [c for c in unknown if c not in chosen]
    fill = buried_n - len(buried)
    buried.extend(pool[:fill])
    pool = pool[fill:]
    hands: list[list[str]] = []
    pos = 0
    for s in range(players):
        if s == seat:
            hands.append(own)
            continue
        n = view["hand_counts"][str(s)]
        hands.append(pool[pos : pos + n])
        pos += n
    stock = pool[pos : pos + view["stock_count"]]
    if pos + view["stock_count"] != len(pool):
        raise ValueError("view counts do not add up to the deck")
    turn = view["turn"]
    drawn = view["drawn"] if seat is not None and seat == turn else None
    if view.get("drawn_pending") and drawn is None and turn is not None:
        drawn = _plant_drawn(hands, stock, buried, seen_set, turn, seat, top, view["suit"], rng)
    return {
        "game": NAME,
        "players": players,
        "dealer": view["dealer"],
        "hand_number": view["hand_number"],
        "seed": f"{rng.getrandbits(256):064x}",
        "options": {"target": view["target"]},
        "hands": hands,
        "stock": stock,
        "discard": [*buried, top],
        "suit": view["suit"],
        "turn": turn,
        "drawn": drawn,
        "runouts": view["runouts"],
        "reshuffles": view["reshuffles"],
        "passes": view["passes_in_row"],
        "end": view["end"],
        "end_reason": view["end_reason"],
        "winner": view["winner"] if view["end"] == END_OUT else None,
        "last_move": dict(view["last_move"]) if view["last_move"] is not None else None,
        "recent": copy_recent(view.get("recent_moves")),
    }


def _plant_drawn(
    hands: list[list[str]], stock: list[str], buried: list[str], seen: set, turn: int, seat, top: str, suit: str, rng
) -> str:
    """Another seat drew a card it has not yet played or kept: give it a fitting one."""
    hand = hands[turn]
    fitting = [c for c in hand if fits(c, top, suit)]
    if fitting:
        return rng.choice(fitting)
    # Swap a fitting card from the stock, another hidden hand or the buried pile (a card of
    # it nobody saw: with the stock drawn empty it may be the only place one is left) into
    # that hand.
    donors = [("stock", i) for i, c in enumerate(stock) if fits(c, top, suit)]
    for s, other in enumerate(hands):
        if s != turn and s != seat:
            donors.extend((s, i) for i, c in enumerate(other) if fits(c, top, suit))
    donors.extend(("buried", i) for i, c in enumerate(buried) if c not in seen and fits(c, top, suit))
    where, i = rng.choice(donors)
    source = {"stock": stock, "buried": buried}.get(where) if isinstance(where, str) else hands[where]
    j = rng.randrange(len(hand))
    source[i], hand[j] = hand[j], source[i]
    return hand[j]


def unplayable_reason(view: dict, card: str) -> str | None:
    """Why a card of the seat's hand cannot be played now (for the table's hint), or None if it can.

    Codes: ``hand_over``, ``not_your_turn``, ``must_play_drawn_or_keep`` (a drawn card is
    pending and this is another card), ``card_not_in_hand``, ``card_does_not_fit`` (neither the
    suit to follow nor the top card's rank, and not an eight). Built from the view alone.
    """
    if view["over"]:
        return "hand_over"
    if view["seat"] is None or view["turn"] != view["seat"]:
        return "not_your_turn"
    if card not in view["hand"]:
        return "card_not_in_hand"
    if view["drawn"] is not None and card != view["drawn"]:
        return "must_play_drawn_or_keep"
    if not fits(card, view["discard_top"], view["suit"]):
        return "card_does_not_fit"
    return None


def public_move(move: dict, state, seat: int) -> dict:
    """The move as every seat may see it: a draw or a kept card says nothing of the card."""
    if move.get("type") in ("draw", "keep"):
        return {"type": move["type"]}
    return move
