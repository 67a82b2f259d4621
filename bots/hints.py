"""The "Dica": the move the hard bot would make from one seat's view, and one short reason why.

A hint is computed from exactly what a bot gets: the seat's ``view`` and its
``legal_moves`` (the same ones the seat's browser receives), and the memory a
hard bot would have kept in that seat: what the seat's own earlier views showed
(``memory``, rebuilt by ``rooms/hints/memory.py`` with the bot's ``recall``).
It never reads the state, another seat's hand or the stock, so it can tell the
asker nothing their own screens did not show (the poisoned-view tests in
tests/bots/test_hint_choice.py change every hidden card and find the same hint).

Why the memory: a bot counts the cards it saw buried across its turns
(``Seat.bot_memory``), and the card counting is most of what the hard level
knows in the fishing games; a hint from the current view alone would call a
top safe whose last copy went under a pile two turns ago, in front of the asker.

The reason is one code with its parameters (cards as codes, seats as engine
seats), chosen by comparing the suggested move with the other legal moves;
``rooms/hints/words.py`` puts it into words in every site language. Pure
functions; never imports Django.
"""

import json
import random
from dataclasses import dataclass, field

from bots import buraco_plan, fishing
from bots import registry as bot_registry
from games.buraco.heuristics import extends_any
from games.buraco.runs import CANASTRA_SIZE, arrange

LEVEL = "hard"
# A run this long is close enough to a canastra that keeping a card for it is the reason.
NEAR_CANASTRA = CANASTRA_SIZE - 2


@dataclass(frozen=True)
class Suggestion:
    move: dict  # one of the legal moves, as the engine listed it
    reason: str  # a code of rooms/hints/words.py
    params: dict = field(default_factory=dict)


def suggest(game: str, view: dict, legal_moves: list, seed: str, memory: dict | None = None) -> Suggestion:
    """The hard bot's move for this view, and why; the same for the same view, moves, seed and memory.

    ``memory``: what the seat remembers (``recalled``); the caller's copy is left untouched.
    """
    if not legal_moves:
        raise ValueError("no legal move to suggest")
    bot = bot_registry.get(game, LEVEL)
    # The bot gets copies: nothing it changes reaches the caller's view or moves. One order of the
    # moves for every call, since the engine's order may follow where hidden cards lie.
    mine = json.loads(json.dumps(view))
    moves = sorted(json.loads(json.dumps(legal_moves)), key=lambda m: json.dumps(m, sort_keys=True))
    remembered = json.loads(json.dumps(memory or {}))
    chosen = bot.choose(mine, moves, random.Random(seed), json.loads(json.dumps(remembered)))
    move = next(m for m in legal_moves if m == chosen)
    reason, params = REASONS.get(game, _plain)(view, legal_moves, move, remembered)
    return Suggestion(move, reason, params)


def recalled(game: str, decisions) -> dict:
    """The memory the hint's bot would have kept: ``decisions`` are the seat's own earlier ones,
    (view, the move made there) in order, each view exactly what the seat was shown."""
    bot = bot_registry.get(game, LEVEL)
    memory: dict = {}
    for view, move in decisions:
        bot.recall(json.loads(json.dumps(view)), json.loads(json.dumps(move)), memory)
    return memory


def _plain(view, legal_moves, move, memory=None) -> tuple[str, dict]:
    return "plain", {}


# -- Rouba Monte and Stealing Bundles ------------------------------------------------------


def _pile_counts(view: dict, seat: int) -> list[int]:
    key = str(seat)
    if "double_piles" in view:
        return [p["count"] for p in view["double_piles"][key]]
    return [view["piles"][key]["count"]]


def _stolen_count(view: dict, move: dict) -> int:
    counts = _pile_counts(view, move["from"])
    index = move.get("from_pile", 0)
    return counts[index] if 0 <= index < len(counts) else max(counts)


def _fishing(view: dict, legal_moves: list, move: dict, memory=None) -> tuple[str, dict]:
    kind = move["type"]
    if kind == "steal":
        count = _stolen_count(view, move)
        others = [_stolen_count(view, m) for m in legal_moves if m["type"] == "steal" and m != move]
        params = {"seat": move["from"], "count": count}
        return ("steal_biggest" if others and count > max(others) else "steal"), params
    if kind == "capture":
        rank = move["target"][0]
        taken = sum(1 for c in view["centre"] if c[0] == rank) if view["game"] == "stealing_bundles" else 1
        steals = any(m["type"] == "steal" for m in legal_moves)
        if taken > 1:
            return "capture_many", {"card": move["target"], "count": taken}
        if steals:
            return "capture_over_steal", {"card": move["target"]}
        # The reason is what the take adds up to: the seat's pile with the played card and the ones taken.
        own = _pile_counts(view, view["seat"])
        pile = move.get("pile", 0)
        before = own[pile] if isinstance(pile, int) and 0 <= pile < len(own) else own[0]
        return "capture", {"card": move["target"], "count": before + taken + 1}
    if kind == "discard":
        # What the seat remembers counts here as it did for the choice (a copy: nothing is written back).
        know = fishing.Knowledge(view, json.loads(json.dumps(memory or {})), view["game"] == "rouba_monte")
        if know.unseen(move["card"][0]) == 0:
            return "discard_safe", {"card": move["card"]}
        takes = any(m["type"] != "discard" for m in legal_moves)
        return ("discard_keep" if takes else "discard_least"), {"card": move["card"]}
    return _plain(view, legal_moves, move)


