"""Crazy Eights bots: easy (random), normal (heuristics), hard (card counting + search).

Every bot decides from one seat's ``view`` and its ``legal_moves`` only, plus
``memory``, a JSON-safe dict it keeps across its own turns. The hard bot is
``bots.search``'s determinized search: it fills in what the view hides with
the engine's ``sample_state`` (the buried cards it remembers, the suits a seat
has shown it lacks) and plays each candidate out to the end of the hand with
the normal policy at every seat; it never sees the real state.
"""

from bots.blend import BlendedLevel, Share
from bots.crazy_eights_playout import (
    CHANGE_SUIT_BONUS,
    EARLY_HAND_LIMIT,
    EARLY_MIN_OPPONENT_CARDS,
    EARLY_MIN_STOCK,
    FOLLOW_WEIGHT,
    SHORT_HAND,
    Hand,
)
from bots.search import DeterminizedSearch, Game
from games import crazy_eights
from games.cards import SUIT_INDEX, SUITS
from games.crazy_eights import card_points, sample_state

EIGHT = "8"
# Hard: simulated moves per decision (a fixed budget keeps decisions deterministic for a seed;
# bench/bot_decisions.py keeps its p99 under budget), the longest playout, and the points of
# margin that count as a whole win.
HARD_PLY_BUDGET = 3000
HARD_MAX_SAMPLES = 64
ROLLOUT_PLY_LIMIT = 300
MARGIN_SCALE = 100.0


def _suit_counts(cards, skip=None) -> dict:
    counts = dict.fromkeys(SUITS, 0)
    for card in cards:
        if card != skip and card[0] != EIGHT:
            counts[card[1]] += 1
    return counts


def choose_suit(hand, played) -> str:
    """The suit held most among the cards that stay (eights aside); ties by points held, then C D H S."""
    counts = _suit_counts(hand, played)
    points = dict.fromkeys(SUITS, 0)
    for card in hand:
        if card != played and card[0] != EIGHT:
            points[card[1]] += card_points(card)
    return max(SUITS, key=lambda s: (counts[s], points[s], -SUIT_INDEX[s]))


def _eight_move(moves, card, suit):
    for move in moves:
        if move.get("card") == card and move.get("suit") == suit:
            return move
    return next(m for m in moves if m.get("card") == card)


def _find(moves, kind):
    return next((m for m in moves if m["type"] == kind), None)


class EasyBot:
    """A random legal move."""

    level = "easy"

    def choose(self, view, legal_moves, rng, memory=None):
        return rng.choice(legal_moves)


class NormalBot:
    """Sheds high cards, keeps eights for need, follows its long suit, watches short hands."""

    level = "normal"

    def choose(self, view, legal_moves, rng, memory=None):
        if len(legal_moves) == 1:
            return legal_moves[0]
        hand = view["hand"]
        seat = view["seat"]
        opponents = [n for s, n in view["hand_counts"].items() if s != str(seat)]
        danger = min(opponents) if opponents else 99
        nxt = str((seat + 1) % view["players"])
        next_count = view["hand_counts"].get(nxt, 99)
        drawn = view["drawn"]
        if drawn is not None:
            return self._after_draw(view, legal_moves, hand, drawn, danger)
        plays = [m for m in legal_moves if m["type"] == "play"]
        plain = [m for m in plays if m["card"][0] != EIGHT]
        eights = sorted({m["card"] for m in plays if m["card"][0] == EIGHT})
        if plain:
            return max(plain, key=lambda m: self._score(m["card"], hand, view, next_count))
        if eights:
            only_eights = all(c[0] == EIGHT for c in hand)
            draw = _find(legal_moves, "draw")
            early = danger >= EARLY_MIN_OPPONENT_CARDS and view["stock_count"] >= EARLY_MIN_STOCK
            if draw is not None and early and not only_eights and len(hand) <= EARLY_HAND_LIMIT:
                return draw
            card = eights[0]
            return _eight_move(legal_moves, card, choose_suit(hand, card))
        return _find(legal_moves, "draw") or legal_moves[0]

    def _score(self, card, hand, view, next_count):
        """Higher is better: shed points, keep a suit we can follow, change suit against a short hand."""
        follow = _suit_counts(hand, card)[card[1]]
        score = card_points(card) + FOLLOW_WEIGHT * follow
        if next_count <= SHORT_HAND and card[1] != view["suit"]:
            score += CHANGE_SUIT_BONUS
        return score

    def _after_draw(self, view, legal_moves, hand, drawn, danger):
        keep = _find(legal_moves, "keep")
        if drawn[0] != EIGHT:
            return next(m for m in legal_moves if m.get("card") == drawn)
        if danger <= SHORT_HAND or len(hand) <= SHORT_HAND:
            return _eight_move(legal_moves, drawn, choose_suit(hand, drawn))
        return keep


