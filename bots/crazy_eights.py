"""Crazy Eights bots: easy (random), normal (heuristics), hard (card counting + rollouts).

Every bot decides from one seat's ``view`` and its ``legal_moves`` only, plus
``memory``, a JSON-safe dict it keeps across its own turns. The hard bot fills
in what the view hides with the engine's ``sample_state`` and plays each
candidate out on those sampled states; it never sees the real state.
"""

from games.cards import SUIT_INDEX, SUITS
from games.crazy_eights import apply, card_points, fits, legal_moves, result, sample_state

EIGHT = "8"
# Draw instead of spending an eight while the opponents are far from going out.
EARLY_MIN_OPPONENT_CARDS = 4
EARLY_MIN_STOCK = 8
# Hard: a fixed sample count keeps decisions deterministic for a seed.
HARD_SAMPLES = 24
ROLLOUT_STEP_LIMIT = 400
W_OPP_CARDS = 4.0
W_CAN_PLAY = 6.0
W_PRIOR = 5.0


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
            if draw is not None and early and not only_eights and len(hand) <= 5:
                return draw
            card = eights[0]
            return _eight_move(legal_moves, card, choose_suit(hand, card))
        return _find(legal_moves, "draw") or legal_moves[0]

    def _score(self, card, hand, view, next_count):
        """Higher is better: shed points, keep a suit we can follow, change suit against a short hand."""
        follow = _suit_counts(hand, card)[card[1]]
        score = card_points(card) + 3 * follow
        if next_count <= 2 and card[1] != view["suit"]:
            score += 15
        return score

    def _after_draw(self, view, legal_moves, hand, drawn, danger):
        keep = _find(legal_moves, "keep")
        if drawn[0] != EIGHT:
            return next(m for m in legal_moves if m.get("card") == drawn)
        if danger <= 2 or len(hand) <= 2:
            return _eight_move(legal_moves, drawn, choose_suit(hand, drawn))
        return keep


def _remember(view, memory) -> tuple[list, dict]:
    """Card counting across this seat's turns.

    Returns the cards known to lie buried under the top of the pile (seen on
    top since the last reshuffle) and, per seat, a suit that seat has just
    shown it lacks (it drew on that suit and kept, or drew and passed).
    """
    voids = {}
    last = view["last_move"]
    if last is not None and last["type"] in ("keep", "draw") and last["seat"] != view["seat"]:
        if last["type"] == "keep" or last.get("outcome") == "pass":
            voids[str(last["seat"])] = view["suit"]
    if memory is None:
        return [], voids
    key = [view["hand_number"], view["dealer"]]
    if memory.get("hand") != key or memory.get("reshuffles") != view["reshuffles"]:
        memory["hand"] = key
        memory["reshuffles"] = view["reshuffles"]
        memory["buried"] = []
        memory["top"] = None
    top = memory.get("top")
    buried = memory["buried"]
    if top is not None and top != view["discard_top"] and top not in buried and view["discard_count"] > 1:
        buried.append(top)
    memory["top"] = view["discard_top"]
    return list(buried), voids


def _apply_voids(state, voids, rng) -> None:
    """Move the cards of a suit a seat has shown it lacks out of its sampled hand, into the stock.

    One card of the suit may be the card it kept, so a single one stays when present.
    """
    stock = state["stock"]
    for seat_key, suit in voids.items():
        hand = state["hands"][int(seat_key)]
        of_suit = [i for i, c in enumerate(hand) if c[1] == suit and c[0] != EIGHT]
        swaps = [i for i, c in enumerate(stock) if c[1] != suit]
        for i in of_suit[1:]:
            if not swaps:
                break
            j = swaps.pop(rng.randrange(len(swaps)))
            hand[i], stock[j] = stock[j], hand[i]


def _rollout_move(state, seat):
    """A fast state-level policy for playouts: play the drawn card, shed the highest card, eights last."""
    moves = legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    hand = state["hands"][seat]
    drawn = state["drawn"]
    if drawn is not None:
        card = drawn
    else:
        best = None
        best_points = -1
        eight = None
        top = state["discard"][-1]
        suit = state["suit"]
        for c in hand:
            if fits(c, top, suit):
                if c[0] == EIGHT:
                    eight = c
                elif card_points(c) > best_points:
                    best, best_points = c, card_points(c)
        card = best or eight
        if card is None:
            return moves[-1]
    if card[0] == EIGHT:
        return {"type": "play", "card": card, "suit": choose_suit(hand, card)}
    return {"type": "play", "card": card}


