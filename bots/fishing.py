"""Bots shared by the fishing games (Rouba Monte, Stealing Bundles); they read one seat's view only.

- easy: a random legal move.
- normal: the seed's tips: take the biggest pile first, then captures, and end
  the turn with a top card opponents are unlikely to hold (counting the ranks
  already gone, from ``memory``); defensive when leading, bolder when behind;
  when forced to leave a card, leave the rank least likely to help others.
- hard: determinized Monte-Carlo: the hidden cards are dealt at random with the
  engine's ``sample_state`` (cards remembered as gone are buried), each
  distinct candidate is played out to the next refill (or the end) with a
  quick greedy policy, and the best average, blended with the normal score,
  wins. Fixed sample counts keep it deterministic for one rng seed.

``memory`` (JSON-safe, updated in place) keeps ``seen``: every card this seat
has ever seen. A seen card no longer visible is buried in some pile: out of play.
"""

import random

COPIES = 4
HARD_SAMPLES = 32
HARD_MAX_CANDIDATES = 10

# Weights of the normal heuristic (checked with bench/bots_fishing.py).
RISK_LEADING = 1.2  # defend when ahead ...
RISK_BEHIND = 0.7  # ... be bold when behind
GIFT = 0.8  # a discard an opponent can take
PAIR = 0.5  # a discard we can take back with a second copy
KEEP = 0.5  # a kept card whose rank waits in the centre (a steal to come)
# Weights of the hard search: a threatened pile is worth half its cards at the horizon, a finished
# hand's win counts ten cards, and the heuristic score is blended in at a quarter weight; rollouts
# stop at the next refill (HORIZON_REFILLS).
THREAT = 0.5
HORIZON_REFILLS = 1
END_WIN = 10.0
PRIOR = 0.25


# ---------------------------------------------------------------- what the view shows


def _my_piles(view: dict, seat: int) -> list[dict]:
    key = str(seat)
    if "double_piles" in view:
        return view["double_piles"][key]
    return [view["piles"][key]]


def _all_piles(view: dict) -> dict:
    """seat key -> list of {"count", "top"} (two entries with double piles)."""
    if "double_piles" in view:
        return view["double_piles"]
    return {k: [p] for k, p in view["piles"].items()}


def visible_cards(view: dict) -> set:
    cards = set(view.get("hand") or ()) | set(view["centre"])
    for piles in _all_piles(view).values():
        cards.update(p["top"] for p in piles if p["top"])
    return cards


def remember(view: dict, memory) -> set:
    """Every card this seat has seen, ``memory["seen"]`` updated in place when given."""
    seen = set(memory.get("seen", ())) if memory is not None else set()
    seen |= visible_cards(view)
    last = view.get("last_move") or {}
    if last.get("card"):
        seen.add(last["card"])
    seen.update(last.get("taken", ()))
    seen.update(last.get("returned", ()))
    if memory is not None:
        memory["seen"] = sorted(seen)
    return seen


class Knowledge:
    """Card counting from one view plus memory: how likely an opponent holds a rank."""

    def __init__(self, view: dict, memory=None):
        self.view = view
        self.seat = view["seat"]
        seen = remember(view, memory)
        visible = visible_cards(view)
        self.gone = seen - visible
        known = visible | self.gone
        self.rank_known = {}
        for c in known:
            self.rank_known[c[0]] = self.rank_known.get(c[0], 0) + 1
        counts = view["hand_counts"]
        self.opp_cards = sum(n for k, n in counts.items() if k != str(self.seat))
        if self.opp_cards == 0:
            # Opponents are out of cards: our last top faces their next refill.
            opponents = sum(1 for k, on in view["active"].items() if on and k != str(self.seat))
            self.opp_cards = min(view["stock_count"], 4 * opponents)
        deck_size = 40 if view["options"].get("deck40") else 52
        self.unknown = max(deck_size - len(known), 0)

    def unseen(self, rank: str) -> int:
        return max(COPIES - self.rank_known.get(rank, 0), 0)

    def p_opponent_has(self, rank: str) -> float:
        """Chance that at least one unseen copy of ``rank`` sits in an opponent's hand."""
        u = self.unseen(rank)
        total = self.unknown
        miss = 1.0
        for i in range(u):
            if total - i <= 0:
                break
            miss *= max(total - self.opp_cards - i, 0) / (total - i)
        return 1.0 - miss