def _remember(view, memory) -> tuple[list, dict]:
    """Card counting across this seat's turns, from every move the table saw since the last one.

    Returns the cards known to lie buried under the top of the pile (played
    since the last reshuffle) and, per seat, the suits that seat has shown it
    lacks: suit -> how many cards of it may still be there (1 after it drew on
    the suit and kept the card that fitted, 0 after it drew and passed). A
    draw whose card was played says nothing sure: a player may draw by choice
    (reading it as a void measured no better, docs/benchmarks.md). A seat
    that drew cards which did not fit may hold any other suit again, so its
    other voids end there.
    """
    if memory is None:
        memory = {}
    key = [view["hand_number"], view["dealer"]]
    if memory.get("hand") != key:
        memory.update(hand=key, buried=[], top=None, n=0, voids={})
    # A memory kept before the recent moves were read has no "n" nor "voids": it starts them.
    memory.setdefault("n", 0)
    me = view["seat"]
    voids = {k: dict(v) for k, v in memory.get("voids", {}).items()}
    buried = memory["buried"]
    top = memory["top"]
    for entry in view.get("recent_moves") or ():
        if entry["n"] <= memory["n"]:
            continue
        memory["n"] = entry["n"]
        move = entry["move"]
        seat = str(move["seat"])
        kind = move["type"]
        if kind == "play":
            if top is not None and top != entry["top"] and top not in buried:
                buried.append(top)
        elif kind == "draw" and move.get("reshuffles"):
            buried.clear()
        top = entry["top"]
        if move["seat"] == me:
            continue
        if kind == "draw" and move.get("count", 0) > 1:
            voids[seat] = {s: n for s, n in voids.get(seat, {}).items() if s == entry["suit"]}
        if kind == "keep" or kind == "pass" or (kind == "draw" and move.get("outcome") == "pass"):
            allowance = 1 if kind == "keep" else 0
            voids.setdefault(seat, {})[entry["suit"]] = min(allowance, voids.get(seat, {}).get(entry["suit"], 1))
    if top is not None and top != view["discard_top"] and top not in buried and view["discard_count"] > 1:
        buried.append(top)
    memory["top"] = view["discard_top"]
    memory["voids"] = {k: dict(sorted(v.items())) for k, v in sorted(voids.items()) if v}
    return list(buried), memory["voids"]


def _apply_voids(state, voids, rng) -> None:
    """Move the cards of the suits a seat has shown it lacks out of its sampled hand, into the stock.

    ``voids[seat][suit]`` cards of the suit may stay (the card it kept after drawing on the suit).
    """
    stock = state["stock"]
    for seat_key, suits in voids.items():
        hand = state["hands"][int(seat_key)]
        for suit, allowance in suits.items():
            of_suit = [i for i, c in enumerate(hand) if c[1] == suit and c[0] != EIGHT]
            swaps = [i for i, c in enumerate(stock) if c[1] not in suits]
            for i in of_suit[allowance:]:
                if not swaps:
                    break
                j = swaps.pop(rng.randrange(len(swaps)))
                hand[i], stock[j] = stock[j], hand[i]


