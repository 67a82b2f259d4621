"""Buraco turn flow: dealing, the legal moves of a turn, applying them, the morto
and the end of the hand.

A turn is one draw (a stock card or the whole discard pile), then any number of
melds and additions to the team's runs, then one discard. ``apply`` returns a
new state and copies only what it changes. Never imports Django.
"""

import json
from collections import Counter

from games.buraco.heuristics import best_discard
from games.buraco.runs import (
    CLEAN_KINDS,
    MIN_RUN,
    RUN_MIXED_SUITS,
    RUN_NOT_IN_SEQUENCE,
    RUN_SET,
    RUN_TWO_WILDS,
    additions,
    make_run,
    new_runs,
    run_problem,
)
from games.buraco.scoring import has_clean_canastra, team_of
from games.buraco.spec import SPEC
from games.cards import deck104, is_card, sort_key
from games.errors import IllegalMove

NAME = "buraco"
PLAYERS = 4
HAND_SIZE = 11
MORTO_SIZE = 11
DECK_SIZE = 104
OPTIONS = SPEC.defaults()

RUN_PROBLEM_TEXT = {
    RUN_SET: "Buraco melds runs only: cards of one rank are not a run",
    RUN_MIXED_SUITS: "a run is of one suit",
    RUN_TWO_WILDS: "a run holds at most one 2 standing in for another card",
    RUN_NOT_IN_SEQUENCE: "these cards are not in sequence",
}
# Safety limit: a hand in which players keep taking the discard pile back and
# forth would never use up the stock. After this many turns the hand ends as if
# the stock had run out (no going-out bonus).
MAX_TURNS = 300

DRAW, PLAY, OVER = "draw", "play", "over"
END_BATIDA, END_STOCK, END_LIMIT = "batida", "stock", "limit"


def new_deck(options: dict | None = None) -> list[str]:
    """The canonical 104-card deck (two 52-card decks, no jokers)."""
    check_options(options)
    return deck104()


def check_options(options: dict | None) -> dict:
    """The full options dict; ``ValueError`` for an unknown name or a bad value."""
    return SPEC.check_options(dict(options or {}))


def deal(players: int, dealer: int, deck, options: dict | None = None, seed: str | None = None, hand: int = 1) -> dict:
    """Eleven cards each from the left of the dealer, the two mortos (team 0 then 1), 38 to the stock."""
    if players != PLAYERS:
        raise ValueError("Buraco needs exactly four players")
    if not isinstance(dealer, int) or not 0 <= dealer < PLAYERS:
        raise ValueError("dealer must be a seat 0..3")
    opts = check_options(options)
    deck = list(deck)
    if len(deck) != DECK_SIZE or Counter(deck) != Counter(deck104()):
        raise ValueError("Buraco deals the 104 cards of two 52-card decks")
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    pos = 0
    for _ in range(HAND_SIZE):
        for k in range(PLAYERS):
            hands[(dealer + 1 + k) % PLAYERS].append(deck[pos])
            pos += 1
    morto0 = deck[pos : pos + MORTO_SIZE]
    morto1 = deck[pos + MORTO_SIZE : pos + 2 * MORTO_SIZE]
    return {
        "game": NAME,
        "options": opts,
        "seed": seed,
        "hand_no": hand,
        "dealer": dealer,
        "hands": hands,
        "stock": deck[pos + 2 * MORTO_SIZE :],
        "discard": [],
        "mortos": {"0": morto0, "1": morto1},
        "melds": {"0": [], "1": []},
        "morto_taken": {"0": False, "1": False},
        "morto_pending": {"0": False, "1": False},
        "morto_seat": {"0": None, "1": None},
        "turn": (dealer + 1) % PLAYERS,
        "phase": DRAW,
        "turns": 0,
        "went_out": None,
        "end": None,
        "last": None,
    }


def current_seat(state: dict) -> int | None:
    return None if state["phase"] == OVER else state["turn"]


def is_over(state: dict) -> bool:
    return state["phase"] == OVER


# --- Legal moves ----------------------------------------------------------------------


def legal_moves(state: dict, seat: int) -> list[dict]:
    """Every move ``apply`` accepts for ``seat`` now; [] when it is not that seat's turn.

    Once the team's morto is taken, a play that leaves fewer than two cards (or a last
    discard) is listed only when the team has a clean canastra after it.
    """
    if state["phase"] == OVER or seat != state["turn"]:
        return []
    if state["phase"] == DRAW:
        moves = []
        if state["stock"]:
            moves.append({"type": "draw_stock"})
        if state["discard"]:
            moves.append({"type": "draw_discard"})
        return moves
    team = team_of(seat)
    hand = state["hands"][seat]
    counter = Counter(hand)
    size = len(hand)
    taken = state["morto_taken"][team]
    melds = state["melds"][team]
    clean_now = has_clean_canastra(melds)
    moves = []
    for cards in new_runs(counter):
        left = size - len(cards)
        if left < 2 and taken and not clean_now:
            run = make_run(cards)
            if run["canastra"] not in CLEAN_KINDS:
                continue
        moves.append({"type": "meld", "cards": cards})
    for i, meld in enumerate(melds):
        clean_others = None
        for cards in additions(meld["cards"], counter):
            left = size - len(cards)
            if left < 2 and taken:
                if clean_others is None:
                    clean_others = any(m["canastra"] in CLEAN_KINDS for j, m in enumerate(melds) if j != i)
                if not clean_others and make_run(meld["cards"] + cards)["canastra"] not in CLEAN_KINDS:
                    continue
            moves.append({"type": "add", "meld": i, "cards": cards})
    if size > 1 or not taken or clean_now:
        moves.extend({"type": "discard", "card": c} for c in sorted(counter, key=sort_key))
    return moves


