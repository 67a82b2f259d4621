"""State, dealing, turn order, refills, views and determinization of a fishing table.

The state is a plain JSON-safe dict; every function here that changes it works
on a copy made by ``begin_move`` so that ``apply`` never touches its input.
What a played card may take is decided by each game's ``rules`` module; this
module only moves cards once that decision is made. Never imports Django.

State keys:
    game, players, dealer, direction (1 upward, -1 downward), options, seed,
    hand (number of the hand in the match), hands (per seat), stock (index 0
    on top), centre (oldest first), piles (per seat a list of piles, each a
    list of cards bottom first), active (per seat), turn, over, abandoned,
    last_move, last_capture (seat of the last table capture), tiebreak_seats
    (None, or the seats of a tie-break round), recent (the hand's last moves,
    ``RECENT_PER_SEAT`` a seat, each with the centre and the pile tops it left:
    what a person at the table watched between two of their turns; a state
    stored before it was kept reads as none).
"""

import json

from games.cards import is_card
from games.errors import IllegalMove
from games.fair import ZERO_SEED

HAND_SIZE = 4
CENTRE_SIZE = 4
MIN_PLAYERS = 2
MAX_PLAYERS = 4
# Moves kept in ``recent`` per seat: a round of the table with room to spare (a seat with an
# empty hand is skipped, so a round can be shorter than the seats, never longer).
RECENT_PER_SEAT = 2


# ---------------------------------------------------------------- dealing


def seat_order(players: int, dealer: int, direction: int, active: list[bool]) -> list[int]:
    """Active seats starting next to the dealer in the direction of play, dealer last."""
    order = []
    for step in range(1, players + 1):
        s = (dealer + direction * step) % players
        if active[s]:
            order.append(s)
    return order


def new_state(
    game: str,
    players: int,
    dealer: int,
    deck: list,
    full_deck: list,
    options: dict,
    seed: str | None,
    hand: int,
    piles_per_seat: int = 1,
    direction: int = 1,
    seats: list | None = None,
) -> dict:
    """Deal a hand: four cards each one at a time from the dealer's next seat, four to the centre."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players!r}")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat, got {dealer!r}")
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
        raise ValueError(f"hand must be a positive number, got {hand!r}")
    deck = list(deck)
    if sorted(deck) != sorted(full_deck) or not all(is_card(c) for c in deck):
        raise ValueError("deck must be a permutation of the deck these options use")
    if seats is None:
        active = [True] * players
    else:
        if len(set(seats)) < MIN_PLAYERS or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players for s in seats
        ):
            raise ValueError("tie-break seats must be at least two distinct seats")
        active = [s in seats for s in range(players)]
    order = seat_order(players, dealer, direction, active)
    hands = [[] for _ in range(players)]
    pos = 0
    for _ in range(HAND_SIZE):
        for s in order:
            hands[s].append(deck[pos])
            pos += 1
    centre = deck[pos : pos + CENTRE_SIZE]
    stock = deck[pos + CENTRE_SIZE :]
    return {
        "game": game,
        "players": players,
        "dealer": dealer,
        "direction": direction,
        "options": dict(options),
        "seed": seed or ZERO_SEED,
        "hand": hand,
        "hands": hands,
        "stock": stock,
        "centre": centre,
        "piles": [[[] for _ in range(piles_per_seat)] for _ in range(players)],
        "active": active,
        "turn": order[0],
        "over": False,
        "abandoned": False,
        "last_move": None,
        "last_capture": None,
        "tiebreak_seats": sorted(seats) if seats is not None else None,
        "recent": [],
    }


# ---------------------------------------------------------------- reading


def pile_top(pile: list) -> str | None:
    return pile[-1] if pile else None


def pile_total(state: dict, seat: int) -> int:
    return sum(len(p) for p in state["piles"][seat])


def check_turn(state: dict, seat) -> None:
    """Raise the right code when ``seat`` may not move now."""
    if state["over"]:
        raise IllegalMove("hand_over", "the hand is over")
    if seat != state["turn"] or isinstance(seat, bool):
        raise IllegalMove("not_your_turn", "it is not your turn")


def read_card(move, key: str = "card") -> str:
    """The card code under ``key`` of a move dict, or ``bad_move``."""
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "a move is a dict")
    card = move.get(key)
    if not is_card(card):
        raise IllegalMove("bad_move", f"{key!r} must be a card code")
    return card


def check_keys(move: dict, allowed: tuple) -> None:
    """Refuse keys a move of this type does not have, so that ``legal_moves`` lists every accepted move."""
    if set(move) - set(allowed):
        # The message names what is allowed, never what was sent: a key may be 8 KB of anything.
        raise IllegalMove("bad_move", f"this move has only the keys {list(allowed)}")


def read_int(move: dict, key: str, limit: int) -> int:
    """An int in [0, limit) under ``key``, or ``bad_move``."""
    value = move.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise IllegalMove("bad_move", f"{key!r} must be a number from 0 to {limit - 1}")
    return value


# ---------------------------------------------------------------- moving cards


def begin_move(state: dict, seat: int) -> dict:
    """A shallow copy whose hands list and the mover's hand are fresh lists."""
    new = dict(state)
    hands = list(state["hands"])
    hands[seat] = list(hands[seat])
    new["hands"] = hands
    return new


