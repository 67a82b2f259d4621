"""The Buraco turn planner: which runs to lay down and extend, what to keep, when to go for
the morto and the batida, and which card to discard.

A turn after the draw is a puzzle with no hidden cards in it: the seat's hand and its team's
runs decide every lay-down, so the planner searches sequences of lay-downs on a small state
built from the seat's view alone (the hand, the team's runs, the morto flags; the other hands,
the stock and the mortos are left empty) with the engine's own ``legal_moves`` and ``apply``,
and scores where each sequence leaves the seat with ``position_value``. The seat then makes the
first move of the best sequence; the next call plans again from the new view, so a plan never
outlives what it was made from.

What the opponents took from the pile and laid down is tracked in the bot's ``memory`` from
the public piles and runs (``track``), and the discard that feeds them least is chosen with it.
Never reads anything the view does not show.
"""

from collections import Counter

from games.buraco import apply, legal_moves
from games.buraco.heuristics import FEEDS_OPPONENT, extends, feeds_flat, keep_scores
from games.buraco.runs import CANASTRA_BONUS, CLEAN_KINDS
from games.buraco.scoring import card_value, cards_value, has_clean_canastra, table_points
from games.buraco.views import unseen_cards
from games.cards import RANK_INDEX, SUIT_INDEX

FULL_STOCK = 38
# What a run on the table is still worth beyond its cards: its chance of becoming a canastra.
# The chance that a run of this length still becomes a canastra, clean or (with its 2) dirty.
CLEAN_CHANCE = {3: 0.06, 4: 0.12, 5: 0.25, 6: 0.45}
DIRTY_CHANCE = {3: 0.08, 4: 0.15, 5: 0.3, 6: 0.5}
BATIDA_KEY = 150  # the team's first clean canastra: without one the hand cannot be ended
DIRTY_OPEN = 20  # a 2 spent on a run that is no canastra yet
CARD_IN_HAND = 3  # each card held: a turn further from the morto
CARD_IN_HAND_READY = 12  # the same once the morto is taken and a clean canastra made: a turn further from the batida
HAND_WEIGHT_EARLY = 0.35  # share of a held card's value counted while the stock is full
WILD_HELD = 14  # a 2 in hand (at most two counted): it completes or extends a run later
NEAR_1, NEAR_2 = 6, 3  # same-suit cards in hand one and two steps apart: a run in the making
MORTO_DIRECT = 190  # the hand emptied by laying down: eleven new cards now, the penalty gone
MORTO_INDIRECT = 150  # emptied by the discard: the morto from the next turn
FEEDS_TAKEN = 10  # a card next to one an opponent took from the pile (and still holds)
# The hard level's defence, by what the card does to the opponent run it lengthens (the plain
# levels charge FEEDS_OPPONENT for any run): refusing every such card locks both teams out of
# their canastras, and the hands end by the stock.
FEED_SHORT = 12  # a run still two cards or more from a canastra, or one already made
FEED_CLEAN_SIX = 30  # a clean run of five made six: the next card makes the clean canastra
FEED_CANASTRA = 60  # the card makes the run a canastra
FEED_FIRST_CLEAN = 90  # ... their first clean canastra: the key to their batida
OUTS_HAND = 3  # with at most this many cards kept (and the hand endable), the discard keeps the most outs


def _other(team: str) -> str:
    return "1" if team == "0" else "0"


def _canonical(card: str):
    return SUIT_INDEX[card[1]], RANK_INDEX[card[0]]


def move_key(move):
    """A stable order of moves, also the tie-break between equal scores."""
    cards = move.get("cards") or ([move["card"]] if "card" in move else [])
    return (move["type"], move.get("meld", -1), tuple(sorted(_canonical(c) for c in cards)))


# --- The small state of one seat's turn ------------------------------------------------


def turn_state(view, hand=None) -> dict:
    """A state holding only what ``view`` shows of the seat's turn: its hand (or ``hand``),
    both teams' runs and the morto flags, in the play phase. Other hands, the stock and the
    mortos are empty: the planner never looks past the lay-downs of this turn."""
    seat = view["seat"]
    hands = [[] for _ in range(4)]
    hands[seat] = list(view["hand"] if hand is None else hand)
    return {
        "game": "buraco",
        "options": {},
        "hands": hands,
        "stock": [],
        "discard": [],
        "mortos": {"0": [], "1": []},
        "melds": {t: [dict(m) for m in view["melds"][t]] for t in ("0", "1")},
        "morto_taken": dict(view["morto_taken"]),
        "morto_pending": dict(view["morto_pending"]),
        "morto_seat": dict(view["morto_seat"]),
        "turn": seat,
        "phase": "play",
        "turns": 0,
        "went_out": None,
        "end": None,
        "last": None,
    }