# ---------------------------------------------------------------- heuristic evaluation


def effect(view: dict, move: dict, classic: bool) -> tuple:
    """What a move does: (cards gained, victim seat or None, victim pile count, centre cards taken)."""
    kind = move["type"]
    if kind == "steal":
        pile = _all_piles(view)[str(move["from"])][move.get("from_pile", 0)]
        return pile["count"] + 1, move["from"], pile["count"], []
    if kind == "capture":
        if classic:
            taken = [c for c in view["centre"] if c[0] == move["card"][0]]
        else:
            taken = [move["target"]]
        return len(taken) + 1, None, 0, taken
    return 0, None, 0, []


def heuristic_score(view: dict, move: dict, know: Knowledge, classic: bool) -> float:
    """Cards won, plus the swing against the victim, minus the expected loss of piles and gifts to others."""
    seat = view["seat"]
    gain, victim, victim_count, _ = effect(view, move, classic)
    mine = [dict(p) for p in _my_piles(view, seat)]
    my_total = sum(p["count"] for p in mine)
    others = {k: p["count"] for k, p in view["piles"].items() if k != str(seat) and view["active"].get(k, True)}
    best_other = max(others.values(), default=0)
    # Defend when leading, be bold when behind (seed tip "Defenda-se contra o líder").
    risk_weight = RISK_LEADING if my_total > best_other else RISK_BEHIND if my_total < best_other else 1.0
    score = float(gain)
    if victim is not None:
        # Taking the leader's pile counts twice: what we gain and what the leader loses.
        score += (1.0 if victim_count >= best_other else 0.5) * victim_count
    dest = move.get("pile", 0)
    if move["type"] != "discard":
        mine[dest] = {"count": mine[dest]["count"] + gain, "top": move["card"]}
    risk = sum(p["count"] * know.p_opponent_has(p["top"][0]) for p in mine if p["top"])
    score -= risk_weight * risk
    if move["type"] == "discard":
        r = move["card"][0]
        # An opponent holding the rank takes our card (and any of its rank already there).
        gift = 1 + sum(1 for c in view["centre"] if c[0] == r)
        score -= know.p_opponent_has(r) * (gift + 1) * GIFT
        # A second copy in our hand may take it back next turn.
        if sum(1 for c in view.get("hand", ()) if c[0] == r) > 1:
            score += PAIR
    elif move["type"] == "capture" and not classic:
        # Rouba Monte takes one card: prefer leaving a centre rank we can still take ourselves.
        score += 0.01 * sum(1 for c in view.get("hand", ()) if c[0] == move["card"][0])
    # Cards kept in hand whose rank waits in the centre: an opponent capturing it puts that rank on
    # top of their pile, which we can then steal.
    _, _, _, taken = effect(view, move, classic)
    centre = [c for c in view["centre"] if c not in taken]
    if move["type"] == "discard":
        centre.append(move["card"])
    kept = list(view.get("hand", ()))
    kept.remove(move["card"])
    for r in {c[0] for c in kept} & {c[0] for c in centre}:
        score += KEEP * know.p_opponent_has(r) * (best_other + 2)
    return score


def effect_key(move: dict, classic: bool) -> tuple:
    """Moves with the same outcome share a key (classic captures take the whole rank whatever the target)."""
    if move["type"] == "capture" and classic:
        return ("capture", move["card"], move.get("pile", 0))
    return tuple(sorted((k, str(v)) for k, v in move.items()))


def distinct(moves: list, classic: bool) -> list:
    out = {}
    for m in moves:
        out.setdefault(effect_key(m, classic), m)
    return list(out.values())


# ---------------------------------------------------------------- bots


class RandomBot:
    """easy: any legal move."""

    def choose(self, view, legal_moves, rng, memory=None):
        if memory is not None:
            remember(view, memory)
        return rng.choice(legal_moves)


class HeuristicBot:
    """normal: the seed's tips, scored move by move."""

    def __init__(self, classic: bool):
        self.classic = classic

    def choose(self, view, legal_moves, rng, memory=None):
        know = Knowledge(view, memory)
        if len(legal_moves) == 1:
            return legal_moves[0]
        scored = [(heuristic_score(view, m, know, self.classic), i) for i, m in enumerate(legal_moves)]
        best = max(s for s, _ in scored)
        top = [i for s, i in scored if s >= best - 1e-9]
        return legal_moves[top[0] if len(top) == 1 else rng.choice(top)]