def take_to_pile(new: dict, seat: int, pile: int, cards: list, card: str) -> None:
    """Put ``cards`` then the played ``card`` on top of one of ``seat``'s piles."""
    piles = list(new["piles"])
    mine = list(piles[seat])
    mine[pile] = mine[pile] + cards + [card]
    piles[seat] = mine
    new["piles"] = piles


def play_out(new: dict, seat: int, card: str) -> None:
    new["hands"][seat].remove(card)


def do_capture(new: dict, seat: int, card: str, taken: list, pile: int = 0) -> None:
    """Take ``taken`` from the centre with ``card`` into ``seat``'s pile."""
    play_out(new, seat, card)
    new["centre"] = [c for c in new["centre"] if c not in taken]
    take_to_pile(new, seat, pile, list(taken), card)
    new["last_capture"] = seat
    new["last_move"] = {"seat": seat, "type": "capture", "card": card, "taken": list(taken)}


def do_steal(new: dict, seat: int, card: str, victim: int, from_pile: int = 0, pile: int = 0) -> None:
    """Move ``victim``'s whole pile onto ``seat``'s pile, the played card on top."""
    play_out(new, seat, card)
    piles = list(new["piles"])
    theirs = list(piles[victim])
    stolen = theirs[from_pile]
    theirs[from_pile] = []
    piles[victim] = theirs
    new["piles"] = piles
    take_to_pile(new, seat, pile, stolen, card)
    new["last_move"] = {"seat": seat, "type": "steal", "card": card, "from": victim, "count": len(stolen)}


def do_discard(new: dict, seat: int, card: str) -> None:
    play_out(new, seat, card)
    new["centre"] = new["centre"] + [card]
    new["last_move"] = {"seat": seat, "type": "discard", "card": card}


def finish_turn(new: dict, mover: int) -> dict:
    """Refill when every active hand is empty, end the hand when nothing is left, pass the turn;
    the move goes into ``recent`` with the table it left."""
    new = _advance(new, mover)
    note_recent(new)
    return new


def note_recent(new: dict) -> None:
    """Append ``last_move`` to ``recent``, numbered within the hand, with the centre and the tops it left.

    Everything in an entry was face up when the move was made: the centre, the
    tops, the played card and the cards it took (a refill flag says that fresh
    hands were dealt after it, never which cards). A state without the key (one
    stored before it was kept, or a search's playout world, whose every view would
    copy the list) keeps none.
    """
    if "recent" not in new:
        return
    kept = new["recent"]
    entry = {
        "n": kept[-1]["n"] + 1 if kept else 1,
        "move": _copy_move(new["last_move"]),
        "centre": list(new["centre"]),
        "tops": {str(s): [p[-1] if p else None for p in own] for s, own in enumerate(new["piles"])},
    }
    new["recent"] = [*kept[-(RECENT_PER_SEAT * new["players"] - 1) :], entry]


def copy_recent(entries) -> list[dict]:
    """A copy of a list of recent moves ([] for ``None``: a state stored before they were kept).

    Built field by field, not through JSON: every view in a search's playouts makes one.
    """
    return [
        {
            "n": e["n"],
            "move": _copy_move(e["move"]),
            "centre": list(e["centre"]),
            "tops": {k: list(v) for k, v in e["tops"].items()},
        }
        for e in entries or ()
    ]


def _copy_move(move: dict) -> dict:
    """A move record's copy: its values are numbers, strings, flags and lists of cards."""
    return {k: list(v) if type(v) is list else v for k, v in move.items()}


