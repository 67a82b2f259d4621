"""Bots shared by the fishing games (Rouba Monte, Stealing Bundles); they read one seat's view only.

The three levels are three kinds of player (docs/benchmarks.md, "How much skill
the fishing games allow", has the measures that chose them):

- easy: a beginner. It looks at the centre first: a capture there when it has
  one (whichever it sees), a steal only when the centre offers none, and any
  card when nothing matches. It never weighs what its new top or its discard
  gives away.
- normal: a casual player who counts what a move wins now: the steal of the
  biggest pile first (the victim loses what it gains), then the biggest
  capture; a card it must leave is any card, unweighed. Where that player sits
  too near one neighbour level, the game gives some of normal's turns to the
  other one (``normal_shares``, ``bots.blend``): in Stealing Bundles from four
  seats half of them play the tips'.
- hard: every tip of the rules text (``HeuristicBot``: the safe top, card
  counting from ``memory``, defending when leading, the discard least likely to
  be taken), searched with ``bots.search``'s determinized search: the hidden
  cards dealt at random with the engine's ``sample_state`` (cards remembered as
  gone are buried), each distinct candidate played out to the end of the hand
  by that policy at every seat; another move replaces the policy's own only
  when it wins clearly more on the same worlds. A fixed budget of simulated
  moves keeps it deterministic for one rng seed.

``memory`` (JSON-safe, updated in place) keeps ``seen``: every card this seat
has ever seen. A seen card no longer visible is buried in some pile: out of play.
"""

from bots.blend import BlendedLevel, Share
from bots.search import DeterminizedSearch, Game

COPIES = 4
# The hard search: simulated moves per decision (bench/bot_decisions.py keeps its p99 under
# budget), the candidates it weighs at most (the best by the heuristic), and how a
# playout's end is scored: winning the hand, plus a little for each card of margin.
HARD_PLY_BUDGET = 2400
HARD_MIN_SAMPLES = 3
HARD_MAX_CANDIDATES = 8
MARGIN_WEIGHT = 0.2
MARGIN_SCALE = 20.0

# Weights of the card-counting heuristic that the hard search plays with (checked with bench/bots_fishing.py).
RISK_LEADING = 1.2  # defend when ahead ...
RISK_BEHIND = 0.7  # ... be bold when behind
GIFT = 0.8  # a discard an opponent can take
PAIR = 0.5  # a discard we can take back with a second copy
KEEP = 0.5  # a kept card whose rank waits in the centre (a steal to come)


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


def moves_seen(view: dict, memory) -> list[dict]:
    """The moves this seat watched since it last looked: the view's ``recent_moves`` newer than
    ``memory["n"]`` (all of them without memory).

    A view without them (a search's playout world keeps none) gives its ``last_move`` as the
    one move, with the table as it is now.
    """
    entries = view.get("recent_moves")
    if not entries:
        last = view.get("last_move")
        if not last:
            return []
        tops = {k: [p["top"] for p in piles] for k, piles in _all_piles(view).items()}
        return [{"n": None, "move": last, "centre": view["centre"], "tops": tops}]
    after = memory.get("n", 0) if memory is not None else 0
    if entries[-1]["n"] < after:
        after = 0  # a memory from another hand: its count says nothing of these moves
    return [e for e in entries if e["n"] > after]


def _mark_read(view: dict, memory) -> None:
    entries = view.get("recent_moves")
    if memory is not None and entries:
        memory["n"] = entries[-1]["n"]


def remember(view: dict, memory, moves=None) -> set:
    """Every card this seat has seen, ``memory["seen"]`` updated in place when given.

    ``moves``: the moves watched since the last look (``moves_seen``), when the caller has them.
    """
    seen = set(memory.get("seen", ())) if memory is not None else set()
    seen |= visible_cards(view)
    for entry in moves_seen(view, memory) if moves is None else moves:
        move = entry["move"]
        if move.get("card"):
            seen.add(move["card"])
        seen.update(move.get("taken", ()))
        seen.update(move.get("returned", ()))
        seen.update(entry["centre"])
        seen.update(c for tops in entry["tops"].values() for c in tops if c)
    if memory is not None:
        memory["seen"] = sorted(seen)
    return seen