# -- Crazy Eights ----------------------------------------------------------------------------


def _crazy_eights(view: dict, legal_moves: list, move: dict, memory=None) -> tuple[str, dict]:
    kind = move["type"]
    hand = list(view.get("hand") or [])
    plays = [m for m in legal_moves if m["type"] == "play"]
    if kind == "play":
        card = move["card"]
        left = [c for c in hand if c != card] if card in hand else hand
        if not left:
            return "go_out", {"card": card}
        if card[0] == "8":
            suit = move.get("suit") or card[1]
            return "eight_suit", {"suit": suit, "count": sum(1 for c in left if c[1] == suit and c[0] != "8")}
        if any(m["card"][0] == "8" for m in plays):
            return "keep_eight", {"card": card}
        if card[1] != view.get("suit"):
            return "switch_suit", {"card": card, "suit": card[1], "count": sum(1 for c in left if c[1] == card[1])}
        return "follow_suit", {"card": card}
    if kind == "draw":
        return ("draw_instead" if plays else "draw_none"), {}
    if kind == "keep":
        return ("keep_drawn_playable" if plays else "keep_drawn"), {}
    return _plain(view, legal_moves, move)


# -- Buraco ----------------------------------------------------------------------------------


def _suit_of(cards) -> str | None:
    naturals = [c[1] for c in cards if c[0] != "2"]
    return max(set(naturals), key=naturals.count) if naturals else (cards[0][1] if cards else None)


def _own_runs(view: dict) -> list[list[str]]:
    return [m["cards"] for m in view["melds"][view["team"]]]


def _opponent_runs(view: dict) -> list[list[str]]:
    return [m["cards"] for team, melds in view["melds"].items() if team != view["team"] for m in melds]


def _makes_run(top: str, hand: list[str]) -> bool:
    """``top`` with two of ``hand``'s cards forms a new run."""
    same = [c for c in hand if c[1] == top[1] or c[0] == "2"]
    return any(arrange([top, a, b]) is not None for i, a in enumerate(same) for b in same[i + 1 :])


def _buraco(view: dict, legal_moves: list, move: dict, memory=None) -> tuple[str, dict]:
    kind = move["type"]
    hand = list(view.get("hand") or [])
    if kind == "draw_discard":
        top, count = view["discard"][-1], len(view["discard"])
        if extends_any(top, _own_runs(view)):
            return "take_pile_extends", {"card": top, "suit": top[1], "count": count}
        if _makes_run(top, hand):
            return "take_pile_run", {"card": top, "suit": top[1], "count": count}
        return "take_pile", {"count": count}
    if kind == "draw_stock":
        return ("draw_stock_pile" if view["discard"] else "draw_stock"), {}
    if kind == "meld":
        cards = move["cards"]
        code = "meld_canastra" if len(cards) >= CANASTRA_SIZE else "meld"
        return code, {"suit": _suit_of(cards), "count": len(cards)}
    if kind == "add":
        run = view["melds"][view["team"]][move["meld"]]["cards"]
        size = len(run) + len(move["cards"])
        code = "add_canastra" if len(run) < CANASTRA_SIZE <= size else "add"
        return code, {"suit": _suit_of(run), "count": len(move["cards"])}
    if kind == "discard":
        card = move["card"]
        if len(hand) == 1:
            return "discard_out", {"card": card}
        if buraco_plan.discards_for_outs(view):
            kept = list(hand)
            kept.remove(card)
            count = buraco_plan.outs(view, kept)
            if count:
                return "keep_outs", {"card": card, "count": count}
        near = [r for r in _own_runs(view) if len(r) >= NEAR_CANASTRA]
        keep = next((c for c in hand if c != card and c[0] != "2" and extends_any(c, near)), None)
        if keep is not None:
            return "keep_for_canastra", {"card": card, "keep": keep}
        if not extends_any(card, _opponent_runs(view)):
            return "discard_harmless", {"card": card}
        return "discard_useless", {"card": card}
    return _plain(view, legal_moves, move)


REASONS = {
    "rouba_monte": _fishing,
    "stealing_bundles": _fishing,
    "crazy_eights": _crazy_eights,
    "buraco": _buraco,
}