def _advance(new: dict, mover: int) -> dict:
    active = new["active"]
    players = new["players"]
    if sum(active) < MIN_PLAYERS:
        return end_hand(new, abandoned=True)
    hands = new["hands"]
    if not any(hands[s] for s in range(players) if active[s]):
        # A tie-break round is a single hand of four cards: it never refills.
        if new["stock"] and new["tiebreak_seats"] is None:
            refill(new)
        else:
            return end_hand(new)
        hands = new["hands"]
    direction = new["direction"]
    s = mover
    for _ in range(players):
        s = (s + direction) % players
        if active[s] and hands[s]:
            new["turn"] = s
            return new
    return end_hand(new)


def refill(new: dict) -> None:
    """Up to four cards each, one at a time from the dealer's next seat, while the stock lasts."""
    order = seat_order(new["players"], new["dealer"], new["direction"], new["active"])
    stock = new["stock"]
    hands = list(new["hands"])
    for s in order:
        hands[s] = list(hands[s])
    pos = 0
    for _ in range(HAND_SIZE):
        for s in order:
            if pos < len(stock):
                hands[s].append(stock[pos])
                pos += 1
    new["hands"] = hands
    new["stock"] = stock[pos:]
    if new["last_move"] is not None:
        new["last_move"] = dict(new["last_move"], refill=True)


def end_hand(new: dict, abandoned: bool = False) -> dict:
    new["over"] = True
    new["turn"] = None
    new["abandoned"] = abandoned
    return new