# --- Applying moves -------------------------------------------------------------------


def _card_list(move: dict, key: str) -> list[str]:
    cards = move.get(key)
    if not isinstance(cards, list) or not all(is_card(c) for c in cards):
        raise IllegalMove("bad_move", f"'{key}' must be a list of card codes")
    return cards


def _take(hand: list[str], cards: list[str]) -> list[str]:
    """``hand`` without ``cards`` (a multiset); IllegalMove if any is missing."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            raise IllegalMove("card_not_in_hand", f"{c} is not in your hand") from None
    return rest


# The keys each move type carries; any other key makes the move malformed, so that
# what ``apply`` accepts is exactly what ``legal_moves`` lists.
MOVE_KEYS = {
    "draw_stock": ("type",),
    "draw_discard": ("type",),
    "discard": ("type", "card"),
    "meld": ("type", "cards"),
    "add": ("type", "meld", "cards"),
}


def _check_shape(move) -> str:
    """The move's type, once its keys are those of its type with the right types; ``bad_move`` otherwise."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad_move", "a move is a dict with a 'type'")
    kind = move["type"]
    if kind not in MOVE_KEYS:
        raise IllegalMove("bad_move", f"the move types are {list(MOVE_KEYS)}")
    extra = set(move) - set(MOVE_KEYS[kind])
    if extra:
        raise IllegalMove("bad_move", f"a {kind} move has only the keys {list(MOVE_KEYS[kind])}")
    if kind in ("draw_stock", "draw_discard"):
        return kind
    if kind == "discard":
        if not is_card(move.get("card")):
            raise IllegalMove("bad_move", "'card' must be a card code")
        return kind
    _card_list(move, "cards")
    if kind == "add":
        index = move.get("meld")
        if isinstance(index, bool) or not isinstance(index, int):
            raise IllegalMove("bad_move", "'meld' must be the index of one of your team's runs")
        if not move["cards"]:
            raise IllegalMove("bad_move", "add at least one card")
    return kind