def _greedy(engine, state, seat, rng, classic):
    """The rollout policy, playing with the sampled world open: the biggest steal, else the capture
    that takes most and leaves a top no opponent holds, else a discard no opponent can take."""
    moves = engine.legal_moves(state, seat)
    held = set()
    for s, hand in enumerate(state["hands"]):
        if s != seat:
            held.update(c[0] for c in hand)
    best = None
    best_value = float("-inf")
    piles = state["piles"]
    for m in moves:
        r = m["card"][0]
        if m["type"] == "steal":
            value = 100 + len(piles[m["from"]][m.get("from_pile", 0)])
        elif m["type"] == "capture":
            value = 10 + (sum(1 for c in state["centre"] if c[0] == r) if classic else 1)
            if r in held:
                value -= 0.5 * sum(len(p) for p in piles[seat])
        else:
            value = 0.0 if r in held else 1.0
        value += rng.random() * 0.1
        if value > best_value:
            best, best_value = m, value
    return best


class SearchBot:
    """hard: determinized rollouts from ``sample_state``; the heuristic breaks near-ties."""

    def __init__(self, engine, classic: bool, samples: int = HARD_SAMPLES):
        self.engine = engine
        self.classic = classic
        self.samples = samples

    def choose(self, view, legal_moves, rng, memory=None):
        know = Knowledge(view, memory)
        if len(legal_moves) == 1:
            return legal_moves[0]
        candidates = distinct(legal_moves, self.classic)
        if len(candidates) == 1:
            return candidates[0]
        prior = {id(m): heuristic_score(view, m, know, self.classic) for m in candidates}
        candidates.sort(key=lambda m: -prior[id(m)])
        candidates = candidates[:HARD_MAX_CANDIDATES]
        seat = view["seat"]
        totals = [0.0] * len(candidates)
        seen = sorted(know.gone)
        for _ in range(self.samples):
            sample_seed = rng.getrandbits(32)
            world = self.engine.sample_state(view, random.Random(sample_seed), seen)
            for i, move in enumerate(candidates):
                totals[i] += self._rollout(world, seat, move, random.Random(sample_seed))
        blend = PRIOR * self.samples
        best = max(
            range(len(candidates)),
            key=lambda i: (totals[i] + blend * prior[id(candidates[i])], prior[id(candidates[i])]),
        )
        return candidates[best]

    def _rollout(self, world, seat, move, play_rng):
        """Play ``move``, then the greedy policy until the next refill or the end; the value for ``seat``.

        A short horizon keeps the signal: whole-hand rollouts are dominated by
        the luck of later deals. At the horizon each pile whose top rank another
        player holds loses part of its worth; a finished hand counts the win.
        """
        engine = self.engine
        me = str(seat)
        state = engine.apply(world, seat, move)
        stock = len(state["stock"])
        refills = 0
        while not state["over"]:
            if len(state["stock"]) != stock:
                stock = len(state["stock"])
                refills += 1
                if refills >= HORIZON_REFILLS:
                    break
            s = state["turn"]
            state = engine.apply(state, s, _greedy(engine, state, s, play_rng, self.classic))
        piles = {str(s): sum(len(p) for p in own) for s, own in enumerate(state["piles"])}
        if not state["over"]:
            for s, own in enumerate(state["piles"]):
                held = {c[0] for t, hand in enumerate(state["hands"]) if t != s for c in hand}
                for p in own:
                    if p and p[-1][0] in held:
                        piles[str(s)] -= THREAT * len(p)
        if state["over"]:
            piles = engine.result(state)["scores"]
        mine = piles[me]
        others = max((v for key, v in piles.items() if key != me), default=0)
        if state["over"]:
            win = 1.0 if mine > others else 0.5 if mine == others else 0.0
            return END_WIN * win + (mine - others)
        return float(mine - others)


def make_bots(engine, classic: bool) -> dict:
    return {"easy": RandomBot(), "normal": HeuristicBot(classic), "hard": SearchBot(engine, classic)}