def _declare(view, card, voids) -> str:
    """The suit held most; ties go to a suit the next seat has shown it lacks, then points held."""
    hand = view["hand"]
    counts = _suit_counts(hand, card)
    nxt = str((view["seat"] + 1) % view["players"])
    lacking = voids.get(nxt, {})
    points = dict.fromkeys(SUITS, 0)
    for c in hand:
        if c != card and c[0] != EIGHT:
            points[c[1]] += card_points(c)
    return max(SUITS, key=lambda s: (counts[s], s in lacking, points[s], -SUIT_INDEX[s]))


def _candidates(view, legal_moves, knowledge):
    """Distinct choices: each card once (an eight with the suit chosen by counting), draw, keep."""
    _, voids = knowledge
    out = []
    cards = set()
    for move in legal_moves:
        card = move.get("card")
        if card is None:
            out.append(move)
        elif card not in cards:
            cards.add(card)
            if card[0] == EIGHT:
                out.append(_eight_move(legal_moves, card, _declare(view, card, voids)))
            else:
                out.append(move)
    return out


def _observe(view, memory):
    return _remember(view, memory)


def _sample(view, knowledge, rng):
    seen, voids = knowledge
    state = sample_state(view, rng, seen=seen)
    if voids:
        _apply_voids(state, voids, rng)
    return state


def _value(gains: list[int], seat: int) -> float:
    """A playout's end for ``seat`` on 0..1: the points it gains from the hand less the best other seat's.

    A match is decided by points (the first to the target, the highest total), not by hands won:
    going out while the others hold little is worth less than a blocked hand that leaves an
    opponent holding two eights.
    """
    best_other = max(g for s, g in enumerate(gains) if s != seat)
    margin = max(-1.0, min(1.0, (gains[seat] - best_other) / MARGIN_SCALE))
    return 0.5 + 0.5 * margin


def _after_play(view, move, memory) -> None:
    """The card played covers the current top: both are then known."""
    if move["type"] == "play":
        if view["discard_top"] not in memory["buried"]:
            memory["buried"].append(view["discard_top"])
        memory["top"] = move["card"]


def _same(a, b) -> bool:
    return a["type"] == b["type"] and a.get("card") == b.get("card") and a.get("suit") == b.get("suit")


class CrazyEightsSearch(DeterminizedSearch):
    """The determinized search with its playouts in ``bots.crazy_eights_playout`` (the same rules, faster)."""

    def playout(self, world, seat, move, rng) -> tuple[float, int]:
        state = crazy_eights.apply(world, seat, move)
        hand = Hand(state, rng)
        plies = 1 + hand.play_out(self.max_plies)
        return _value(hand.gains(), seat), plies


SEARCH = Game(
    engine=crazy_eights,
    policy=NormalBot(),
    observe=_observe,
    sample=_sample,
    candidates=_candidates,
    value=lambda state, seat: _value(Hand(state, None).gains(), seat),
    same=_same,
    remember=_after_play,
)

# From four seats a hand's luck leaves the hard search little over normal's heuristics: there a
# fifth of normal's turns play a random legal card, as easy does (bots.blend; docs/benchmarks.md,
# "Normal between its neighbours"). The search keeps the plain heuristics as its policy.
NORMAL_EASY_SHARE = 0.2
EASY = EasyBot()
BOTS = {
    "easy": EASY,
    "normal": BlendedLevel("normal", SEARCH.policy, (Share(4, EASY, NORMAL_EASY_SHARE, and_more=True),)),
    "hard": CrazyEightsSearch(
        SEARCH, ply_budget=HARD_PLY_BUDGET, max_samples=HARD_MAX_SAMPLES, max_plies=ROLLOUT_PLY_LIMIT
    ),
}
