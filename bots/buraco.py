"""Buraco bots: easy (random), normal (a heuristic draw, then the turn planner's greedy
sequence), hard (the planner with a wider search, the draw chosen by planning both draws, and
what the opponents took from the pile kept in memory).

Every bot decides from one seat's ``view`` and its ``legal_moves`` only, plus ``memory``, a
JSON-safe dict it keeps across its own turns (bots/buraco_plan.py). It never sees the real
state, the partner's hand or the stock: the hard bot's stock draws are drawn from the cards the
view does not show.
"""

from bots import buraco_plan as plan
from games.buraco.heuristics import keep_scores
from games.buraco.runs import CANASTRA_BONUS, arrange, canastra_kind, make_run
from games.buraco.scoring import cards_value
from games.buraco.views import unseen_cards
from games.cards import RANK_INDEX, SUIT_INDEX

# Normal: what a run is worth beyond its cards, and what a wild 2 costs when spent.
WILD_COST = 45  # a 2 spent on a run that does not become a canastra
SPOIL_CLEAN = 160  # a 2 added to a clean run of five or more (a clean canastra in the making)
CARD_WORTH = 8  # each card laid down: fewer cards in hand, closer to the morto
GROWTH_TO_SEVEN = 6  # per card a run gains toward seven
PILE_TAKE = 3  # pile usefulness needed to take it
LATE_STOCK = 6  # with so few stock cards left a big pile is mostly penalty
AVERAGE_HIDDEN_CARD = 7  # the value a hidden card in hand is expected to cost
# Hard: fixed counts keep decisions deterministic for a seed.
HARD_BEAM = 3  # sequences of lay-downs kept at each step of the plan
HARD_STOCK_SAMPLES = 12  # unseen cards the turn is planned with, for the stock draw
PILE_MARGIN = (
    -15
)  # the pile is taken unless its plan falls this far short of the stock's (it spares the stock: more turns)
GOING_OUT_MARGIN = 60  # the batida is made unless it leaves the team this far behind


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


def _going_out_pays(view) -> bool:
    team = view["team"]
    return _estimate(view, team, out=True) >= _estimate(view, _other(team))


class NormalBot:
    """Draws by how much the pile helps, then plays the turn planner's greedy sequence:
    clean canastras first, 2s kept for the right run, the morto and the batida when in reach."""

    level = "normal"
    beam = 1
    graded = False  # the discard charges every opponent run alike (``plan.discard_costs``)

    def choose(self, view, legal_moves, rng, memory=None):
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view["phase"] == "draw":
            return self.draw(view, legal_moves)
        return self.play(view, legal_moves, memory)

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

    def going_out(self, view, state) -> bool:
        return _going_out_pays(view)

    def play(self, view, legal_moves, memory=None):
        found = plan.plan_turn(view, memory, beam=self.beam, going_out=self.going_out, graded=self.graded)
        move = found.moves[0] if found.moves else None
        if move is None or move not in legal_moves:
            # the planner found nothing legal (it cannot happen by the rules): the least useful discard
            discards = [m for m in legal_moves if m["type"] == "discard"]
            if not discards:
                return max(legal_moves, key=lambda m: (_lay_score(view, m), _key(m)))
            move = {"type": "discard", "card": ranked_discards(view, {m["card"] for m in discards})[0]}
        if move["type"] == "discard":
            move = self.last_discard(view, move, legal_moves)
            plan.remember_discard(view, memory, move["card"])
        return move

    def last_discard(self, view, move, legal_moves):
        """The discard the plan chose (the hard bot may keep another card for the batida)."""
        return move


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


class HardBot(NormalBot):
    """The planner with three sequences kept at each step, the draw chosen by planning the turn
    with the pile's known cards against the turn with stock cards drawn from the unseen ones,
    the discard that feeds least what the opponents took from the pile, the batida weighed
    against what the opponents are about to make, and, once the team may end the hand, the last
    cards kept for the most ways to go out."""

    level = "hard"
    beam = HARD_BEAM
    graded = True

    def choose(self, view, legal_moves, rng, memory=None):
        if memory is not None:
            plan.track(view, memory)
        return (
            super().choose(view, legal_moves, rng, memory)
            if view["phase"] != "draw" or len(legal_moves) == 1
            else self.draw_planned(view, legal_moves, rng, memory)
        )

    def recall(self, view, move, memory) -> None:
        """``memory`` as this bot would keep it had it made ``move`` at ``view`` (what ``choose`` writes)."""
        plan.track(view, memory)
        if move["type"] == "discard":
            plan.remember_discard(view, memory, move["card"])

    def draw_planned(self, view, legal_moves, rng, memory):
        take = {"type": "draw_discard"}
        stock = {"type": "draw_stock"}
        if take not in legal_moves or stock not in legal_moves:
            return legal_moves[0]
        hand = list(view["hand"])
        with_pile = plan.plan_turn(
            view,
            memory,
            beam=self.beam,
            hand=hand + list(view["discard"]),
            going_out=self.going_out,
            graded=self.graded,
        ).value
        unseen = unseen_cards(view)
        draws = rng.sample(unseen, min(HARD_STOCK_SAMPLES, len(unseen))) if unseen else []
        if not draws:
            return take
        from_stock = sum(
            plan.plan_turn(view, memory, beam=1, hand=hand + [c], going_out=self.going_out, graded=self.graded).value
            for c in draws
        ) / len(draws)
        return take if with_pile > from_stock + PILE_MARGIN else stock

    def last_discard(self, view, move, legal_moves):
        """Once the team may end the hand, with few cards left: keep the cards that go out with
        the most of the unseen cards (the next draw), the plan's discard between equals."""
        hand = view["hand"]
        if not plan.discards_for_outs(view):
            return move
        allowed = {m["card"] for m in legal_moves if m["type"] == "discard"}
        best, best_outs = move["card"], None
        for card in [move["card"]] + sorted(allowed - {move["card"]}, key=_canonical):
            kept = list(hand)
            kept.remove(card)
            outs = plan.outs(view, kept)
            if best_outs is None or outs > best_outs:
                best, best_outs = card, outs
        return {"type": "discard", "card": best}

    def going_out(self, view, state) -> bool:
        team = view["team"]
        other = _other(team)
        if view["stock_count"] <= LATE_STOCK:
            return True
        opponents_ready = view["morto_taken"][other] and view["clean_canastra"][other]
        return opponents_ready or _estimate(view, team, out=True) + GOING_OUT_MARGIN >= _estimate(view, other)


BOTS = {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}

__all__ = ["BOTS", "EasyBot", "HardBot", "NormalBot"]