# --- What the seat knows of the others (public information only) ----------------------


def track(view, memory) -> dict:
    """Update ``memory`` with what the public table says since the seat's last turn.

    ``memory["pile"]`` is the pile as this seat left it; when the pile seen now does not
    start with it, someone took it: the seats after us discarded one card each onto the
    fresh pile, so its length names the (latest) taker, who holds the pile we left unless
    a seat before it took it first: an estimate from public cards, never a look at a hand. Cards an
    opponent took and has since laid down are dropped from what it holds.
    """
    if memory is None:
        return {"took": {}}
    took = memory.setdefault("took", {})
    left = memory.get("pile")
    pile = view["discard"]
    seat = view["seat"]
    if left is not None and memory.get("hand_no") == view["hand_no"]:
        if pile[: len(left)] != left and len(pile) <= 3:
            taker = str((seat + 3 - len(pile) + 1) % 4) if pile else str((seat + 3) % 4)
            took.setdefault(taker, []).extend(left)
        memory["pile"] = None  # read once: the draw, lay-downs and discard of a turn each call again
    elif memory.get("hand_no") != view["hand_no"]:
        took.clear()
    memory["hand_no"] = view["hand_no"]
    for s, cards in list(took.items()):
        team_table = Counter()
        for m in view["melds"][str(int(s) % 2)]:
            team_table.update(m["cards"])
        held = []
        for c in cards:
            if team_table[c] > 0:
                team_table[c] -= 1
            else:
                held.append(c)
        took[s] = held
    return memory


def remember_discard(view, memory, card: str) -> None:
    """The pile as this seat leaves it, to see next turn whether someone took it."""
    if memory is not None:
        memory["pile"] = list(view["discard"]) + [card]
        memory["hand_no"] = view["hand_no"]


def opponent_wants(view, memory) -> set[str]:
    """Cards next to those the opponents took from the pile and still hold: what they collect."""
    if not memory:
        return set()
    other = _other(view["team"])
    wants = set()
    for s, cards in memory.get("took", {}).items():
        if str(int(s) % 2) != other:
            continue
        for c in cards:
            if c[0] == "2":
                continue
            r = RANK_INDEX[c[0]]
            for d in (-2, -1, 1, 2):
                wants.add("A23456789TJQK"[(r + d) % 13] + c[1])
    return wants


# --- Values -----------------------------------------------------------------------------


def hand_weight(view) -> float:
    """How much a held card's value counts: little while the stock is full, all of it at the end."""
    left = max(0, min(FULL_STOCK, view["stock_count"]))
    return HAND_WEIGHT_EARLY + (1 - HAND_WEIGHT_EARLY) * (1 - left / FULL_STOCK)


def _promise(melds, need_clean: bool) -> float:
    """What the team's runs that are no canastra yet are expected to add as canastras."""
    clean_worth = CANASTRA_BONUS["clean"] + (BATIDA_KEY if need_clean else 0)
    out = 0.0
    for m in melds:
        if m["canastra"] is not None:
            continue
        n = len(m["cards"])
        if m["wild"] is None:
            out += CLEAN_CHANCE.get(n, 0) * clean_worth
        else:
            out += DIRTY_CHANCE.get(n, 0) * CANASTRA_BONUS["dirty"] - DIRTY_OPEN
    return out


def _hand_shape(hand) -> float:
    """Near cards of one suit and 2s held: how much the hand is already a run in the making."""
    by_suit: dict[str, set[int]] = {}
    wilds = 0
    for c in hand:
        if c[0] == "2":
            wilds += 1
            continue
        r = RANK_INDEX[c[0]]
        pos = by_suit.setdefault(c[1], set())
        pos.add(r + 1)
        if r == 0:
            pos.add(14)
    score = WILD_HELD * min(wilds, 2)
    for pos in by_suit.values():
        for p in pos:
            if p + 1 in pos:
                score += NEAR_1
            if p + 2 in pos:
                score += NEAR_2
    return score