def _utility(state, seat) -> float:
    scores = result(state)["scores"]
    mine = scores[str(seat)]
    others = [v for k, v in scores.items() if k != str(seat)]
    return mine - max(others)


class HardBot:
    """Card counting plus determinized rollouts over one round of play.

    Candidates are scored by a heuristic prior (the normal bot's shedding and
    suit-following, without its early draws) plus the average outcome of
    rolling every other seat forward with a simple policy until this seat is
    to move again, on states sampled from the view: opponents' cards gained
    or shed, eights they spent, and whether this seat can then play.
    """

    level = "hard"

    def __init__(self, samples=HARD_SAMPLES, w_opp=W_OPP_CARDS, w_play=W_CAN_PLAY, w_prior=W_PRIOR, eight_prior=0.0):
        self.samples = samples
        self.eight_prior = eight_prior
        self.w_opp = w_opp
        self.w_play = w_play
        self.w_prior = w_prior

    def choose(self, view, legal_moves, rng, memory=None):
        seen, voids = _remember(view, memory)
        move = self._search(view, legal_moves, rng, seen, voids)
        if memory is not None and move["type"] == "play":
            # The card played covers the current top: both are then known.
            if view["discard_top"] not in memory["buried"]:
                memory["buried"].append(view["discard_top"])
            memory["top"] = move["card"]
        return move

    def _search(self, view, legal_moves, rng, seen, voids):
        if len(legal_moves) == 1:
            return legal_moves[0]
        seat = view["seat"]
        candidates = self._candidates(view, legal_moves, voids)
        if len(candidates) == 1:
            return candidates[0]
        totals = [self.w_prior * self._prior(view, move) for move in candidates]
        weight = 1.0 / self.samples
        for _ in range(self.samples):
            base = sample_state(view, rng, seen=seen)
            if voids:
                _apply_voids(base, voids, rng)
            for i, move in enumerate(candidates):
                totals[i] += weight * self._round(base, seat, move)
        best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def _candidates(self, view, legal_moves, voids):
        """Distinct choices: each card once (an eight with the suit chosen by counting), draw, keep."""
        hand = view["hand"]
        out = []
        cards = set()
        for move in legal_moves:
            card = move.get("card")
            if card is None:
                out.append(move)
            elif card not in cards:
                cards.add(card)
                if card[0] == EIGHT:
                    suit = self._declare(view, hand, card, voids)
                    out.append(_eight_move(legal_moves, card, suit))
                else:
                    out.append(move)
        return out

    def _declare(self, view, hand, card, voids):
        """The suit held most; ties go to a suit the next seat has shown it lacks, then points held."""
        counts = _suit_counts(hand, card)
        nxt = str((view["seat"] + 1) % view["players"])
        lacking = voids.get(nxt)
        points = dict.fromkeys(SUITS, 0)
        for c in hand:
            if c != card and c[0] != EIGHT:
                points[c[1]] += card_points(c)
        return max(SUITS, key=lambda s: (counts[s], s == lacking, points[s], -SUIT_INDEX[s]))

    def _prior(self, view, move) -> float:
        """The heuristic value of a move before any search: shed points, keep a suit to follow, save eights."""
        hand = view["hand"]
        kind = move["type"]
        if kind == "play":
            card = move["card"]
            if card[0] == EIGHT:
                return self.eight_prior
            return card_points(card) + 3 * _suit_counts(hand, card)[card[1]]
        if kind == "keep":
            return -5.0
        return -20.0  # draw

    def _round(self, base, seat, move) -> float:
        """Play ``move``, then the other seats with the simple policy until ``seat`` is to move again."""
        before = [len(h) for h in base["hands"]]
        state = apply(base, seat, move)
        if state["turn"] == seat and state["end"] is None:
            state = apply(state, seat, _rollout_move(state, seat))  # a pending drawn card: play it
        steps = 0
        while state["end"] is None and state["turn"] != seat and steps < ROLLOUT_STEP_LIMIT:
            turn = state["turn"]
            state = apply(state, turn, _rollout_move(state, turn))
            steps += 1
        if state["end"] is not None:
            return _utility(state, seat)
        value = 0.0
        hands = state["hands"]
        for s, hand in enumerate(hands):
            if s != seat:
                value += self.w_opp * (len(hand) - before[s])
        mine = hands[seat]
        value -= 2.0 * (len(mine) - before[seat])
        top = state["discard"][-1]
        if any(c[0] != EIGHT and fits(c, top, state["suit"]) for c in mine):
            value += self.w_play
        return value


BOTS = {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}