def apply(state: dict, seat: int, move: dict) -> dict:
    """The state after ``seat`` makes ``move``; the input is left unchanged."""
    kind = _check_shape(move)
    if state["phase"] == OVER:
        raise IllegalMove("hand_over", "the hand is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != state["turn"]:
        raise IllegalMove("not_your_turn", "it is not your turn")
    if kind in ("draw_stock", "draw_discard"):
        if state["phase"] != DRAW:
            raise IllegalMove("already_drawn", "you have already drawn this turn")
        return _draw(state, seat, kind)
    if state["phase"] != PLAY:
        raise IllegalMove("must_draw", "draw from the stock or the discard pile first")
    if kind == "discard":
        return _discard(state, seat, move)
    return _lay_down(state, seat, move, kind)


def _draw(state: dict, seat: int, kind: str) -> dict:
    new = dict(state)
    hands = list(state["hands"])
    if kind == "draw_stock":
        if not state["stock"]:
            raise IllegalMove("stock_empty", "the stock is empty")
        hands[seat] = hands[seat] + [state["stock"][0]]
        new["stock"] = state["stock"][1:]
        new["last"] = {"seat": seat, "type": kind}
    else:
        if not state["discard"]:
            raise IllegalMove("discard_empty", "the discard pile is empty")
        hands[seat] = hands[seat] + state["discard"]
        new["discard"] = []
        new["last"] = {"seat": seat, "type": kind, "cards": list(state["discard"])}
    new["hands"] = hands
    new["phase"] = PLAY
    return new


def _lay_down(state: dict, seat: int, move: dict, kind: str) -> dict:
    cards = _card_list(move, "cards")
    team = team_of(seat)
    melds = state["melds"][team]
    if kind == "meld":
        if len(cards) < MIN_RUN:
            raise IllegalMove("too_few_cards", "a new run needs at least three cards")
        index = len(melds)
        base: list[str] = []
    else:
        index = move["meld"]
        if not 0 <= index < len(melds):
            raise IllegalMove("no_such_meld", "your team has no such run")
        base = melds[index]["cards"]
    rest = _take(state["hands"][seat], cards)
    run = make_run(base + cards)
    if run is None:
        code = run_problem(base + cards)
        if code is None:
            raise IllegalMove("invalid_run", "these cards do not form a run of one suit")
        raise IllegalMove(code, RUN_PROBLEM_TEXT[code])
    new_melds = list(melds)
    if kind == "meld":
        new_melds.append(run)
    else:
        new_melds[index] = run
    taken = state["morto_taken"][team]
    if len(rest) < 2 and taken and not has_clean_canastra(new_melds):
        raise IllegalMove(
            "needs_clean_canastra", "after the morto, keep two cards unless your team has a clean canastra"
        )
    new = dict(state)
    new["melds"] = {**state["melds"], team: new_melds}
    hands = list(state["hands"])
    hands[seat] = rest
    new["hands"] = hands
    last = {"seat": seat, "type": kind, "cards": list(cards)}
    if kind == "add":
        last["meld"] = index
    new["last"] = last
    if not rest:
        if taken:
            return _end(new, END_BATIDA, team)
        # Morto direto: the eleven cards at once, and the same turn goes on.
        hands[seat] = list(state["mortos"][team])
        new["mortos"] = {**state["mortos"], team: []}
        new["morto_taken"] = {**state["morto_taken"], team: True}
        new["morto_seat"] = {**state["morto_seat"], team: seat}
        last["morto"] = "direct"
    return new


def _discard(state: dict, seat: int, move: dict) -> dict:
    card = move["card"]
    team = team_of(seat)
    rest = _take(state["hands"][seat], [card])
    taken = state["morto_taken"][team]
    if not rest and taken and not has_clean_canastra(state["melds"][team]):
        raise IllegalMove("needs_clean_canastra", "you may not empty your hand without a clean canastra")
    new = dict(state)
    hands = list(state["hands"])
    hands[seat] = rest
    new["hands"] = hands
    new["discard"] = state["discard"] + [card]
    new["turns"] = state["turns"] + 1
    last = {"seat": seat, "type": "discard", "card": card}
    new["last"] = last
    if not rest:
        if taken:
            return _end(new, END_BATIDA, team)
        # Morto indireto: received now, usable from this player's next turn.
        hands[seat] = list(state["mortos"][team])
        new["mortos"] = {**state["mortos"], team: []}
        new["morto_taken"] = {**state["morto_taken"], team: True}
        new["morto_pending"] = {**state["morto_pending"], team: True}
        new["morto_seat"] = {**state["morto_seat"], team: seat}
        last["morto"] = "indirect"
    if not new["stock"]:
        return _end(new, END_STOCK, None)
    if new["turns"] >= MAX_TURNS:
        return _end(new, END_LIMIT, None)
    nxt = (seat + 1) % PLAYERS
    new["turn"] = nxt
    new["phase"] = DRAW
    nteam = team_of(nxt)
    if new["morto_pending"][nteam] and new["morto_seat"][nteam] == nxt:
        new["morto_pending"] = {**new["morto_pending"], nteam: False}
    return new


def _end(new: dict, reason: str, team: str | None) -> dict:
    new["phase"] = OVER
    new["turn"] = None
    new["end"] = reason
    new["went_out"] = team
    return new


def remove_player(state: dict, seat: int) -> dict:
    """A leaver's seat is taken over by a bot with the same hand and team: nothing changes."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS:
        raise ValueError("no such seat")
    return dict(state)


def auto_move(state: dict, seat: int) -> dict:
    """The move made for a seat whose time ran out: draw from the stock (the pile if
    the stock is empty), otherwise the legal discard least useful to both sides."""
    if state["phase"] == OVER:
        raise IllegalMove("hand_over", "the hand is over")
    if seat != state["turn"]:
        raise IllegalMove("not_your_turn", "it is not your turn")
    if state["phase"] == DRAW:
        return {"type": "draw_stock"} if state["stock"] else {"type": "draw_discard"}
    team = team_of(seat)
    hand = state["hands"][seat]
    if len(hand) == 1 and state["morto_taken"][team] and not has_clean_canastra(state["melds"][team]):
        # Unreachable by the rules (a play never leaves one card without a clean canastra), kept as a guard.
        raise IllegalMove("needs_clean_canastra", "no legal discard")
    own = [m["cards"] for m in state["melds"][team]]
    other = [m["cards"] for m in state["melds"][team_of(seat + 1)]]
    return {"type": "discard", "card": best_discard(hand, own, other)}


def to_json(state: dict) -> dict:
    """A JSON-safe deep copy (the state is plain data already)."""
    return json.loads(json.dumps(state))


def from_json(data) -> dict:
    """The state from ``to_json`` output (or its JSON text)."""
    if isinstance(data, str):
        data = json.loads(data)
    if not isinstance(data, dict) or data.get("game") != NAME:
        raise ValueError("not a Buraco state")
    return json.loads(json.dumps(data))