def _card_in_hand(state, team, need_clean) -> float:
    return CARD_IN_HAND_READY if state["morto_taken"][team] and not need_clean else CARD_IN_HAND


def position_value(view, state, weight: float) -> float:
    """What the seat's team has after a sequence of lay-downs, before the discard."""
    team = view["team"]
    seat = view["seat"]
    melds = state["melds"][team]
    hand = state["hands"][seat]
    need_clean = not has_clean_canastra(melds)
    value = float(table_points(melds)) + _promise(melds, need_clean)
    if not need_clean:
        value += BATIDA_KEY
    value -= weight * cards_value(hand) + _card_in_hand(state, team, need_clean) * len(hand)
    value += _hand_shape(hand)
    return value


def feeds_graded(view):
    """What a natural card costs by what it makes of the opponents' runs (``keep_scores``'s
    ``feeds``): little for a run far from a canastra, much for the card that makes one, and the
    full plain cost for any card once the opponents are ready to go out (each card they shed
    brings their batida nearer)."""
    other = _other(view["team"])
    melds = view["melds"][other]
    ready = view["morto_taken"][other] and view["clean_canastra"][other]
    need_clean = not view["clean_canastra"][other]

    def cost(card: str, _runs) -> float:
        worst = 0.0
        for m in melds:
            run = tuple(m["cards"])
            if not extends(run, card):
                continue
            n = len(run)
            clean = m["wild"] is None
            if n == 6:
                price = FEED_FIRST_CLEAN if clean and need_clean else FEED_CANASTRA
            elif n == 5 and clean:
                price = FEED_CLEAN_SIX
            else:
                price = FEED_SHORT
            worst = max(worst, FEEDS_OPPONENT if ready else 0.0, price)
        return worst

    return cost


def discard_costs(view, hand, melds_own, memory, feeds=feeds_flat) -> dict[str, float]:
    """Card -> what discarding it costs: its use to us and what it gives the next seats
    (``feeds``: how a card lengthening their runs is priced, ``keep_scores``'s)."""
    other = [m["cards"] for m in view["melds"][_other(view["team"])]]
    scores = keep_scores(hand, [m["cards"] for m in melds_own], other, feeds)
    wants = opponent_wants(view, memory)
    for c in scores:
        if c in wants:
            scores[c] += FEEDS_TAKEN
    return scores


# --- The plan ----------------------------------------------------------------------------


class Plan:
    """The best sequence found: its first move, its value and whether it ends the hand or takes the morto."""

    __slots__ = ("moves", "value", "outcome")

    def __init__(self, moves, value, outcome):
        self.moves = moves
        self.value = value
        self.outcome = outcome  # "morto_direct", "morto_indirect", "batida", or None


def _stop_value(view, state, weight, memory, going_out_ok, feeds=feeds_flat) -> tuple[float, dict | None, str | None]:
    """The value of stopping the lay-downs here: the best discard, or the hand's end."""
    team = view["team"]
    seat = view["seat"]
    if state["phase"] == "over":
        return (batida_value(view, state) if going_out_ok else -1e6), None, "batida"
    last = state["last"] or {}
    if last.get("morto") == "direct":
        return position_value(view, state, weight) + MORTO_DIRECT, None, "morto_direct"
    hand = state["hands"][seat]
    if not hand:
        return -1e6, None, None
    if len(hand) == 1:
        if state["morto_taken"][team] and not has_clean_canastra(state["melds"][team]):
            return -1e6, None, None
        card = hand[0]
        move = {"type": "discard", "card": card}
        if state["morto_taken"][team]:
            return (batida_value(view, apply(state, seat, move)) if going_out_ok else -1e6), move, "batida"
        after = apply(state, seat, move)
        return position_value(view, after, weight) + MORTO_INDIRECT, move, "morto_indirect"
    costs = discard_costs(view, hand, state["melds"][team], memory, feeds)
    card = min(costs, key=lambda c: (costs[c], _canonical(c)))
    base = position_value(view, state, weight)
    # the card leaves the hand: its count and value go, its keep cost is paid
    per_card = _card_in_hand(state, team, not has_clean_canastra(state["melds"][team]))
    value = base + weight * card_value(card) + per_card - max(costs[card], 0) * 0.5
    return value, {"type": "discard", "card": card}, None