def remove_player(state: dict, seat) -> dict:
    """A player leaves: hand and pile(s) go face up to the centre and the seat stops playing."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["players"]:
        raise ValueError(f"no seat {seat!r}")
    if not state["active"][seat] or state["over"]:
        return state
    new = begin_move(state, seat)
    returned = new["hands"][seat]
    new["hands"][seat] = []
    piles = list(new["piles"])
    for pile in piles[seat]:
        returned = returned + pile
    piles[seat] = [[] for _ in piles[seat]]
    new["piles"] = piles
    new["centre"] = new["centre"] + returned
    active = list(new["active"])
    active[seat] = False
    new["active"] = active
    if new["last_capture"] == seat:
        new["last_capture"] = None
    new["last_move"] = {"seat": seat, "type": "leave", "returned": list(returned)}
    if sum(active) >= MIN_PLAYERS and (
        new["turn"] == seat or not any(new["hands"][s] for s in range(new["players"]) if active[s])
    ):
        return finish_turn(new, seat)
    note_recent(new)
    if sum(active) < MIN_PLAYERS:
        return end_hand(new, abandoned=True)
    return new


# ---------------------------------------------------------------- views


def view(state: dict, seat) -> dict:
    """What ``seat`` may see (``None``: a spectator): never another hand or the stock.

    Buried cards stay hidden, but for those ``recent_moves`` shows face up during
    the last round (a card taken, a top since covered): every seat watched them.
    """
    players = state["players"]
    double = len(state["piles"][0]) > 1
    keys = [str(s) for s in range(players)]
    piles = {}
    doubles = {}
    for s, key in enumerate(keys):
        own = state["piles"][s]
        piles[key] = {"count": sum(len(p) for p in own), "top": pile_top(own[0])}
        if double:
            doubles[key] = [{"count": len(p), "top": pile_top(p)} for p in own]
    out = {
        "game": state["game"],
        "seat": seat,
        "turn": state["turn"],
        "hand_counts": {key: len(state["hands"][s]) for s, key in enumerate(keys)},
        "stock_count": len(state["stock"]),
        "over": state["over"],
        "centre": list(state["centre"]),
        "piles": piles,
        "active": {key: state["active"][s] for s, key in enumerate(keys)},
        "players": players,
        "dealer": state["dealer"],
        "direction": state["direction"],
        "hand_number": state["hand"],
        "options": dict(state["options"]),
        "last_move": json.loads(json.dumps(state["last_move"])) if state["last_move"] else None,
        "last_capture": state["last_capture"],
        "abandoned": state["abandoned"],
        "tiebreak_seats": list(state["tiebreak_seats"]) if state["tiebreak_seats"] is not None else None,
        "recent_moves": copy_recent(state.get("recent")),
    }
    if double:
        out["double_piles"] = doubles
    if seat is not None:
        out["hand"] = list(state["hands"][seat])
    return out


# ---------------------------------------------------------------- determinization


def sample_state(view: dict, rng, full_deck: list, seen=None) -> dict:
    """A full state consistent with ``view``: hidden cards dealt at random to hidden places.

    Hidden places are other hands, the stock and the buried cards of every pile
    (all but the top). Cards in ``seen`` are known to be out of play, so they go
    to buried places first; the rest of the hidden cards fill what is left.
    """
    players = view["players"]
    seat = view["seat"]
    double = "double_piles" in view
    keys = [str(s) for s in range(players)]
    own = list(view.get("hand", [])) if seat is not None else []
    tops = []
    pile_shapes = []  # per seat, per pile: (count, top)
    for key in keys:
        shapes = view["double_piles"][key] if double else [view["piles"][key]]
        pile_shapes.append([(p["count"], p["top"]) for p in shapes])
        tops.extend(p["top"] for p in shapes if p["top"])
    visible = set(own) | set(view["centre"]) | set(tops)
    hidden = [c for c in full_deck if c not in visible]
    hidden_set = set(hidden)
    known_out = sorted({c for c in (seen or ()) if c in hidden_set})
    buried_slots = sum(max(count - 1, 0) for shapes in pile_shapes for count, _ in shapes)
    rng.shuffle(known_out)
    to_bury = known_out[:buried_slots]
    rest = sorted(hidden_set - set(to_bury))
    rng.shuffle(rest)
    fill = buried_slots - len(to_bury)
    buried = to_bury + rest[:fill]
    rest = rest[fill:]
    rng.shuffle(buried)
    piles = []
    pos = 0
    for shapes in pile_shapes:
        mine = []
        for count, top in shapes:
            under = max(count - 1, 0)
            mine.append(buried[pos : pos + under] + ([top] if top else []))
            pos += under
        piles.append(mine)
    hands = []
    pos = 0
    for s, key in enumerate(keys):
        if s == seat:
            hands.append(own)
            continue
        count = view["hand_counts"][key]
        hands.append(rest[pos : pos + count])
        pos += count
    stock = rest[pos : pos + view["stock_count"]]
    options = dict(view["options"])
    return {
        "game": view["game"],
        "players": players,
        "dealer": view["dealer"],
        "direction": view["direction"],
        "options": options,
        "seed": ZERO_SEED,
        "hand": view["hand_number"],
        "hands": hands,
        "stock": stock,
        "centre": list(view["centre"]),
        "piles": piles,
        "active": [view["active"][key] for key in keys],
        "turn": view["turn"],
        "over": view["over"],
        "abandoned": view["abandoned"],
        "last_move": json.loads(json.dumps(view["last_move"])) if view["last_move"] else None,
        "last_capture": view["last_capture"],
        "tiebreak_seats": list(view["tiebreak_seats"]) if view["tiebreak_seats"] is not None else None,
        "recent": copy_recent(view.get("recent_moves")),
    }


# ---------------------------------------------------------------- storage

STATE_KEYS = (
    "game",
    "players",
    "dealer",
    "direction",
    "options",
    "seed",
    "hand",
    "hands",
    "stock",
    "centre",
    "piles",
    "active",
    "turn",
    "over",
    "abandoned",
    "last_move",
    "last_capture",
    "tiebreak_seats",
)


def to_json(state: dict) -> dict:
    """A JSON-safe deep copy of the state (the state already is plain data)."""
    return json.loads(json.dumps(state))


def from_json(data, game: str) -> dict:
    """The state back from ``to_json`` output (a dict, or its JSON text)."""
    if isinstance(data, (str, bytes, bytearray)):
        data = json.loads(data)
    else:
        data = json.loads(json.dumps(data))
    if not isinstance(data, dict) or data.get("game") != game or any(k not in data for k in STATE_KEYS):
        raise ValueError(f"not a {game} state")
    return data


# ---------------------------------------------------------------- scoring


def leaders(scores: dict, eligible) -> list[str]:
    """Seats (as strings) with the highest score among ``eligible``; all of them on a tie."""
    pool = [k for k in scores if k in eligible]
    if not pool:
        return []
    best = max(scores[k] for k in pool)
    return sorted((k for k in pool if scores[k] == best), key=int)


def seat_totals(totals: dict) -> dict:
    """The per-seat part of a totals dict (keys that are seat numbers)."""
    return {k: v for k, v in totals.items() if isinstance(k, str) and k.isdigit()}
