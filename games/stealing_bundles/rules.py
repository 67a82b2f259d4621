"""Stealing Bundles (classic rules): a played card steals a matching pile, else takes every centre card of its rank.

Any hand card may be played, but what it does is forced: a card that can steal
must steal (the player picks which pile when several match), one that can
capture takes every centre card of its rank, any other card stays in the
centre. The seed's house rules are options (docs/rules/stealing_bundles.md).
The table mechanics (deal, refills, views) are shared in ``games.fishing``.
"""

from games.cards import RANK_INDEX, deck40, deck52
from games.errors import IllegalMove
from games.fishing import table
from games.stealing_bundles.spec import SPEC

NAME = "stealing_bundles"

OPTIONS = SPEC.defaults()

# Set by the room when it deals a tie-break round (see deal_tiebreak); not a house rule.
ROUND_OPTIONS = {"tiebreak_round": False, "tiebreak_seats": None}

MATCH_SCORINGS = SPEC.option("match_scoring").choices

# The keys each move type carries (plus the pile choices with double piles); any other key is malformed.
KEYS = {"capture": ("type", "card", "target"), "steal": ("type", "card", "from"), "discard": ("type", "card")}
DOUBLE_KEYS = {"capture": ("pile",), "steal": ("from_pile", "pile"), "discard": ()}


def check_options(options) -> dict:
    """A room's options, every one filled in; ``ValueError`` for unknown names or bad values."""
    return SPEC.check_options(dict(options or {}))


def _options(options) -> dict:
    """The options of a hand: a room's, plus the round options of a tie-break deal."""
    options = dict(options or {})
    round_options = {name: options.pop(name) for name in ROUND_OPTIONS if name in options}
    if not isinstance(round_options.get("tiebreak_round", False), bool):
        raise ValueError("tiebreak_round must be true or false")
    return {**check_options(options), **round_options}


def tiebreak_options(options: dict, seats: list[int]) -> dict:
    """The options of a tie-break round among ``seats`` (engine seats): what ``deal`` reads, and a replay."""
    return {**options, "tiebreak_round": True, "tiebreak_seats": sorted(seats)}


def new_deck(options=None) -> list[str]:
    """52 cards, or the 40-card deck (A-7, J, Q, K) with ``deck40``."""
    return deck40() if _options(options)["deck40"] else deck52()


def deal(players, dealer, deck, options=None, seed=None, hand=1) -> dict:
    """Four cards each one at a time from the dealer's next seat, then four face up to the centre.

    With ``tiebreak_round`` in the options only ``tiebreak_seats`` are dealt in
    (see ``deal_tiebreak``).
    """
    opts = _options(options)
    seats = None
    if opts.get("tiebreak_round"):
        seats = opts.get("tiebreak_seats")
        if not isinstance(seats, list):
            raise ValueError("a tie-break round needs tiebreak_seats, a list of seats")
    else:
        opts.pop("tiebreak_round", None)
        opts.pop("tiebreak_seats", None)
    return table.new_state(
        NAME,
        players,
        dealer,
        deck,
        new_deck(opts),
        opts,
        seed,
        hand,
        piles_per_seat=2 if opts["double_piles"] else 1,
        direction=-1 if opts["counter_clockwise"] else 1,
        seats=seats,
    )


def deal_tiebreak(players, dealer, deck, seats, options=None, seed=None, hand=1) -> dict:
    """The tie-break round: four cards to each tied seat, four to the centre, only those seats play."""
    opts = dict(options or {})
    opts["tiebreak_round"] = True
    opts["tiebreak_seats"] = sorted(seats)
    return deal(players, dealer, deck, opts, seed, hand)


def current_seat(state: dict):
    return None if state["over"] else state["turn"]


def is_over(state: dict) -> bool:
    return state["over"]


# ---------------------------------------------------------------- what a card does


def steal_targets(state: dict, seat: int, card: str) -> list[tuple[int, int]]:
    """(seat, pile) of every opponent pile ``card`` steals: top of the same rank, or any with a wild Jack."""
    opts = state["options"]
    if opts["no_steal"]:
        return []
    wild = opts["jacks_wild"] and card[0] == "J"
    out = []
    for s, own in enumerate(state["piles"]):
        if s == seat:
            continue
        for p, pile in enumerate(own):
            if pile and (wild or pile[-1][0] == card[0]):
                out.append((s, p))
    return out


def capture_targets(state: dict, card: str) -> list[str]:
    """Every centre card of ``card``'s rank: a capture takes all of them."""
    return [c for c in state["centre"] if c[0] == card[0]]