def batida_value(view, state) -> float:
    """The hand's estimated difference for the seat's team if it ends now with its batida,
    measured on the same scale as ``position_value`` plus what the end settles: the bonus,
    the partner's and the opponents' cards, an opponent's unused morto."""
    team = view["team"]
    other = _other(team)
    ours = table_points(state["melds"][team]) + 100
    theirs = view["points"][other]
    for s in range(4):
        n = view["hand_counts"][str(s)]
        if s == view["seat"]:
            continue
        if str(s % 2) == team:
            ours -= CARD_IN_HAND * n
        else:
            theirs -= CARD_IN_HAND * n
    if not view["morto_taken"][other] or view["morto_pending"][other]:
        theirs -= 100
    return ours - theirs + 1000  # ending while ahead beats any position still in play


def plan_turn(view, memory=None, beam: int = 1, depth: int = 12, hand=None, going_out=None, graded=False) -> Plan:
    """The best sequence of lay-downs (then a discard) from the seat's hand (or ``hand``).

    ``beam`` sequences are kept at each step (1: greedy); ``going_out`` decides whether a
    batida is wanted (a function of the view and the state after it; None: always);
    ``graded`` prices the discard's gift to the opponents by what it makes (``feeds_graded``).
    """
    weight = hand_weight(view)
    feeds = feeds_graded(view) if graded else feeds_flat  # the opponents' runs stay as the view shows them
    start = turn_state(view, hand)
    seat = view["seat"]

    def ok(state):
        return going_out is None or going_out(view, state)

    value, move, outcome = _stop_value(view, start, weight, memory, ok(start), feeds)
    best = Plan([move] if move else [], value, outcome)
    frontier = [(start, [])]
    for _ in range(depth):
        children = []
        for state, path in frontier:
            if state["phase"] == "over" or (state["last"] or {}).get("morto") == "direct":
                continue
            for m in legal_moves(state, seat):
                if m["type"] == "discard":
                    continue
                nxt = apply(state, seat, m)
                v, d, out = _stop_value(view, nxt, weight, memory, ok(nxt), feeds)
                seq = path + [m]
                children.append((v, move_key(seq[0]), nxt, seq, d, out))
        if not children:
            break
        children.sort(key=lambda x: (-x[0], x[1]))
        top = children[0]
        if top[0] > best.value:
            best = Plan(top[3] + ([top[4]] if top[4] else []), top[0], top[5])
        # sequences that reach the same hand are the same; keep distinct ones
        seen = set()
        frontier = []
        for _v, _, nxt, seq, _, _ in children:
            key = tuple(sorted(nxt["hands"][seat]))
            if key in seen:
                continue
            seen.add(key)
            frontier.append((nxt, seq))
            if len(frontier) >= beam:
                break
    return best


def goes_out(view, hand) -> bool:
    """Whether the seat, holding ``hand`` after its draw, can end the hand in this turn."""
    return plan_turn(view, beam=2, hand=hand).outcome == "batida"


def outs(view, kept) -> int:
    """How many of the cards the view does not show would let the seat go out next turn,
    holding ``kept`` and drawing one of them (copies counted: two decks)."""
    unseen = Counter(unseen_cards(view))
    return sum(n for card, n in unseen.items() if goes_out(view, list(kept) + [card]))


def may_go_out(view) -> bool:
    """Whether the seat's team may end the hand now: its morto taken and a clean canastra made."""
    return clean_for_batida(view) and bool(view["clean_canastra"][view["team"]])


def discards_for_outs(view) -> bool:
    """Whether the seat's discard is the one that keeps the most outs (the hard bot's, the hint's):
    its team may end the hand and it keeps ``OUTS_HAND`` cards or fewer."""
    return len(view["hand"]) - 1 <= OUTS_HAND and may_go_out(view)


def clean_for_batida(view) -> bool:
    """Whether the seat's team could end the hand: its morto taken (and not pending for us)."""
    team = view["team"]
    return view["morto_taken"][team] and not (view["morto_pending"][team] and view["morto_seat"][team] == view["seat"])


def has_clean(melds) -> bool:
    return any(m["canastra"] in CLEAN_KINDS for m in melds)


__all__ = [
    "CANASTRA_BONUS",
    "Plan",
    "batida_value",
    "discard_costs",
    "feeds_graded",
    "discards_for_outs",
    "goes_out",
    "may_go_out",
    "outs",
    "has_clean",
    "move_key",
    "opponent_wants",
    "plan_turn",
    "position_value",
    "remember_discard",
    "track",
    "turn_state",
]
