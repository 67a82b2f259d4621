"""Buraco bots: easy (random), normal (heuristics), hard (normal plus a short
determinized look-ahead on the draw and the discard).

Every bot decides from one seat's ``view`` and its ``legal_moves`` only, plus
``memory``, a JSON-safe dict it keeps across its own turns. The hard bot fills
in what the view hides with the engine's ``sample_state``; it never sees the
real state, the partner's hand or the stock.
"""

from games.buraco import apply, legal_moves, result, sample_state
from games.buraco import view as seat_view
from games.buraco.heuristics import keep_scores
from games.buraco.runs import CANASTRA_BONUS, arrange, canastra_kind, make_run
from games.buraco.scoring import cards_value
from games.cards import RANK_INDEX, SUIT_INDEX

# Normal: what a run is worth beyond its cards, and what a wild 2 costs when spent.
WILD_COST = 45  # a 2 spent on a run that does not become a canastra
SPOIL_CLEAN = 160  # a 2 added to a clean run of five or more (a clean canastra in the making)
CARD_WORTH = 8  # each card laid down: fewer cards in hand, closer to the morto
GROWTH_TO_SEVEN = 6  # per card a run gains toward seven
PILE_TAKE = 3  # pile usefulness needed to take it
LATE_STOCK = 6  # with so few stock cards left a big pile is mostly penalty
AVERAGE_HIDDEN_CARD = 7  # the value a hidden card in hand is expected to cost
FULL_STOCK = 38
HAND_WEIGHT_EARLY = 0.4  # share of a hand's value counted against it while the stock is full
# Hard: fixed counts keep decisions deterministic for a seed.
HARD_SAMPLES = 4
HARD_CANDIDATES = 3
HARD_TURNS = 4  # turns played out after the candidate: the rest of ours or the next seats


def _other(team: str) -> str:
    return "1" if team == "0" else "0"


def _canonical(card: str):
    return SUIT_INDEX[card[1]], RANK_INDEX[card[0]]


class EasyBot:
    """A random legal move."""

    level = "easy"

    def choose(self, view, legal_moves, rng, memory=None):
        # the same moves in any order give the same choice
        return rng.choice(sorted(legal_moves, key=_key))


def _pile_usefulness(view) -> float:
    """How much the discard pile helps this seat: cards that extend a team run or sit next to hand cards."""
    pile = view["discard"]
    hand = view["hand"]
    runs = [m["cards"] for m in view["melds"][view["team"]]]
    near: dict[str, set[int]] = {}
    for c in hand:
        if c[0] != "2":
            near.setdefault(c[1], set()).add(RANK_INDEX[c[0]])
    score = 0.0
    for c in pile:
        if c[0] == "2":
            score += 2
            continue
        if any(arrange(list(r) + [c]) is not None for r in runs):
            score += 2
            continue
        ranks = near.get(c[1], set())
        r = RANK_INDEX[c[0]]
        close = sum(1 for d in (-2, -1, 1, 2) if (r + d) % 13 in ranks)
        if close >= 2:
            score += 1.5
        elif close:
            score += 0.7
    return score


def _lay_score(view, move) -> float:
    """The value of a meld or addition for the team; negative when it wastes a 2."""
    team = view["team"]
    cards = move["cards"]
    if move["type"] == "add":
        before = view["melds"][team][move["meld"]]
        base = before["cards"]
        kind_before, wild_before = before["canastra"], before["wild"]
    else:
        base, kind_before, wild_before = [], None, None
    size = len(base) + len(cards)
    if wild_before is not None or any(c[0] == "2" for c in cards):
        run = make_run(base + cards)
        after, wild = run["canastra"], run["wild"]
    else:
        # a clean run that no 2 joins stays clean: its kind follows from its size
        wild = wild_before
        after = canastra_kind(size, wild)
    score = cards_value(cards) + CARD_WORTH * len(cards)
    score += CANASTRA_BONUS[after] - CANASTRA_BONUS[kind_before]
    score += GROWTH_TO_SEVEN * max(0, min(size, 7) - max(len(base), 0))
    if wild is not None and wild_before is None:
        if move["type"] == "add" and len(base) >= 5:
            score -= SPOIL_CLEAN
        if after is None:
            score -= WILD_COST
        elif kind_before is None:
            # a dirty canastra now, but a clean one needs the 2 elsewhere
            score -= WILD_COST / 2
    return score


def _estimate(view, team: str, out: bool = False) -> float:
    """A team's likely hand score if the hand ended now."""
    seats = [s for s in range(4) if str(s % 2) == team]
    score = view["points"][team]
    for s in seats:
        if s == view["seat"]:
            score -= 0 if out else cards_value(view["hand"])
        else:
            score -= AVERAGE_HIDDEN_CARD * view["hand_counts"][str(s)]
    if not view["morto_taken"][team] or view["morto_pending"][team]:
        score -= 100
    if out:
        score += 100
    return score


def _horizon_value(view, team: str) -> float:
    """A team's standing in the middle of a hand: table points, minus the cards in hand weighted
    by how likely they are still to be there at the end (more so as the stock runs down)."""
    weight = HAND_WEIGHT_EARLY + (1 - HAND_WEIGHT_EARLY) * (1 - view["stock_count"] / FULL_STOCK)
    score = view["points"][team]
    for s in range(4):
        if str(s % 2) != team:
            continue
        if s == view["seat"]:
            score -= weight * cards_value(view["hand"])
        else:
            score -= weight * AVERAGE_HIDDEN_CARD * view["hand_counts"][str(s)]
    if not view["morto_taken"][team] or view["morto_pending"][team]:
        score -= 100 * weight
    return score