def legal_moves(state: dict, seat) -> list[dict]:
    """One entry per hand card effect: its steals, else its captures (one per target named), else its discard."""
    if state["over"] or seat != state["turn"] or isinstance(seat, bool):
        return []
    double = state["options"]["double_piles"]
    dests = (0, 1) if double else (None,)
    moves = []
    for card in state["hands"][seat]:
        steals = steal_targets(state, seat, card)
        if steals:
            for victim, from_pile in steals:
                for dest in dests:
                    move = {"type": "steal", "card": card, "from": victim}
                    if double:
                        move["from_pile"] = from_pile
                        move["pile"] = dest
                    moves.append(move)
            continue
        targets = capture_targets(state, card)
        if targets:
            for target in targets:
                for dest in dests:
                    move = {"type": "capture", "card": card, "target": target}
                    if double:
                        move["pile"] = dest
                    moves.append(move)
            continue
        moves.append({"type": "discard", "card": card})
    return moves


def _read_pile(state: dict, move: dict, key: str) -> int:
    """Pile index under ``key``: required (0 or 1) with double piles; single piles are pile 0."""
    if state["options"]["double_piles"]:
        return table.read_int(move, key, 2)
    return 0


def apply(state: dict, seat, move) -> dict:
    """The state after ``seat`` plays ``move``; ``IllegalMove`` leaves ``state`` untouched."""
    table.check_turn(state, seat)
    card = table.read_card(move)
    kind = move.get("type")
    if kind not in ("capture", "steal", "discard"):
        raise IllegalMove("bad_move", "type must be capture, steal or discard")
    if card not in state["hands"][seat]:
        raise IllegalMove("card_not_in_hand", f"{card} is not in your hand")
    table.check_keys(move, KEYS[kind] + (DOUBLE_KEYS[kind] if state["options"]["double_piles"] else ()))
    steals = steal_targets(state, seat, card)
    new = table.begin_move(state, seat)
    if kind == "steal":
        victim = table.read_int(move, "from", state["players"])
        from_pile = _read_pile(state, move, "from_pile")
        dest = _read_pile(state, move, "pile")
        if state["options"]["no_steal"]:
            raise IllegalMove("no_steal", "piles cannot be stolen in this game")
        if victim == seat:
            raise IllegalMove("own_pile", "you cannot take your own pile")
        if (victim, from_pile) not in steals:
            raise IllegalMove("bad_steal", f"{card} does not match the top of that pile")
        table.do_steal(new, seat, card, victim, from_pile, dest)
        if state["options"]["double_piles"]:
            new["last_move"].update(from_pile=from_pile, pile=dest)
        return table.finish_turn(new, seat)
    if steals:
        raise IllegalMove("must_steal", f"{card} matches an opponent's pile: it must steal it")
    if kind == "capture":
        target = table.read_card(move, "target")
        dest = _read_pile(state, move, "pile")
        if target not in state["centre"]:
            raise IllegalMove("bad_target", f"{target} is not in the centre")
        if target[0] != card[0]:
            raise IllegalMove("bad_target", f"{card} does not match {target}: ranks must be equal")
        table.do_capture(new, seat, card, capture_targets(state, card), dest)
        if state["options"]["double_piles"]:
            new["last_move"]["pile"] = dest
        if state["options"]["sweep_bonus"] and not new["centre"] and new["stock"]:
            # Clearing the table earns the top stock card, straight into the capturer's hand.
            new["hands"][seat].append(new["stock"][0])
            new["stock"] = new["stock"][1:]
            new["last_move"]["sweep_draw"] = True
        return table.finish_turn(new, seat)
    if capture_targets(state, card):
        raise IllegalMove("must_capture", f"{card} matches a centre card: it must capture")
    table.do_discard(new, seat, card)
    return table.finish_turn(new, seat)


# ---------------------------------------------------------------- timeouts


def _unseen_copies(state: dict, seat: int, r: str) -> int:
    """Copies of rank ``r`` that ``seat`` cannot see (own hand, centre and pile tops are seen)."""
    seen = sum(1 for c in state["hands"][seat] if c[0] == r)
    seen += sum(1 for c in state["centre"] if c[0] == r)
    seen += sum(1 for own in state["piles"] for p in own if p and p[-1][0] == r)
    return 4 - seen