def remember_lacks(view: dict, memory, compulsory: bool, moves=None) -> dict:
    """seat key -> ranks that seat's hand is known not to hold, ``memory["lacks"]`` updated in place.

    Where every take is compulsory (Rouba Monte), a seat that left a card in the
    centre held nothing of the centre's ranks nor of the other piles' tops; it
    keeps those cards until its hand is empty, so the ranks stay out of its hand
    until the next refill (a move marked ``refill``; the stock count changing
    says one happened).
    """
    if not compulsory:
        return {}
    stock = view["stock_count"]
    kept = memory.get("lacks") if memory is not None else None
    lacks = {k: set(v) for k, v in kept["seats"].items()} if kept and kept.get("stock") == stock else {}
    for entry in moves_seen(view, memory) if moves is None else moves:
        move = entry["move"]
        if move.get("refill"):
            lacks = {}
            continue
        mover = move.get("seat")
        if move.get("type") != "discard" or mover is None or mover == view["seat"]:
            continue
        centre = list(entry["centre"])
        if move["card"] in centre:
            centre.remove(move["card"])
        ranks = {c[0] for c in centre}
        for key, tops in entry["tops"].items():
            if key != str(mover):
                ranks.update(c[0] for c in tops if c)
        lacks.setdefault(str(mover), set()).update(ranks)
    if memory is not None:
        memory["lacks"] = {"stock": stock, "seats": {k: sorted(v) for k, v in sorted(lacks.items())}}
    return lacks


class Knowledge:
    """Card counting from one view plus memory: how likely an opponent holds a rank.

    ``compulsory``: every take is compulsory (Rouba Monte), so a seat that left
    a card in the centre showed which ranks it lacks (``remember_lacks``).
    """

    def __init__(self, view: dict, memory=None, compulsory: bool = False):
        self.view = view
        self.seat = view["seat"]
        moves = moves_seen(view, memory)
        self.lacks = remember_lacks(view, memory, compulsory, moves)
        seen = remember(view, memory, moves)
        _mark_read(view, memory)
        visible = visible_cards(view)
        self.gone = seen - visible
        known = visible | self.gone
        self.rank_known = {}
        for c in known:
            self.rank_known[c[0]] = self.rank_known.get(c[0], 0) + 1
        counts = view["hand_counts"]
        self.opp_cards = sum(n for k, n in counts.items() if k != str(self.seat))
        self.opp_counts = {k: n for k, n in counts.items() if k != str(self.seat) and n}
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
        holders = self.opp_cards
        if self.lacks and self.opp_counts:
            # The hands that lack the rank hold other cards: they leave the pool and hold no copy.
            void = sum(n for k, n in self.opp_counts.items() if rank in self.lacks.get(k, ()))
            total -= void
            holders -= void
        miss = 1.0
        for i in range(u):
            if total - i <= 0:
                break
            miss *= max(total - holders - i, 0) / (total - i)
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
    """Any legal move (the search's tests use it as a blind opponent)."""

    def choose(self, view, legal_moves, rng, memory=None):
        if memory is not None:
            remember(view, memory)
            _mark_read(view, memory)
        return rng.choice(legal_moves)


class BeginnerBot:
    """easy: the centre before the piles, and no thought for what a top or a discard gives away."""

    def choose(self, view, legal_moves, rng, memory=None):
        if memory is not None:
            remember(view, memory)
            _mark_read(view, memory)
        for kind in ("capture", "steal"):
            takes = [m for m in legal_moves if m["type"] == kind]
            if takes:
                return rng.choice(takes)
        return rng.choice(legal_moves)


class GreedyBot:
    """normal: the most cards now, a steal counted twice (what we gain, the victim loses); ties at random."""

    def __init__(self, classic: bool):
        self.classic = classic

    def gain(self, view: dict, move: dict) -> int:
        cards, victim, victim_count, _ = effect(view, move, self.classic)
        return cards + (victim_count if victim is not None else 0)

    def choose(self, view, legal_moves, rng, memory=None):
        if memory is not None:
            remember(view, memory)
            _mark_read(view, memory)
        gains = [self.gain(view, m) for m in legal_moves]
        best = max(gains)
        return rng.choice([m for m, g in zip(legal_moves, gains, strict=True) if g == best])