def _going_out_pays(view) -> bool:
    team = view["team"]
    return _estimate(view, team, out=True) >= _estimate(view, _other(team))


class NormalBot:
    """Builds clean canastras, extends team runs, keeps 2s for the right run, feeds nobody."""

    level = "normal"

    def choose(self, view, legal_moves, rng, memory=None):
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view["phase"] == "draw":
            return self.draw(view, legal_moves)
        return self.play(view, legal_moves)

    def draw(self, view, legal_moves):
        take = {"type": "draw_discard"}
        if take not in legal_moves:
            return legal_moves[0]
        if {"type": "draw_stock"} not in legal_moves:
            return take
        pile = view["discard"]
        useful = _pile_usefulness(view)
        if view["stock_count"] <= LATE_STOCK and len(pile) > 3 and useful < len(pile):
            return {"type": "draw_stock"}
        return take if useful >= PILE_TAKE or (useful >= 1.4 and len(pile) <= 2) else {"type": "draw_stock"}

    def play(self, view, legal_moves):
        team = view["team"]
        hand = view["hand"]
        size = len(hand)
        taken = view["morto_taken"][team]
        lays = [m for m in legal_moves if m["type"] != "discard"]
        discards = [m for m in legal_moves if m["type"] == "discard"]
        empties = [m for m in lays if len(m["cards"]) == size]
        if empties and (not taken or _going_out_pays(view)):
            return max(empties, key=lambda m: (_lay_score(view, m), _key(m)))
        best, best_score = None, 0.0
        for m in lays:
            if taken and len(m["cards"]) == size:
                continue
            s = _lay_score(view, m)
            if s > best_score or (s == best_score and best is not None and _key(m) > _key(best)):
                best, best_score = m, s
        if best is not None:
            return best
        if not discards:
            return max(lays, key=lambda m: (_lay_score(view, m), _key(m)))
        return self.discard(view, discards)

    def discard(self, view, discards):
        allowed = {m["card"] for m in discards}
        card = ranked_discards(view, allowed)[0]
        return {"type": "discard", "card": card}


def ranked_discards(view, allowed) -> list[str]:
    """Legal discard cards, least useful (to keep, and to the next opponent) first."""
    team = view["team"]
    own = [m["cards"] for m in view["melds"][team]]
    other = [m["cards"] for m in view["melds"][_other(team)]]
    scores = keep_scores(view["hand"], own, other)
    return sorted(allowed, key=lambda c: (scores[c], _canonical(c)))


def _key(move):
    """A stable order of moves (also the tie-break between equal scores)."""
    cards = move.get("cards") or ([move["card"]] if "card" in move else [])
    return (move["type"], move.get("meld", -1), tuple(sorted(_canonical(c) for c in cards)))


class HardBot:
    """Normal play, except that the draw and the discard are chosen by playing each candidate
    out on sampled deals (the next seats and our next turn, all played by the normal policy)
    and comparing the team's estimated hand score."""

    level = "hard"

    def __init__(self):
        self.policy = NormalBot()

    def choose(self, view, legal_moves, rng, memory=None):
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view["phase"] == "draw":
            candidates = [m for m in legal_moves if m["type"] in ("draw_stock", "draw_discard")]
            if len(candidates) < 2:
                return self.policy.choose(view, legal_moves, rng)
            return self._search(view, candidates, rng, self.policy.draw(view, legal_moves))
        move = self.policy.play(view, legal_moves)
        if move["type"] != "discard":
            return move
        discards = [m for m in legal_moves if m["type"] == "discard"]
        allowed = {m["card"] for m in discards}
        ranked = ranked_discards(view, allowed)[:HARD_CANDIDATES]
        candidates = [{"type": "discard", "card": c} for c in ranked]
        if len(candidates) < 2:
            return move
        return self._search(view, candidates, rng, move)

    def _search(self, view, candidates, rng, default):
        seat = view["seat"]
        team = view["team"]
        totals = [0.0] * len(candidates)
        for _ in range(HARD_SAMPLES):
            state = sample_state(view, rng)
            for i, move in enumerate(candidates):
                totals[i] += self._rollout(state, seat, team, move)
        # the normal policy's choice wins ties: the search only overrides it on evidence
        best = max(range(len(candidates)), key=lambda i: (totals[i], candidates[i] == default))
        return candidates[best]

    def _rollout(self, state, seat, team, move) -> float:
        state = apply(state, seat, move)
        turns = 0
        steps = 0
        while state["phase"] != "over" and turns < HARD_TURNS and steps < 200:
            s = state["turn"]
            moves = legal_moves(state, s)
            choice = self.policy.choose(seat_view(state, s), moves, None)
            before = state["turn"]
            state = apply(state, s, choice)
            steps += 1
            if state["phase"] == "over" or state["turn"] != before:
                turns += 1
        if state["phase"] == "over":
            scores = result(state)["scores"]
            return scores[team] - scores[_other(team)]
        v = seat_view(state, seat)
        return _horizon_value(v, team) - _horizon_value(v, _other(team))


BOTS = {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}

__all__ = ["BOTS", "EasyBot", "HardBot", "NormalBot"]