def auto_move(state: dict, seat) -> dict:
    """The move made when time runs out: the biggest steal, else the capture taking most, else a discard.

    The discard is the least useful card: the one whose rank has the fewest
    copies the seat cannot see, then the lowest rank, then the suit order. With
    double piles the cards go to the smaller own pile (spreading the risk).
    """
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove("not_your_turn", "it is not your turn")
    piles = state["piles"]
    own = [len(p) for p in piles[seat]]
    small = own.index(min(own))

    def dest_ok(m):
        return "pile" not in m or m["pile"] == small

    steals = [m for m in moves if m["type"] == "steal" and dest_ok(m)]
    if steals:
        return max(steals, key=lambda m: len(piles[m["from"]][m.get("from_pile", 0)]))
    captures = [m for m in moves if m["type"] == "capture" and dest_ok(m)]
    if captures:
        return max(captures, key=lambda m: len(capture_targets(state, m["card"])))
    discards = [m for m in moves if m["type"] == "discard"]
    return min(
        discards,
        key=lambda m: (_unseen_copies(state, seat, m["card"][0]), RANK_INDEX[m["card"][0]], m["card"][1]),
    )


# ---------------------------------------------------------------- scoring


def _eligible(state: dict) -> set[str]:
    return {str(s) for s in range(state["players"]) if state["active"][s]}


def result(state: dict) -> dict:
    """Cards in each pile (plus the table for the last capturer with that house rule); most cards wins.

    ``match_points`` is what this hand adds to the match totals (cards, or one
    per winner when games are counted) and ``games`` counts 1 for a game and 0
    for a tie-break round; see ``add_to_totals``.
    """
    opts = state["options"]
    keys = [str(s) for s in range(state["players"])]
    piles = {key: table.pile_total(state, s) for s, key in enumerate(keys)}
    bonus = {key: 0 for key in keys}
    last = state["last_capture"]
    if opts["last_capture_bonus"] and state["over"] and not state["abandoned"] and last is not None:
        bonus[str(last)] = len(state["centre"])
    scores = {key: piles[key] + bonus[key] for key in keys}
    winners = [] if state["abandoned"] or not state["over"] else table.leaders(scores, _eligible(state))
    if opts["match_scoring"] == "cards":
        points = dict(scores)
    else:
        points = {key: (1 if key in winners else 0) for key in keys}
    tiebreak_round = state["tiebreak_seats"] is not None
    return {
        "scores": scores,
        "winners": winners,
        "abandoned": state["abandoned"],
        "match_points": points,
        "games": 0 if tiebreak_round else 1,
        "breakdown": {
            "piles": piles,
            "last_capture_bonus": bonus,
            "active": {key: state["active"][s] for s, key in enumerate(keys)},
            "centre_left": list(state["centre"]),
            "tiebreak_round": tiebreak_round,
        },
    }


def add_to_totals(totals: dict | None, hand_result: dict, keys: dict | None = None) -> dict:
    """Match totals after one more hand: seat -> summed ``match_points``, plus ``games`` and ``abandoned``.

    ``keys`` renames the hand's seats to the match's (the room's seats).
    """
    out = dict(totals or {})
    for key, value in hand_result["match_points"].items():
        name = (keys or {}).get(key, key)
        out[name] = out.get(name, 0) + value
    out["games"] = out.get("games", 0) + hand_result["games"]
    out["abandoned"] = bool(out.get("abandoned")) or hand_result["abandoned"]
    return out


def match_status(totals: dict, options=None) -> dict:
    """Over after ``match_games`` games with a single leader (or any leaders without ``tiebreak``).

    ``totals`` maps seats ("0", "1", ...) to match points summed over the
    hands (``add_to_totals``): games won with ``match_scoring`` "wins", cards
    with "cards". Reserved keys: ``games`` (games finished; taken as 1 when
    absent) and ``abandoned`` (a hand ended for want of players: over, no
    winner). With ``tiebreak`` a tie at the top is not over and
    ``tiebreak_seats`` names the seats to deal a tie-break round to.
    """
    opts = _options(options)
    if totals.get("abandoned"):
        return {"over": True, "winners": [], "tiebreak_seats": []}
    seats = table.seat_totals(totals)
    if totals.get("games", 1) < opts["match_games"]:
        return {"over": False, "winners": [], "tiebreak_seats": []}
    top = table.leaders(seats, set(seats))
    if opts["tiebreak"] and len(top) > 1:
        return {"over": False, "winners": [], "tiebreak_seats": [int(k) for k in top]}
    return {"over": True, "winners": top, "tiebreak_seats": []}


def remove_player(state: dict, seat) -> dict:
    return table.remove_player(state, seat)


def view(state: dict, seat) -> dict:
    return table.view(state, seat)


def sample_state(view: dict, rng, seen=None) -> dict:
    return table.sample_state(view, rng, new_deck(view["options"]), seen)


def to_json(state: dict) -> dict:
    return table.to_json(state)


def from_json(data) -> dict:
    return table.from_json(data, NAME)