class HeuristicBot:
    """Every tip of the rules text, scored move by move: the policy the hard search plays and must beat."""

    def __init__(self, classic: bool, compulsory: bool = False):
        self.classic = classic
        self.compulsory = compulsory

    def choose(self, view, legal_moves, rng, memory=None):
        know = Knowledge(view, memory, self.compulsory)
        if len(legal_moves) == 1:
            return legal_moves[0]
        scored = [(heuristic_score(view, m, know, self.classic), i) for i, m in enumerate(legal_moves)]
        best = max(s for s, _ in scored)
        top = [i for s, i in scored if s >= best - 1e-9]
        return legal_moves[top[0] if len(top) == 1 else rng.choice(top)]


def _playout_value(engine, state, seat: int) -> float:
    """A playout's end for ``seat`` on 0..1: mostly whether it wins the hand, a little by how much.

    A playout cut short (it never is with the default budget) is judged by the piles as they stand.
    """
    scores = (
        engine.result(state)["scores"]
        if state["over"]
        else {str(s): sum(len(p) for p in own) for s, own in enumerate(state["piles"])}
    )
    me = str(seat)
    mine = scores[me]
    others = max((v for key, v in scores.items() if key != me), default=0)
    win = 1.0 if mine > others else 0.5 if mine == others else 0.0
    margin = max(-1.0, min(1.0, (mine - others) / MARGIN_SCALE))
    return (1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * (0.5 + 0.5 * margin)


def deal_around_lacks(state: dict, know: Knowledge, rng) -> dict:
    """A sampled world whose hands hold none of the ranks their seats showed they lack.

    A card of a lacking rank is swapped with a stock card of another rank (the
    stock is as hidden as the hand); with no such card left in the stock it stays.
    """
    if not know.lacks:
        return state
    stock = state["stock"]
    for key, ranks in know.lacks.items():
        hand = state["hands"][int(key)]
        for i, card in enumerate(hand):
            if card[0] in ranks:
                swaps = [j for j, c in enumerate(stock) if c[0] not in ranks]
                if swaps:
                    j = swaps[rng.randrange(len(swaps))]
                    hand[i], stock[j] = stock[j], hand[i]
    return state


def playout_world(state: dict) -> dict:
    """A sampled world without its recent moves: every view of a playout would copy them, and
    its policy, holding no memory, reads the last move only (``moves_seen``)."""
    state.pop("recent", None)
    return state


def search_game(engine, classic: bool, tips: HeuristicBot) -> Game:
    """The fishing games as the search sees them: card counting from memory, the buried cards as gone."""

    def candidates(view, legal_moves, know):
        moves = distinct(legal_moves, classic)
        moves.sort(key=lambda m: -heuristic_score(view, m, know, classic))
        return moves[:HARD_MAX_CANDIDATES]

    return Game(
        engine=engine,
        policy=tips,
        observe=lambda view, memory: Knowledge(view, memory, tips.compulsory),
        sample=lambda view, know, rng: deal_around_lacks(
            playout_world(engine.sample_state(view, rng, sorted(know.gone))), know, rng
        ),
        candidates=candidates,
        value=lambda state, seat: _playout_value(engine, state, seat),
        same=lambda a, b: effect_key(a, classic) == effect_key(b, classic),
    )


def make_bots(
    engine, classic: bool, compulsory: bool = False, ply_budget: int = HARD_PLY_BUDGET, normal_shares=()
) -> dict:
    """``classic``: a capture takes every centre card of its rank; ``compulsory``: every take is compulsory.

    ``ply_budget``: the hard search's simulated moves per decision (a game whose moves cost more
    to weigh gets fewer, to stay inside the decision time). ``normal_shares``: (seats, "easy" or
    "tips", share, and_more) — the turns in which normal plays the beginner's move or the tips'
    at that table size (``bots.blend``).
    """
    tips = HeuristicBot(classic, compulsory)
    beginner = BeginnerBot()
    hard = DeterminizedSearch(search_game(engine, classic, tips), ply_budget=ply_budget, min_samples=HARD_MIN_SAMPLES)
    others = {"easy": beginner, "tips": tips}
    shares = tuple(Share(seats, others[other], share, and_more) for seats, other, share, and_more in normal_shares)
    return {"easy": beginner, "normal": BlendedLevel("normal", GreedyBot(classic), shares), "hard": hard}
